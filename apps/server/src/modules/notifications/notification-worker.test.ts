// The worker against a real SMTP receiver (decision 0067): what arrives (recipients, subject, the time in the company's
// zone, the .ics, the link), retries with back-off then failure, a crash between send and mark-sent, a restart,
// reminders falling due, and a server without SMTP_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { type Mailer } from './mailer';
import { EMAIL_NOT_CONFIGURED, NotificationWorker, retryDelay, type WorkerOptions } from './notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { book, type Centre, change, freeSlot, makeCentre, notificationsOf, outboxOf } from '../../../test/notifications/centre-helpers';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let c: Centre;
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://care.example.test';

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  c = await makeCentre(t, 'Mail School');
  await t.app.inject({ method: 'POST', url: '/api/settings', headers: c.admin.headers, payload: { timezone: 'America/New_York' } });
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));
beforeEach(async () => {
  // Each test starts from an empty outbox and receiver.
  await t.db.deleteFrom('outbox').execute();
  smtp.received.length = 0;
});

const worker = (options: Partial<Omit<WorkerOptions, 'writers'>> = {}) => new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL, retryBaseMs: 1_000, ...options });
const emailsOf = (appointmentId: number) => outboxOf(t, appointmentId).then((rows) => rows.filter((r) => r.channel === 'email'));

