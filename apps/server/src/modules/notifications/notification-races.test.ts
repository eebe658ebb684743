// Several workers, several processes, one outbox (decision 0067): every message is sent once. The worker race runs on
// both databases (on PostgreSQL the claims really overlap: `for update skip locked`); the two server processes
// need PostgreSQL (SQLite is one file on one machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startServers, type Servers } from '../../../test/server-processes';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver';
import { createDatabase } from '../../db/database';
import { createMailer } from './mailer';
import { newMessageId } from './notification-events';
import { NotificationWorker } from './notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { book, type Centre, freeSlot, makeCentre } from '../../../test/notifications/centre-helpers';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');
let t: TestApp;
let smtp: SmtpReceiver;
let c: Centre;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url });
  c = await makeCentre(t, 'Race Mail School');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Waits until no outbox row is pending (the workers are done), polling the database. */
async function drained(timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await t.db.selectFrom('outbox').select('id').where('status', '=', 'pending').where('due_at', '<=', new Date().toISOString()).execute();
    if (left.length === 0) return;
    if (Date.now() > until) throw new Error(`${left.length} outbox rows still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const messageIds = () => smtp.received.map((r) => r.mail.messageId);

describe('workers racing for one outbox', () => {
  it('four workers on their own connections: 200 emails and 40 reminders, each handled exactly once', async () => {
    const a = await book(t, c);
    await t.db.deleteFrom('outbox').execute();
    smtp.received.length = 0;
    const now = new Date().toISOString();
    const base = { company_id: c.admin.companyId, appointment_id: a.id, actor_id: c.client.user.id, appointment_date: a.start, previous_date: null, reason: null, due_at: now, created_at: now };
    await t.db.insertInto('outbox').values(Array.from({ length: 200 }, () => ({ ...base, channel: 'email' as const, kind: 'booked' as const, recipient_id: c.counselor.user.id, message_id: newMessageId() }))).execute();
    await t.db.insertInto('outbox').values(Array.from({ length: 40 }, () => ({ ...base, channel: 'reminder' as const, kind: 'reminder' as const, recipient_id: c.client.user.id, message_id: newMessageId() }))).execute();
    const before = await t.db.selectFrom('notifications').select('id').where('kind', '=', 'reminder').execute();

    const pools = Array.from({ length: 4 }, () => createDatabase(t.config.database));
    const mailers = pools.map(() => createMailer(t.config.email!));
    try {
      const workers = pools.map((db, i) => new NotificationWorker(db, { writers: EMAIL_WRITERS, mailer: mailers[i], publicUrl: 'http://x.test', batchSize: 10 }));
      const handled = await Promise.all(workers.map((w) => w.runDue()));
      // 200 emails + 40 reminders + the 40 emails the reminders wrote.
      expect(handled.reduce((s, n) => s + n, 0)).toBe(280);
      if (onPostgres) expect(handled.filter((n) => n > 0).length).toBeGreaterThan(1);
    } finally {
      for (const m of mailers) m.close();
      await Promise.all(pools.map((p) => p.destroy()));
    }
    await smtp.waitFor(smtp.count());
    expect(smtp.received).toHaveLength(240);
    expect(new Set(messageIds()).size).toBe(240);
    const rows = await t.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const after = await t.db.selectFrom('notifications').select('id').where('kind', '=', 'reminder').execute();
    expect(after.length - before.length).toBe(40);
  }, 60_000);
});

describe.skipIf(!onPostgres)('two server processes, each with its worker', () => {
  let s1: Servers;
  let s2: Servers;
  beforeAll(async () => {
    [s1, s2] = await Promise.all([
      startServers(t.config.database, t.config.dataDir, 1, { SMTP_URL: smtp.url }),
      startServers(t.config.database, t.config.dataDir, 1, { SMTP_URL: smtp.url }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([s1?.stop(), s2?.stop()]);
  });

  async function call(server: Servers, method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': String(c.admin.companyId), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: { uuid: string; id: number } } };
  }

  it('a client books on one, the counselor confirms on the other, reminders fall due: each message arrives once', async () => {
    await t.db.deleteFrom('outbox').execute();
    smtp.received.length = 0;
    const start = await freeSlot(t, c, '11:00');
    const booked = await call(s1, 'POST', '/api/appointments', c.client.token, { counselor_id: c.counselor.user.id, appointment_date: start, reason: 'Two processes', category_id: c.categoryId, location_type: 'online' });
    expect(booked.status).toBe(201);
    const confirmed = await call(s2, 'PUT', `/api/appointments/${booked.body.data.uuid}`, c.counselor.token, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    await smtp.waitFor(2);
    // The reminders fall due now: both processes look for them.
    await t.db.updateTable('outbox').set({ due_at: new Date().toISOString() }).where('channel', '=', 'reminder').where('status', '=', 'pending').execute();
    await smtp.waitFor(4);
    await drained();
    const subjects = smtp.received.map((r) => `${r.to[0]} ${r.mail.subject?.split(':')[0]}`).sort();
    expect(subjects).toEqual(
      [`${c.counselor.user.email} Appointment booked`, `${c.client.user.email} Appointment confirmed`, `${c.client.user.email} Reminder`, `${c.counselor.user.email} Reminder`].sort(),
    );
    expect(new Set(messageIds()).size).toBe(4);
    const reminders = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'reminder').where('appointment_id', '=', booked.body.data.id).execute();
    expect(reminders.map((r) => r.user_id).sort()).toEqual([c.client.user.id, c.counselor.user.id].sort());
  }, 60_000);
});
