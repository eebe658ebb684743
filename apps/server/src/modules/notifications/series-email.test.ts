// Emails about a series (decision 0150): one message per person per change, listing every session, with one invite
// carrying the live sessions, or the cancelled ones as METHOD:CANCEL (decision 0222). Against a real SMTP receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { daysAhead } from '../../../test/schedule/schedule-helpers';
import { postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { type Mailer } from './mailer';
import { NotificationWorker } from './notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let c: SeriesCentre;

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp('https://care.example.test'));
  c = await seriesCentre(t, 'Series Mail School');
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));

const worker = () => new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: 'https://care.example.test', retryBaseMs: 1_000 });
const calendarOf = (mail: SmtpReceiver['received'][number]['mail']) => mail.attachments.find((f) => f.contentType.startsWith('text/calendar'))!.content.toString();

describe('series emails', () => {
  it('a booking of three sessions is one email to each party, its invite carrying all three; cancelling two is one more each', async () => {
    const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(30), '10:00', { count: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const series = res.json().data;
    await worker().runDue();
    await smtp.waitFor(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([c.client.user.email, c.counselor.user.email].sort());
    for (const { mail } of smtp.received) {
      expect(mail.subject).toMatch(/^Series booked: 3 appointments from /);
      expect(mail.text).toContain('booked a series of 3 appointments (weekly), the first on');
      expect(mail.text).toMatch(/1 of 3: .*\(pending\)\n2 of 3: .*\(pending\)\n3 of 3: .*\(pending\)/);
      const ics = calendarOf(mail);
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
      for (const a of series.appointments) expect(ics).toContain(`UID:${a.uuid}@kalinga`);
      // Who, when and where only (decision 0123): never the reason.
      expect(ics).not.toContain('Weekly sessions this term');
      expect(mail.text).not.toContain('Weekly sessions this term');
    }

    smtp.received.length = 0;
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/appointment-series/${series.uuid}`, headers: c.counselor.headers, payload: { from: series.appointments[1].uuid, scope: 'following', status: 'cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await worker().runDue();
    await smtp.waitFor(1);
    expect(smtp.received.map((m) => m.to[0])).toEqual([c.client.user.email]);
    const [{ mail }] = smtp.received;
    expect(mail.subject).toMatch(/^Series cancelled: 2 appointments from /);
    // A cancellation's invite removes the cancelled sessions (METHOD:CANCEL, decision 0222); the one left stays as it was.
    const ics = calendarOf(mail);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics.match(/STATUS:CANCELLED/g)).toHaveLength(2);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).not.toContain(`UID:${series.appointments[0].uuid}@kalinga`);
  });
});
