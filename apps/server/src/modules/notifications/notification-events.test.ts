// Appointment changes write their notifications in the same transaction (decision 0067): in-app rows at once, emails and
// reminders to the outbox; reminders move and go with the appointment; a rolled-back change leaves nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, type TestApp } from '../../../test/harness';
import { REASSIGNED } from '../appointments/appointment-update.service';
import { setWeek } from '../../../test/schedule/schedule-helpers';
import { isPostgresDb } from '../../db/locks';
import { book, type Centre, change, freeSlot, makeCentre, notificationsOf, outboxOf } from '../../../test/notifications/centre-helpers';

let t: TestApp;
let c: Centre;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  c = await makeCentre(t, 'Events School');
});
afterAll(async () => t?.close());

describe('recording appointment events', () => {
  it('a client books: the counselor is told in the app and by email; reminders for both fall due 24 h before', async () => {
    const a = await book(t, c);
    const forCounselor = (await notificationsOf(t, c.counselor.user.id)).filter((n) => n.appointment_id === a.id);
    expect(forCounselor).toMatchObject([{ kind: 'booked', actor_id: c.client.user.id, appointment_date: a.start, company_id: c.admin.companyId, read_at: null }]);
    expect((await notificationsOf(t, c.client.user.id)).filter((n) => n.appointment_id === a.id)).toEqual([]);
    const rows = await outboxOf(t, a.id);
    expect(rows.filter((r) => r.channel === 'email').map((r) => [r.kind, r.recipient_id, r.status])).toEqual([['booked', c.counselor.user.id, 'pending']]);
    const reminders = rows.filter((r) => r.channel === 'reminder');
    expect(reminders.map((r) => r.recipient_id).sort()).toEqual([c.counselor.user.id, c.client.user.id].sort());
    for (const r of reminders) expect(r.due_at).toBe(new Date(Date.parse(a.start) - 24 * HOUR).toISOString());
  });

  it('a counselor books for the client: both are told, the counselor as the one who booked', async () => {
    const a = await book(t, c, c.counselor);
    expect((await notificationsOf(t, c.client.user.id)).filter((n) => n.appointment_id === a.id).map((n) => n.kind)).toEqual(['booked']);
    expect((await notificationsOf(t, c.counselor.user.id)).filter((n) => n.appointment_id === a.id).map((n) => n.kind)).toEqual(['booked']);
  });

  it('confirm, move and cancel: the other party is told each time; the reminders move, then go', async () => {
    const a = await book(t, c);
    await change(t, c.counselor, a.uuid, { status: 'confirmed' });
    const moved = await freeSlot(t, c);
    await change(t, c.counselor, a.uuid, { appointment_date: moved });
    let rows = await outboxOf(t, a.id);
    const live = rows.filter((r) => r.channel === 'reminder' && r.status === 'pending');
    expect(live).toHaveLength(2);
    for (const r of live) expect(r.due_at).toBe(new Date(Date.parse(moved) - 24 * HOUR).toISOString());
    expect(rows.filter((r) => r.channel === 'reminder' && r.status === 'cancelled')).toHaveLength(2);

    await change(t, c.counselor, a.uuid, { status: 'cancelled' });
    rows = await outboxOf(t, a.id);
    expect(rows.filter((r) => r.channel === 'reminder' && r.status === 'pending')).toEqual([]);
    const toClient = (await notificationsOf(t, c.client.user.id)).filter((n) => n.appointment_id === a.id);
    expect(toClient.map((n) => n.kind)).toEqual(['confirmed', 'rescheduled', 'cancelled']);
    expect(toClient[1]).toMatchObject({ appointment_date: moved, previous_date: a.start, actor_id: c.counselor.user.id });
    // The counselor made every change: nothing more for them than the booking.
    expect((await notificationsOf(t, c.counselor.user.id)).filter((n) => n.appointment_id === a.id).map((n) => n.kind)).toEqual(['booked']);
    expect(rows.filter((r) => r.channel === 'email').map((r) => r.kind)).toEqual(['booked', 'confirmed', 'rescheduled', 'cancelled']);
  });

  it('a client cancels with a reason, or moves their appointment: the counselor is told; reminders go or move', async () => {
    const a = await book(t, c);
    const moved = await freeSlot(t, c);
    const move = await t.app.inject({ method: 'POST', url: `/api/appointments/${a.uuid}/reschedule`, headers: c.client.headers, payload: { appointment_date: moved } });
    expect(move.statusCode, move.body).toBe(200);
    let reminders = (await outboxOf(t, a.id)).filter((r) => r.channel === 'reminder' && r.status === 'pending');
    expect(reminders.map((r) => r.due_at)).toEqual([1, 2].map(() => new Date(Date.parse(moved) - 24 * HOUR).toISOString()));
    const cancel = await t.app.inject({ method: 'POST', url: `/api/appointments/${a.uuid}/cancel`, headers: c.client.headers, payload: { reason: 'Exams that week' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    reminders = (await outboxOf(t, a.id)).filter((r) => r.channel === 'reminder' && r.status === 'pending');
    expect(reminders).toEqual([]);
    const told = (await notificationsOf(t, c.counselor.user.id)).filter((n) => n.appointment_id === a.id);
    expect(told.map((n) => [n.kind, n.actor_id, n.previous_date, n.reason])).toEqual([
      ['booked', c.client.user.id, null, null],
      ['rescheduled', c.client.user.id, a.start, null],
      ['cancelled', c.client.user.id, null, 'Exams that week'],
    ]);
    const emails = (await outboxOf(t, a.id)).filter((r) => r.channel === 'email');
    expect(emails.map((r) => [r.kind, r.recipient_id])).toEqual(['booked', 'rescheduled', 'cancelled'].map((k) => [k, c.counselor.user.id]));
  });

  it('a manager gives the appointment to another counselor: the previous one is told it is no longer theirs', async () => {
    const other = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: 'Second Counselor' });
    await setWeek(t.app, other);
    const a = await book(t, c);
    await change(t, c.admin, a.uuid, { counselor_id: other.user.id });
    const previous = (await notificationsOf(t, c.counselor.user.id)).filter((n) => n.appointment_id === a.id);
    expect(previous.map((n) => [n.kind, n.reason])).toEqual([['booked', null], ['cancelled', REASSIGNED]]);
    expect((await notificationsOf(t, other.user.id)).map((n) => n.kind)).toEqual(['rescheduled']);
    const reminders = (await outboxOf(t, a.id)).filter((r) => r.channel === 'reminder' && r.status === 'pending');
    expect(reminders.map((r) => r.recipient_id).sort()).toEqual([c.client.user.id, other.user.id].sort());
  });

  it('preferences decide: email off keeps the in-app row, in-app off keeps the email; completed is off by default', async () => {
    await t.db.insertInto('notification_preferences').values([
      { user_id: c.client.user.id, kind: 'confirmed', in_app: 1, email: 0 },
      { user_id: c.client.user.id, kind: 'cancelled', in_app: 0, email: 1 },
    ]).execute();
    const a = await book(t, c);
    await change(t, c.counselor, a.uuid, { status: 'confirmed' });
    await change(t, c.counselor, a.uuid, { status: 'cancelled' });
    expect((await notificationsOf(t, c.client.user.id)).filter((n) => n.appointment_id === a.id).map((n) => n.kind)).toEqual(['confirmed']);
    const emails = (await outboxOf(t, a.id)).filter((r) => r.channel === 'email' && r.recipient_id === c.client.user.id);
    expect(emails.map((r) => r.kind)).toEqual(['cancelled']);
    await t.db.deleteFrom('notification_preferences').where('user_id', '=', c.client.user.id).execute();

    const b = await book(t, c);
    await change(t, c.counselor, b.uuid, { status: 'confirmed' });
    const started = new Date(Date.now() - HOUR).toISOString();
    await t.db.updateTable('appointments').set({ appointment_date: started }).where('id', '=', b.id).execute();
    await change(t, c.counselor, b.uuid, { status: 'completed' });
    const kinds = (await notificationsOf(t, c.client.user.id)).filter((n) => n.appointment_id === b.id).map((n) => n.kind);
    expect(kinds).toEqual(['confirmed']);
    expect((await outboxOf(t, b.id)).filter((r) => r.channel === 'reminder' && r.status === 'pending')).toEqual([]);
  });

  it('no reminders when reminder_hours_before is 0, or when the moment has already passed', async () => {
    await t.app.inject({ method: 'POST', url: '/api/settings', headers: c.admin.headers, payload: { reminder_hours_before: 0 } });
    const a = await book(t, c);
    expect((await outboxOf(t, a.id)).filter((r) => r.channel === 'reminder')).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/settings', headers: c.admin.headers, payload: { reminder_hours_before: 168 } });
    const b = await book(t, c, c.client, '09:00', 1); // tomorrow: a week before has passed
    expect((await outboxOf(t, b.id)).filter((r) => r.channel === 'reminder')).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/settings', headers: c.admin.headers, payload: { reminder_hours_before: 24 } });
  });

  it('a change that rolls back leaves no notification, no email and no reminder (and no appointment)', async () => {
    const pg = isPostgresDb(t.db);
    // The outbox refuses rows for a moment: the booking's transaction fails after its in-app rows were written.
    if (pg) {
      await sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`.execute(t.db);
      await sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`.execute(t.db);
    } else {
      await sql`create trigger refuse_outbox before insert on outbox begin select raise(abort, 'outbox refused'); end`.execute(t.db);
    }
    const before = {
      appointments: await t.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      notifications: await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    };
    const start = await freeSlot(t, c, '10:00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: c.client.headers,
      payload: { counselor_id: c.counselor.user.id, appointment_date: start, reason: 'Rolled back', category_id: c.categoryId, location_type: 'online' },
    });
    expect(res.statusCode).toBe(500);
    await sql`drop trigger refuse_outbox${sql.raw(pg ? ' on outbox' : '')}`.execute(t.db);
    if (pg) await sql`drop function refuse_outbox()`.execute(t.db);
    const after = {
      appointments: await t.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      notifications: await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    };
    expect(after).toEqual(before);
    expect(await t.db.selectFrom('outbox').selectAll().where('appointment_date', '=', start).execute()).toEqual([]);
  });
});
