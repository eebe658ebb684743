// Changing a series (decision 0150): cancel this and the following sessions, confirm all, move all by the same
// shift (checked like a booking, all or nothing), one notification per person per change, and the route rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { bookSingle, postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { addDaysToDate } from '@kalinga/contracts/zone-time';

let t: TestApp;
let c: SeriesCentre;
let noRights: Actor;
let day = 10;

interface Session { id: number; uuid: string; status: string; appointment_date: string; local_date: string; reason: string }
interface SeriesData { uuid: string; appointments: Session[] }

beforeAll(async () => {
  t = await createTestApp();
  c = await seriesCentre(t, 'Change School');
  noRights = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: ['student'] });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.deleteFrom('notifications').execute();
  await t.db.deleteFrom('outbox').execute();
});

/** A fresh six-session weekly series some weeks ahead. */
async function newSeries(): Promise<SeriesData> {
  const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(day), '10:00'));
  day += 43;
  expect(res.statusCode, res.body).toBe(201);
  await t.db.deleteFrom('notifications').execute();
  await t.db.deleteFrom('outbox').where('channel', '=', 'email').execute();
  return res.json().data;
}

const put = (by: Actor, s: SeriesData, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/appointment-series/${s.uuid}`, headers: by.headers, payload });

describe('changing a series', () => {
  it('tells the counselor a session was given to, and moves that session\'s reminders to them', async () => {
    const s = await newSeries();
    const second = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: 'Second Counselor' });
    await setWeek(t.app, second);
    await t.db.updateTable('appointments').set({ counselor_id: second.user.id }).where('id', '=', s.appointments[4].id).execute();
    const later = new Date(Date.parse(s.appointments[0].appointment_date) + 3_600_000).toISOString();
    const moved = await put(c.admin, s, { from: s.appointments[0].uuid, scope: 'all', appointment_date: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const told = await t.db.selectFrom('notifications').select(['user_id', 'kind']).execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([c.client.user.id, c.counselor.user.id, second.user.id].sort());
    const reminders = await t.db.selectFrom('outbox').select(['appointment_id', 'recipient_id']).where('channel', '=', 'reminder').where('status', '=', 'pending').where('appointment_id', '=', s.appointments[4].id).execute();
    expect(reminders.map((r) => r.recipient_id).sort()).toEqual([c.client.user.id, second.user.id].sort());
  });

  it('cancels this and the following sessions, once for each person, with their reminders', async () => {
    const s = await newSeries();
    const res = await put(c.counselor, s, { from: s.appointments[2].uuid, scope: 'following', status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(4);
    expect(res.json().data.appointments.map((a: Session) => a.status)).toEqual(['pending', 'pending', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const told = await t.db.selectFrom('notifications').selectAll().execute();
    expect(told.map((n) => [n.user_id, n.kind, n.series_count])).toEqual([[c.client.user.id, 'cancelled', 4]]);
    expect(await t.db.selectFrom('outbox').select('recipient_id').where('channel', '=', 'email').execute()).toEqual([{ recipient_id: c.client.user.id }]);
    const reminders = await t.db.selectFrom('outbox').select(['appointment_id', 'status']).where('channel', '=', 'reminder').execute();
    const cancelledIds = new Set(s.appointments.slice(2).map((a) => a.id));
    for (const r of reminders) expect(r.status).toBe(cancelledIds.has(r.appointment_id!) ? 'cancelled' : 'pending');
    // Each cancelled session has its history row.
    const history = await t.app.inject({ method: 'GET', url: `/api/appointments/${s.appointments[3].uuid}/history`, headers: c.admin.headers });
    expect(history.json().data.map((h: { to_status: string }) => h.to_status)).toEqual(['pending', 'cancelled']);
    // Nothing left from there on: 422.
    const again = await put(c.admin, s, { from: s.appointments[2].uuid, scope: 'following', status: 'cancelled' });
    expect(again.statusCode).toBe(422);
  });

  it('confirms all pending sessions and changes the text of all', async () => {
    const s = await newSeries();
    // The text is the care team's (decision 0377): a manager sending it is refused, and nothing changes.
    expect((await put(c.admin, s, { from: s.appointments[4].uuid, scope: 'all', status: 'confirmed', reason: 'Term sessions' })).statusCode).toBe(403);
    const res = await put(c.admin, s, { from: s.appointments[4].uuid, scope: 'all', status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.appointments.map((a: Session) => [a.status, a.reason])).toEqual(Array(6).fill(['confirmed', null]));
    const text = await put(c.counselor, s, { from: s.appointments[4].uuid, scope: 'all', reason: 'Term sessions' });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.appointments.map((a: Session) => a.reason)).toEqual(Array(6).fill('Term sessions'));
    // The manager changed it: the counselor and the client are told, once each.
    const told = (await t.db.selectFrom('notifications').selectAll().execute()).map((n) => [n.user_id, n.kind, n.series_count]);
    expect(told.sort()).toEqual([[c.client.user.id, 'confirmed', 6], [c.counselor.user.id, 'confirmed', 6]].sort());
  });

  it('moves all sessions a day later to 14:00, each checked; a clash refuses the whole move and says which', async () => {
    const s = await newSeries();
    const firstDate = s.appointments[0].local_date;
    const blocked = await instantOf(t.app, c.admin, c.counselor.user.id, addDaysToDate(firstDate, 15), '14:00');
    const single = await bookSingle(t.app, c, blocked);
    const target = await instantOf(t.app, c.admin, c.counselor.user.id, addDaysToDate(firstDate, 1), '14:00');
    const refused = await put(c.admin, s, { from: s.appointments[0].uuid, scope: 'all', appointment_date: target });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Session 3 of 6 (${addDaysToDate(firstDate, 15)} at 14:00) cannot be booked: The counselor already has an appointment at this time.`);
    const unchanged = await t.app.inject({ method: 'GET', url: `/api/appointment-series/${s.uuid}`, headers: c.admin.headers });
    expect(unchanged.json().data.appointments.map((a: Session) => a.appointment_date)).toEqual(s.appointments.map((a) => a.appointment_date));

    await t.app.inject({ method: 'PUT', url: `/api/appointments/${single}`, headers: c.admin.headers, payload: { status: 'cancelled' } });
    await t.db.deleteFrom('notifications').execute();
    const moved = await put(c.admin, s, { from: s.appointments[0].uuid, scope: 'all', appointment_date: target });
    expect(moved.statusCode, moved.body).toBe(200);
    const after: Session[] = moved.json().data.appointments;
    expect(after.map((a) => a.local_date)).toEqual(s.appointments.map((a) => addDaysToDate(a.local_date, 1)));
    after.forEach((a, i) => expect(Date.parse(a.appointment_date) - Date.parse(s.appointments[i].appointment_date)).toBe(28 * 3_600_000));
    const told = await t.db.selectFrom('notifications').selectAll().execute();
    expect(told.map((n) => [n.kind, n.series_count, n.previous_date, n.appointment_date])).toEqual(Array(2).fill(['rescheduled', 6, s.appointments[0].appointment_date, after[0].appointment_date]));
    expect(told.map((n) => n.user_id).sort()).toEqual([c.client.user.id, c.counselor.user.id].sort());
  });

  it('moves this and the following one week later onto their own next times (no clash with themselves)', async () => {
    const s = await newSeries();
    const target = addDaysToDate(s.appointments[3].local_date, 7);
    const at = new Date(Date.parse(s.appointments[3].appointment_date) + 7 * 86_400_000).toISOString();
    const res = await put(c.admin, s, { from: s.appointments[3].uuid, scope: 'following', appointment_date: at });
    expect(res.statusCode, res.body).toBe(200);
    const after: Session[] = res.json().data.appointments;
    expect(after[3].local_date).toBe(target);
    expect(after.slice(0, 3).map((a) => a.appointment_date)).toEqual(s.appointments.slice(0, 3).map((a) => a.appointment_date));
  });

  it("a counselor without 'manage appointments' edits their series' pending sessions only (as one appointment); another counselor's series is 404", async () => {
    // A counselor whose role lets them see appointments but not manage them (the default counselor role does both).
    const roleId = (await t.db.insertInto('roles').values({ company_id: c.admin.companyId, name: 'session keepers', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    const view = await t.db.selectFrom('permissions').select('id').where('name', '=', 'view appointments').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permission').values({ role_id: roleId, permission_id: view.id }).execute();
    const keeper = await addUser(t.app, c.admin.companyId, { userType: 'counselor', roles: ['session keepers'] });
    await setWeek(t.app, keeper);
    const booked = await postSeries(t.app, c.admin, await seriesBody(t, { ...c, counselor: keeper }, daysAhead(day), '10:00'));
    day += 43;
    expect(booked.statusCode, booked.body).toBe(201);
    const s: SeriesData = booked.json().data;
    const confirm = await t.app.inject({ method: 'PUT', url: `/api/appointments/${s.appointments[4].uuid}`, headers: c.admin.headers, payload: { status: 'confirmed' } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const later = new Date(Date.parse(s.appointments[3].appointment_date) + 86_400_000).toISOString();
    for (const payload of [
      { from: s.appointments[3].uuid, scope: 'following', reason: 'Changed by the counselor' },
      { from: s.appointments[3].uuid, scope: 'following', appointment_date: later },
      { from: s.appointments[0].uuid, scope: 'all', location_type: 'on-site', location: 'Room 2' },
    ]) {
      const res = await put(keeper, s, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only pending appointments can be edited.');
    }
    const unchanged: Session[] = (await t.app.inject({ method: 'GET', url: `/api/appointment-series/${s.uuid}`, headers: c.admin.headers })).json().data.appointments;
    expect(unchanged.map((a) => [a.reason, a.appointment_date])).toEqual(s.appointments.map((a) => [a.reason, a.appointment_date]));
    // The sixth alone is pending from there on: theirs to edit; confirming and cancelling stay theirs too.
    expect((await put(keeper, s, { from: s.appointments[5].uuid, scope: 'following', reason: 'Term sessions' })).statusCode).toBe(200);
    expect((await put(keeper, s, { from: s.appointments[3].uuid, scope: 'following', status: 'cancelled' })).statusCode).toBe(200);
    expect((await put(c.counselor, s, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointment-series/${s.uuid}`, headers: c.counselor.headers })).statusCode).toBe(404);
  });

  it("a session given to another counselor leaves the series counselor's reply and calendar file", async () => {
    const s = await newSeries();
    const other = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    await t.db.updateTable('appointments').set({ counselor_id: other.user.id }).where('uuid', '=', s.appointments[1].uuid).execute();
    const url = `/api/appointment-series/${s.uuid}`;
    const reply = await t.app.inject({ method: 'GET', url, headers: c.counselor.headers });
    expect(reply.json().data.appointments.map((a: Session) => a.uuid)).not.toContain(s.appointments[1].uuid);
    const ics = await t.app.inject({ method: 'GET', url: `${url}/ics`, headers: c.counselor.headers });
    expect(ics.statusCode).toBe(200);
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    expect(ics.body).not.toContain(`UID:${s.appointments[1].uuid}@kalinga`);
    const managers = await t.app.inject({ method: 'GET', url: `${url}/ics`, headers: c.admin.headers });
    expect(managers.body.match(/BEGIN:VEVENT/g)).toHaveLength(6);
  });

  it('422 for bad input, 403 without the permission or as the client, 404 for an unknown series', async () => {
    const s = await newSeries();
    for (const payload of [
      { from: s.appointments[0].uuid, scope: 'some', status: 'cancelled' },
      { from: s.appointments[0].uuid, scope: 'all', status: 'completed' },
      { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled', appointment_date: s.appointments[0].appointment_date },
      { from: 'not-a-session', scope: 'all', status: 'cancelled' },
      { from: s.appointments[0].uuid, scope: 'all' },
      { from: s.appointments[0].uuid, scope: 'all', category_id: 999_999 },
    ]) {
      const res = await put(c.admin, s, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await put(noRights, s, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' })).statusCode).toBe(404);
    expect((await put(c.client, s, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' })).statusCode).toBe(403);
    const noPermission = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: [] });
    expect((await put(noPermission, s, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' })).statusCode).toBe(403);
    expect((await put(c.admin, { ...s, uuid: 'missing' }, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' })).statusCode).toBe(404);
  });
});
