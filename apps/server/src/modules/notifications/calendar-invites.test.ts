// Invites as a calendar reads them (decision 0222): every change of an appointment is a new version of its event
// (same UID, higher SEQUENCE; METHOD:REQUEST or METHOD:CANCEL, RFC 5546), so a calendar fed the emails in any order
// ends with the latest state, cancellations included; and a "Series booked" email sent after a session was cancelled
// still describes what was booked. The invites are parsed with ical.js, applied as RFC 5546 says an attendee's
// calendar applies them. Against a real SMTP receiver; both databases.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { type Mailer } from './mailer';
import { NotificationWorker } from './notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let c: SeriesCentre;

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp('https://care.example.test'));
  c = await seriesCentre(t, 'Invite School');
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));

interface Held {
  sequence: number;
  stamp: number;
  start: string;
  status: string;
}

/**
 * An attendee's calendar (RFC 5546 section 2.1.5): a message about an event it holds is applied only when its
 * SEQUENCE is higher, or equal with a later DTSTAMP; REQUEST adds or updates, CANCEL marks the event cancelled.
 */
function applyInvite(calendar: Map<string, Held>, ics: string): void {
  const root = new ICAL.Component(ICAL.parse(ics));
  const method = String(root.getFirstPropertyValue('method'));
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const stamp = (component.getFirstPropertyValue('dtstamp') as ICAL.Time).toUnixTime();
    const held = calendar.get(event.uid);
    if (held && (event.sequence < held.sequence || (event.sequence === held.sequence && stamp <= held.stamp))) continue;
    const status = method === 'CANCEL' ? 'CANCELLED' : String(component.getFirstPropertyValue('status'));
    calendar.set(event.uid, { sequence: event.sequence, stamp, start: event.startDate.toJSDate().toISOString(), status });
  }
}

const worker = () => new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: 'https://care.example.test', retryBaseMs: 1_000 });
type Mail = SmtpReceiver['received'][number]['mail'];
const calendarOf = (mail: Mail) => mail.attachments.find((f) => f.contentType.startsWith('text/calendar'))?.content.toString() ?? null;

/** Sends what is due and returns the client's emails (in the order received), then forgets them. */
async function clientMail(expected: number): Promise<Mail[]> {
  await worker().runDue();
  await smtp.waitFor(expected);
  const mine = smtp.received.filter((m) => m.to[0] === c.client.user.email).map((m) => m.mail);
  smtp.received.length = 0;
  return mine;
}

const put = (uuid: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: c.counselor.headers, payload });

describe('calendar invites carry versions', () => {
  it('booked, confirmed, moved, cancelled: each invite a higher SEQUENCE; a calendar fed them in any order ends cancelled', async () => {
    const date = daysAhead(40);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: c.admin.headers,
      payload: { counselor_id: c.counselor.user.id, student_id: c.client.user.id, appointment_date: await instantOf(t.app, c.admin, c.counselor.user.id, date, '09:00'), reason: 'Private', category_id: c.categoryId, location_type: 'online' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const uuid: string = res.json().data.uuid;
    const invites: string[] = [];
    invites.push(calendarOf((await clientMail(2))[0])!);
    expect((await put(uuid, { status: 'confirmed' })).statusCode).toBe(200);
    invites.push(calendarOf((await clientMail(1))[0])!);
    const later = await instantOf(t.app, c.admin, c.counselor.user.id, date, '11:00');
    expect((await put(uuid, { appointment_date: later })).statusCode).toBe(200);
    invites.push(calendarOf((await clientMail(1))[0])!);
    expect((await put(uuid, { status: 'cancelled' })).statusCode).toBe(200);
    const cancelMail = (await clientMail(1))[0];
    const cancel = calendarOf(cancelMail);
    expect(cancel, 'the cancellation carries an invite').not.toBeNull();
    invites.push(cancel!);

    expect(invites.map((ics) => /METHOD:(\w+)/.exec(ics)![1])).toEqual(['REQUEST', 'REQUEST', 'REQUEST', 'CANCEL']);
    const sequences = invites.map((ics) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]));
    for (let i = 1; i < sequences.length; i++) expect(sequences[i]).toBeGreaterThan(sequences[i - 1]);
    for (const ics of invites) expect(ics).toContain(`UID:${uuid}@kalinga`);

    for (const order of [invites, [...invites].reverse(), [invites[3], invites[0], invites[2], invites[1]]]) {
      const calendar = new Map<string, Held>();
      for (const ics of order) applyInvite(calendar, ics);
      expect(calendar.get(`${uuid}@kalinga`)).toMatchObject({ status: 'CANCELLED', start: later });
    }
    // Before the cancellation, the move was applied: the calendar shows the new time.
    const moved = new Map<string, Held>();
    for (const ics of invites.slice(0, 3)) applyInvite(moved, ics);
    expect(moved.get(`${uuid}@kalinga`)).toMatchObject({ status: 'CONFIRMED', start: later });
  });

  it('"Series booked" sent after a session was cancelled describes what was booked; the cancellation removes that session', async () => {
    const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(60), '10:00', { count: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const series = res.json().data as { appointments: { uuid: string }[] };
    // Cancelled a moment after booking, before the worker sent the booking's emails.
    expect((await put(series.appointments[1].uuid, { status: 'cancelled' })).statusCode).toBe(200);
    const mails = await clientMail(3);
    const booked = mails.find((m) => m.subject?.startsWith('Series booked'))!;
    const cancelled = mails.find((m) => m.subject?.startsWith('Appointment cancelled'))!;
    expect(booked.text).toMatch(/1 of 3: .*\(pending\)\n2 of 3: .*\(pending\)\n3 of 3: .*\(pending\)/);
    const bookedIcs = calendarOf(booked)!;
    expect(bookedIcs).toContain('METHOD:REQUEST');
    expect(bookedIcs.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const cancelIcs = calendarOf(cancelled)!;
    expect(cancelIcs).toContain('METHOD:CANCEL');

    for (const order of [[bookedIcs, cancelIcs], [cancelIcs, bookedIcs]]) {
      const calendar = new Map<string, Held>();
      for (const ics of order) applyInvite(calendar, ics);
      expect(series.appointments.map((a) => calendar.get(`${a.uuid}@kalinga`)?.status)).toEqual(['TENTATIVE', 'CANCELLED', 'TENTATIVE']);
    }
  });

  it('the version is the database\u2019s: a change of a field a calendar does not show leaves it; a change of place raises it', async () => {
    const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(90), '10:00', { count: 2 }));
    const uuid: string = res.json().data.appointments[0].uuid;
    const sequence = async () => (await t.db.selectFrom('appointments').select('ics_sequence').where('uuid', '=', uuid).executeTakeFirstOrThrow()).ics_sequence;
    expect(await sequence()).toBe(0);
    expect((await put(uuid, { reason: 'Another reason' })).statusCode).toBe(200);
    expect(await sequence()).toBe(0);
    expect((await put(uuid, { location_type: 'on-site', location: 'Room 2' })).statusCode).toBe(200);
    expect(await sequence()).toBe(1);
    smtp.received.length = 0;
    await worker().runDue();
    smtp.received.length = 0;
  });
});
