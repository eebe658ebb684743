// Reminders of group sessions (decision 0321): each member and both facilitators get the in-app reminder (and its
// email) as for an appointment, once, even with two workers on their own connections racing for the due rows; none
// for a cancelled session or a member who left. Run on PostgreSQL too (DATABASE_URL), where the claims overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';
import { createDatabase } from '../../db/database';
import { EMAIL_WRITERS } from '../../email-writers';
import { createMailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';

let t: TestApp;
let smtp: SmtpReceiver;
let c: GroupCentre;
let sessions: { id: number; uuid: string; starts_at: string }[];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url });
  c = await groupCentre(t, 'Reminder Group School', 2);
  await t.db.updateTable('settings').set({ reminder_hours_before: 24 }).where('company_id', '=', c.admin.companyId).execute();
  const uuid = await createGroup(t, c, await groupBody(t, c, 4, '10:00', { name: 'Sleep and Worry', count: 3 }));
  for (const s of c.students) {
    const res = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: s.user.id } });
    expect(res.statusCode, res.body).toBe(200);
  }
  sessions = await t.db.selectFrom('group_sessions as s').innerJoin('groups as g', 'g.id', 's.group_id').select(['s.id', 's.uuid', 's.starts_at']).where('g.uuid', '=', uuid).orderBy('s.session_index').execute();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const reminderRows = (sessionId: number) =>
  t.db.selectFrom('outbox').select(['id', 'recipient_id', 'status', 'channel', 'due_at']).where('kind', '=', 'group_reminder').where('channel', '=', 'reminder').where('group_session_id', '=', sessionId).orderBy('recipient_id').execute();
const notices = () => t.db.selectFrom('notifications').select(['user_id', 'reason', 'appointment_date']).where('kind', '=', 'group_reminder').orderBy('user_id').execute();
/** Makes the session's reminders due now (they fall due 24 hours before it). */
const dueNow = (sessionId: number) => t.db.updateTable('outbox').set({ due_at: new Date(Date.now() - 1_000).toISOString() }).where('kind', '=', 'group_reminder').where('group_session_id', '=', sessionId).execute();

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

/**
 * Two workers, each with its own mailer, handle what is due at once: on PostgreSQL each on its own connection pool
 * (their claims really overlap); SQLite is one file written by one process, so there they share its connection.
 */
async function raceTwoWorkers(): Promise<number[]> {
  const pools = onPostgres ? [createDatabase(t.config.database), createDatabase(t.config.database)] : [t.db, t.db];
  const mailers = pools.map(() => createMailer(t.config.email!));
  try {
    const workers = pools.map((db, i) => new NotificationWorker(db, { writers: EMAIL_WRITERS, mailer: mailers[i], publicUrl: 'http://x.test', batchSize: 1 }));
    return await Promise.all(workers.map((w) => w.runDue()));
  } finally {
    for (const m of mailers) m.close();
    if (onPostgres) await Promise.all(pools.map((p) => p.destroy()));
  }
}

describe('group session reminders', () => {
  it('are queued for every member and both facilitators, due the centre reminder hours before each session', async () => {
    const everyone = [c.lead, c.co, ...c.students].map((a) => a.user.id).sort((a, b) => a - b);
    for (const s of sessions) {
      const rows = await reminderRows(s.id);
      expect(rows.map((r) => r.recipient_id)).toEqual(everyone);
      expect(rows.every((r) => r.channel === 'reminder' && r.status === 'pending' && r.due_at === new Date(Date.parse(s.starts_at) - 24 * 3_600_000).toISOString())).toBe(true);
    }
  });

  it('reach each member and facilitator once, in the bell and by email, with two workers racing', async () => {
    await t.db.deleteFrom('outbox').where('kind', '!=', 'group_reminder').execute();
    await dueNow(sessions[0].id);
    const sent = smtp.count();
    await raceTwoWorkers();
    await raceTwoWorkers(); // nothing is left to send twice
    const people = [c.lead, c.co, ...c.students].map((a) => a.user.id).sort((a, b) => a - b);
    expect((await notices()).map((n) => n.user_id)).toEqual(people);
    expect((await notices()).every((n) => n.reason === 'Sleep and Worry' && n.appointment_date === sessions[0].starts_at)).toBe(true);
    expect((await reminderRows(sessions[0].id)).every((r) => r.status === 'sent')).toBe(true);
    await smtp.waitFor(sent + people.length);
    const mails = smtp.received.slice(sent);
    expect(mails).toHaveLength(people.length);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(people.length);
    // A closed group's name is never in an email (decision 0277).
    expect(mails.every((m) => !(m.mail.subject ?? '').includes('Sleep and Worry'))).toBe(true);
  });

  it('are not sent for a cancelled session, nor to a member who left', async () => {
    const cancel = await t.app.inject({ method: 'POST', url: `/api/group-sessions/${sessions[1].uuid}/cancel`, headers: c.lead.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const group = await t.db.selectFrom('group_sessions as s').innerJoin('groups as g', 'g.id', 's.group_id').select('g.uuid').where('s.id', '=', sessions[2].id).executeTakeFirstOrThrow();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/groups/${group.uuid}/members/${c.students[0].user.id}`, headers: c.lead.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = (await notices()).length;
    await t.db.deleteFrom('outbox').where('kind', '!=', 'group_reminder').execute();
    await dueNow(sessions[1].id);
    await dueNow(sessions[2].id);
    await raceTwoWorkers();
    expect((await reminderRows(sessions[1].id)).every((r) => r.status === 'cancelled')).toBe(true);
    const third = await reminderRows(sessions[2].id);
    expect(third.find((r) => r.recipient_id === c.students[0].user.id)?.status).toBe('cancelled');
    expect(third.filter((r) => r.status === 'sent').map((r) => r.recipient_id).sort((a, b) => a - b)).toEqual([c.lead, c.co, c.students[1]].map((a) => a.user.id).sort((a, b) => a - b));
    expect((await notices()).length - before).toBe(3);
  });
});