describe('sending notification emails', () => {
  it('a booking reaches the counselor: from the company, the time in its zone, the .ics and a link back', async () => {
    const a = await book(t, c);
    const count = smtp.count();
    expect(await worker().runDue()).toBe(1);
    await smtp.waitFor(count + 1);
    const [{ to, mail }] = smtp.received;
    expect(to).toEqual([c.counselor.user.email]);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Mail School', address: 'care@example.test' });
    const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' }).format(new Date(a.start));
    expect(mail.subject).toBe(`Appointment booked: ${when} (America/New_York)`);
    expect(mail.text).toContain(`Client of Mail School booked an appointment on ${when} (America/New_York).`);
    expect(mail.text).toContain('Counselor: Counselor of Mail School\nPersonnel: Client of Mail School\nWhere: Online');
    expect(mail.text).toContain(`${PUBLIC_URL}/appointments?open=${a.uuid}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/appointments?open=${a.uuid}"`);
    const ics = mail.attachments.find((f) => f.contentType.startsWith('text/calendar'));
    expect(ics?.filename).toBe('appointment.ics');
    const body = ics!.content.toString();
    expect(body).toContain(`UID:${a.uuid}@kalinga`);
    expect(body).toContain(`DTSTART:${a.start.replace(/[-:]/g, '').replace('.000', '')}`);
    const [row] = await emailsOf(a.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mail.messageId).toBe(row.message_id);
  });

  it('a cancellation names who cancelled (never why: decision 0123), to the client, with a METHOD:CANCEL invite (decision 0222)', async () => {
    const a = await book(t, c);
    await t.db.updateTable('appointments').set({ status: 'confirmed' }).where('id', '=', a.id).execute();
    await t.db.deleteFrom('outbox').execute();
    const res = await t.app.inject({ method: 'PUT', url: `/api/appointments/${a.uuid}`, headers: c.counselor.headers, payload: { status: 'cancelled' } });
    expect(res.statusCode).toBe(200);
    await t.db.updateTable('outbox').set({ reason: 'The counselor is ill' }).where('kind', '=', 'cancelled').execute();
    await worker().runDue();
    const [{ to, mail }] = smtp.received;
    expect(to).toEqual([c.client.user.email]);
    expect(mail.subject).toMatch(/^Appointment cancelled: /);
    expect(mail.text).toMatch(/Counselor of Mail School cancelled the appointment on \w+day, /);
    expect(mail.text).not.toContain('The counselor is ill');
    expect(mail.html).not.toContain('The counselor is ill');
    const ics = mail.attachments.map((f) => f.content.toString()).join('');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${a.uuid}@kalinga`);
    expect(ics).not.toContain('The counselor is ill');
  });

  it('a refused message is tried again after a growing, jittered delay, then failed with the reason', async () => {
    expect(retryDelay(1, 1000, 0)).toBe(500);
    expect(retryDelay(3, 1000, 1)).toBe(6000);
    expect(retryDelay(40, 1000, 0.5)).toBe(6 * HOUR);
    const a = await book(t, c);
    smtp.refuseNext(3, 451, 'Mailbox busy');
    let clock = Date.now();
    const w = worker({ now: () => clock, maxAttempts: 3 });
    await w.runDue();
    let [row] = await emailsOf(a.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/Mailbox busy/);
    const delay = Date.parse(row.due_at) - clock;
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(1500);
    expect(await w.runDue()).toBe(0); // not due yet
    clock = Date.parse(row.due_at);
    await w.runDue();
    [row] = await emailsOf(a.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    clock = Date.parse(row.due_at);
    await w.runDue();
    [row] = await emailsOf(a.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toMatch(/Mailbox busy/);
    expect(smtp.received).toEqual([]);
  });

  it('a permanent refusal (5xx) fails at once', async () => {
    const a = await book(t, c);
    smtp.refuseNext(1, 550, 'No such user');
    await worker().runDue();
    expect((await emailsOf(a.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a crash between send and mark-sent: after the lease the message goes again, at most twice, with the same Message-ID', async () => {
    const a = await book(t, c);
    const start = smtp.count();
    // The first worker's process "dies" right after its message went out: its send never returns.
    const dying: Mailer = { send: (m) => mailer.send(m).then(() => new Promise<void>(() => {})), close: () => {} };
    void worker({ mailer: dying, leaseMs: 60_000 }).runDue();
    await smtp.waitFor(start + 1);
    const [claimed] = await emailsOf(a.id);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    // Another worker (a restarted process) leaves it alone while the lease holds, then takes it over.
    expect(await worker().runDue()).toBe(0);
    await worker({ now: () => Date.now() + 61_000 }).runDue();
    await smtp.waitFor(start + 2);
    const [row] = await emailsOf(a.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((r) => r.mail.messageId)).toEqual([row.message_id, row.message_id]);
  });

  it('a restart loses nothing: rows due while no worker ran are sent by the next one; stop() finishes its batch', async () => {
    const booked = [await book(t, c), await book(t, c), await book(t, c)];
    const w = worker({ pollMs: 50 });
    const start = smtp.count();
    w.start();
    await smtp.waitFor(start + 3);
    await w.stop();
    for (const a of booked) expect((await emailsOf(a.id)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('reminders', () => {
  it('fall due: the in-app row and the email (with the .ics) for client and counselor, once', async () => {
    const a = await book(t, c);
    await change(t, c.counselor, a.uuid, { status: 'confirmed' });
    await worker().runDue();
    smtp.received.length = 0;
    const due = Date.parse(a.start) - 24 * HOUR;
    expect(await worker({ now: () => due - 1000 }).runDue()).toBe(0);
    const w = worker({ now: () => due + 1000 });
    await w.runDue();
    await w.runDue();
    const reminders = smtp.received.filter((r) => r.mail.subject?.startsWith('Reminder: '));
    expect(reminders.map((r) => r.to[0]).sort()).toEqual([c.client.user.email, c.counselor.user.email].sort());
    for (const r of reminders) expect(r.mail.attachments[0]?.contentType).toMatch(/^text\/calendar/);
    for (const who of [c.client, c.counselor]) {
      expect((await notificationsOf(t, who.user.id)).filter((n) => n.appointment_id === a.id && n.kind === 'reminder')).toHaveLength(1);
    }
  });

  it('a moved appointment is reminded at its new time only; a cancelled one not at all', async () => {
    const a = await book(t, c);
    const b = await book(t, c);
    const moved = await freeSlot(t, c);
    await change(t, c.counselor, a.uuid, { appointment_date: moved });
    await change(t, c.counselor, b.uuid, { status: 'cancelled' });
    const reminded = async () =>
      (await t.db.selectFrom('notifications').select('appointment_id').where('kind', '=', 'reminder').where('appointment_id', 'in', [a.id, b.id]).execute()).map((r) => r.appointment_id);
    // When the old reminders would have fallen due: nothing.
    await worker({ now: () => Date.parse(a.start) - 24 * HOUR + 1000 }).runDue();
    await worker({ now: () => Date.parse(b.start) - 24 * HOUR + 1000 }).runDue();
    expect(await reminded()).toEqual([]);
    await worker({ now: () => Date.parse(moved) - 24 * HOUR + 1000 }).runDue();
    expect(await reminded()).toEqual([a.id, a.id]);
  });

  it('a reminder whose appointment already started is dropped, saying why', async () => {
    const a = await book(t, c);
    await worker({ now: () => Date.parse(a.start) + 1000 }).runDue();
    const reminders = (await outboxOf(t, a.id)).filter((r) => r.channel === 'reminder');
    expect(reminders.map((r) => [r.status, r.last_error])).toEqual([
      ['cancelled', 'The appointment had already started.'],
      ['cancelled', 'The appointment had already started.'],
    ]);
  });
});

describe('without SMTP_URL', () => {
  it('emails are cancelled as they fall due (saying why); reminders still reach the app', async () => {
    const a = await book(t, c);
    const w = worker({ mailer: null });
    await w.runDue();
    expect((await emailsOf(a.id))[0]).toMatchObject({ status: 'cancelled', last_error: EMAIL_NOT_CONFIGURED });
    await w.runDue();
    const before = (await notificationsOf(t, c.client.user.id)).length;
    await worker({ mailer: null, now: () => Date.parse(a.start) - HOUR }).runDue();
    expect((await notificationsOf(t, c.client.user.id)).length).toBe(before + 1);
    expect((await emailsOf(a.id)).filter((r) => r.kind === 'reminder')).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});
