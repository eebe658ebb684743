// What an email and its calendar invite may carry (docs/decisions/0123-what-emails-say.md): who,
// when and where, and a link to the app; never the reason, the notes or the category; and no value can forge a line
// of the plain-text part (a name with a line break and "Bcc:").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { oneLine } from './email-text';
import { type Mailer } from './mailer';
import { NotificationWorker } from './notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { book, type Centre, change, makeCentre } from '../../../test/notifications/centre-helpers';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let c: Centre;
const PUBLIC_URL = 'https://care.example.test';
const REASON = 'Panic attacks since my father died';
const NOTES = 'Counselor only: refer to psychiatry';
const FORGED = 'Ana\r\nBcc: spy@evil.example\r\n\r\nYour appointment was moved, call 0917 000 0000';

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  c = await makeCentre(t, 'Private School');
  // A client whose name (set through any form) carries line breaks and a header-like line.
  await t.db.updateTable('users').set({ name: FORGED }).where('id', '=', c.client.user.id).execute();
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));
beforeEach(async () => {
  await t.db.deleteFrom('outbox').execute();
  smtp.received.length = 0;
});

const worker = () => new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL, retryBaseMs: 1_000 });

/** Everything a recipient's mail system sees of the message: subject, both parts and every attachment. */
function everything(mail: SmtpReceiver['received'][number]['mail']): string {
  return [mail.subject ?? '', mail.text ?? '', String(mail.html || ''), ...mail.attachments.map((f) => f.content.toString())].join('\n');
}

describe('notification emails and invites', () => {
  it('say who, when and where and link to the app; never the reason, the notes or the category', async () => {
    const a = await book(t, c);
    await t.db.updateTable('appointments').set({ reason: REASON, notes: NOTES }).where('id', '=', a.id).execute();
    await change(t, c.counselor, a.uuid, { status: 'confirmed' });
    await t.db.deleteFrom('outbox').where('kind', '!=', 'confirmed').execute();
    const count = smtp.count();
    expect(await worker().runDue()).toBeGreaterThan(0);
    await smtp.waitFor(count + 1);
    const { mail } = smtp.received.find((m) => m.to.includes(c.client.user.email))!;
    const seen = everything(mail);
    expect(seen).not.toContain('Panic attacks');
    expect(seen).not.toContain('psychiatry');
    expect(seen).not.toContain('Academic Stress');
    expect(seen).not.toMatch(/Reason|Notes|Category/);
    expect(mail.text).toContain('Counselor: Counselor of Private School');
    expect(mail.text).toContain('Where: Online');
    expect(mail.text).toContain(`${PUBLIC_URL}/appointments?open=${a.uuid}`);
    const ics = mail.attachments.find((f) => f.contentType.startsWith('text/calendar'))!.content.toString();
    expect(ics.replace(/\r\n /g, '')).toContain(`Details: ${PUBLIC_URL}/appointments?open=${a.uuid}`);
    expect(ics).toContain('SUMMARY:Counselling appointment\r\n');
  });

  it('a cancellation reason stays on the server', async () => {
    const a = await book(t, c);
    await t.db.deleteFrom('outbox').execute();
    await change(t, c.counselor, a.uuid, { status: 'cancelled', cancellation_reason: REASON });
    await t.db.updateTable('outbox').set({ reason: REASON }).where('kind', '=', 'cancelled').execute();
    const count = smtp.count();
    await worker().runDue();
    await smtp.waitFor(count + 1);
    for (const { mail } of smtp.received) expect(everything(mail)).not.toContain('Panic attacks');
  });

  it('a name with line breaks forges no line (no "Bcc:") in the plain-text part and reaches no other mailbox', async () => {
    await book(t, c);
    const count = smtp.count();
    await worker().runDue();
    await smtp.waitFor(count + 1);
    const recipients = smtp.received.flatMap((m) => m.to);
    expect(recipients).not.toContain('spy@evil.example');
    for (const { mail } of smtp.received) {
      const lines = (mail.text ?? '').split(/\r\n|\r|\n/);
      expect(lines.some((l) => /^\s*Bcc:/i.test(l))).toBe(false);
      expect(lines.some((l) => l.startsWith('Your appointment was moved'))).toBe(false);
      // No control character but the lines' own breaks.
      expect([...(mail.text ?? '')].filter((ch) => (ch < ' ' && ch !== '\n' && ch !== '\r') || ch === '\u007f')).toEqual([]);
    }
  });

  it('oneLine turns every control character and line separator into a space', () => {
    expect(oneLine('a\r\nb\tc\u0000d\u2028e\u0085f')).toBe('a  b c d e f');
    expect(oneLine('Juan Dela Cruz')).toBe('Juan Dela Cruz');
  });
});
