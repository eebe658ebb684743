// Emails in the recipient's language (decisions 0246, 0247, 0258): the appointment confirmation (as every email) is
// written in the recipient's own language, else the company's default, else English.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
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

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  c = await makeCentre(t, 'Paaralang Wika');
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));
beforeEach(async () => {
  await t.db.deleteFrom('outbox').execute();
  smtp.received.length = 0;
  await t.db.updateTable('users').set({ language: null }).where('id', '=', c.client.user.id).execute();
  await t.db.updateTable('settings').set({ default_language: null }).where('company_id', '=', c.admin.companyId).execute();
});

const worker = () => new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL, retryBaseMs: 1_000 });

/** Books and confirms an appointment, sends the client's confirmation (only), and returns the mail they received. */
async function confirmationToClient(kind: 'confirmed' | 'booked' = 'confirmed') {
  const a = await book(t, c);
  await change(t, c.counselor, a.uuid, { status: 'confirmed' });
  await t.db.deleteFrom('outbox').where((eb) => eb.or([eb('kind', '!=', kind), eb('recipient_id', '!=', c.client.user.id)])).execute();
  const count = smtp.count();
  expect(await worker().runDue()).toBe(1);
  await smtp.waitFor(count + 1);
  return { mail: smtp.received.find((m) => m.to.includes(c.client.user.email))!.mail, uuid: a.uuid };
}

describe('the appointment confirmation in the recipient\'s language', () => {
  it('is in Filipino for a client who chose Filipino: subject, greeting, what happened, details and link', async () => {
    await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', c.client.user.id).execute();
    const { mail, uuid } = await confirmationToClient();
    expect(mail.subject).toMatch(/^Kumpirmado ang appointment: /);
    expect(mail.text).toContain('Magandang araw, ');
    expect(mail.text).toMatch(/Kinumpirma ni .+ ang appointment sa /);
    expect(mail.text).toContain('Counselor: Counselor of Paaralang Wika');
    expect(mail.text).toContain('Saan: Online');
    expect(mail.text).toContain(`Buksan ang appointment: ${PUBLIC_URL}/appointments?open=${uuid}`);
    expect(String(mail.html)).toContain('<html lang="fil">');
    // The date in the Philippine Filipino locale, not English.
    expect(mail.text).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    expect(mail.text).not.toMatch(/Hello|Where:|Open the appointment/);
  });

  it('follows the company\'s default when the client chose none, and is English (verbatim) when neither is set', async () => {
    await t.db.updateTable('settings').set({ default_language: 'fil' }).where('company_id', '=', c.admin.companyId).execute();
    expect((await confirmationToClient()).mail.subject).toMatch(/^Kumpirmado ang appointment: /);
    await t.db.updateTable('settings').set({ default_language: null }).where('company_id', '=', c.admin.companyId).execute();
    smtp.received.length = 0;
    const { mail } = await confirmationToClient();
    expect(mail.subject).toMatch(/^Appointment confirmed: /);
    expect(mail.text).toMatch(/^Hello /);
    expect(mail.text).toMatch(/ confirmed the appointment on /);
    expect(mail.text).toContain('Where: Online');
  });

  it('the client\'s own English wins over a Filipino default', async () => {
    await t.db.updateTable('settings').set({ default_language: 'fil' }).where('company_id', '=', c.admin.companyId).execute();
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', c.client.user.id).execute();
    expect((await confirmationToClient()).mail.subject).toMatch(/^Appointment confirmed: /);
  });
});

describe('every other appointment email in the recipient\'s language', () => {
  it('a cancellation to a client who reads Filipino: Filipino words, a Filipino date, and its invite in Filipino', async () => {
    await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', c.client.user.id).execute();
    const a = await book(t, c);
    await change(t, c.counselor, a.uuid, { status: 'cancelled', cancellation_reason: 'Personal' });
    await t.db.deleteFrom('outbox').where((eb) => eb.or([eb('kind', '!=', 'cancelled'), eb('recipient_id', '!=', c.client.user.id)])).execute();
    const count = smtp.count();
    expect(await worker().runDue()).toBe(1);
    await smtp.waitFor(count + 1);
    const mail = smtp.received.find((m) => m.to.includes(c.client.user.email))!.mail;
    expect(mail.subject).toMatch(/^Kinansela ang appointment: /);
    expect(mail.text).toMatch(/Kinansela ni Counselor of Paaralang Wika ang appointment sa /);
    expect(mail.text).not.toMatch(/Hello|cancelled|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    const ics = String(mail.attachments?.[0]?.content ?? '');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('SUMMARY:Appointment sa counseling');
  });
});
