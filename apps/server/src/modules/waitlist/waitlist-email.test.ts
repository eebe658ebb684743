// The offer's email goes out through the outbox worker like every email (decision 0152): once, to the client, with
// when, with whom, until when it is held and the link to accept; never the reason they gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { type Mailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { api, client, freshDate, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';

const PUBLIC_URL = 'https://care.example.test';
let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let c: WaitCentre;

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  c = await waitCentre(t, 'Email Waitlist School');
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));

describe('the offer email', () => {
  it('is sent once to the client, with the time, the counselor, the hold and the link, and not the reason', async () => {
    const who = await client(t, c, 'Emailed Client');
    const res = await api(t.app, who, 'POST', '/api/waitlist', waitBody(c, freshDate(), { reason: 'Private worry about grades' }));
    expect(res.json().data.offer).not.toBeNull();
    const worker = new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL });
    await worker.runDue();
    await worker.runDue();
    const mails = smtp.received.filter((r) => r.to.includes(who.user.email));
    expect(mails).toHaveLength(1);
    const { mail } = mails[0];
    expect(mail.subject).toMatch(/^A time has opened for you: /);
    expect(mail.text).toContain('Counselor of Email Waitlist School');
    expect(mail.text).toContain('It is held for you until');
    expect(mail.text).toContain(`${PUBLIC_URL}/waitlist`);
    expect(mail.text).not.toContain('Private worry');
    const row = await t.db.selectFrom('outbox').select('status').where('recipient_id', '=', who.user.id).where('kind', '=', 'waitlist_offer').executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});
