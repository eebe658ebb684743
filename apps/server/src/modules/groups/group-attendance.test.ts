// Attendance of group sessions (decision 0280): a facilitator records outcomes once a session started; they join the
// member's attendance history, and count toward the no-show policy only when the centre's setting says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;
let uuid: string;
let sessions: string[];

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Attendance School', 3);
  other = await groupCentre(t, 'Other Attendance School', 1);
  uuid = await createGroup(t, c, await groupBody(t, c, 5, '10:00', { capacity: 4, count: 3 }));
  for (const s of c.students.slice(0, 2)) {
    const res = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: s.user.id } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const group = (await t.app.inject({ method: 'GET', url: `/api/groups/${uuid}`, headers: c.lead.headers })).json().data;
  sessions = group.sessions.map((s: { uuid: string }) => s.uuid);
});
afterAll(async () => t?.close());

const put = (by: { headers: Record<string, string> }, session: string, entries: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/group-sessions/${session}/attendance`, headers: by.headers, payload: { entries } });

/** Moves a session into the past, as if it had been held (sessions cannot be created there). */
async function hold(session: string, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await t.db.updateTable('group_sessions').set({ starts_at: at, local_date: at.slice(0, 10) }).where('uuid', '=', session).execute();
}

const bookingCheck = async () => (await t.app.inject({ method: 'GET', url: '/api/appointments/booking-check', headers: c.students[0].headers })).json().data.approval_reason;

describe('group attendance', () => {
  it('is recorded once the session has started, only for members, by a facilitator', async () => {
    const [a, b, outsider] = c.students;
    const early = await put(c.lead, sessions[0], [{ client_id: a.user.id, outcome: 'present' }]);
    expect(early.statusCode).toBe(422);
    await hold(sessions[0], 3);
    await hold(sessions[1], 2);
    const res = await put(c.co, sessions[0], [
      { client_id: a.user.id, outcome: 'absent' },
      { client_id: b.user.id, outcome: 'present' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([
      { client_id: a.user.id, name: a.user.name, outcome: 'absent' },
      { client_id: b.user.id, name: b.user.name, outcome: 'present' },
    ]);
    expect((await put(c.lead, sessions[0], [{ client_id: outsider.user.id, outcome: 'present' }])).statusCode).toBe(422);
    expect((await put(c.lead, sessions[0], [{ client_id: a.user.id, outcome: 'asleep' }])).statusCode).toBe(422);
    expect((await put(c.lead, sessions[0], [])).statusCode).toBe(422);
  });

  it('is hidden from anyone else: another counselor or company 404, a student 403', async () => {
    const third = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    expect((await t.app.inject({ method: 'GET', url: `/api/group-sessions/${sessions[0]}/attendance`, headers: third.headers })).statusCode).toBe(404);
    expect((await put(other.lead, sessions[0], [{ client_id: c.students[0].user.id, outcome: 'present' }])).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/group-sessions/${sessions[0]}/attendance`, headers: c.students[0].headers })).statusCode).toBe(403);
  });

  it("joins the member's attendance history", async () => {
    const at = await instantOf(t.app, c.admin, c.lead.user.id, daysAhead(30), '15:00');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: c.lead.headers,
      payload: { counselor_id: c.lead.user.id, student_id: c.students[0].user.id, appointment_date: at, reason: 'Check-in', category_id: c.categoryId, location_type: 'online' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${booked.json().data.uuid}/attendance`, headers: c.lead.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.no_shows).toBe(1);
  });

  it('counts toward the no-show policy only when the centre says group absences count', async () => {
    expect((await put(c.lead, sessions[1], [{ client_id: c.students[0].user.id, outcome: 'late_cancellation' }])).statusCode).toBe(200);
    // Two missed group sessions in a row; the policy's default limit is 2.
    expect(await bookingCheck()).toBeNull();
    const forbidden = await t.app.inject({ method: 'PUT', url: '/api/group-settings', headers: c.lead.headers, payload: { group_absences_count: true } });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/group-settings', headers: c.admin.headers, payload: { group_absences_count: 'yes' } });
    expect(bad.statusCode).toBe(422);
    const on = await t.app.inject({ method: 'PUT', url: '/api/group-settings', headers: c.admin.headers, payload: { group_absences_count: true } });
    expect(on.json().data).toEqual({ group_absences_count: true });
    expect(await bookingCheck()).not.toBeNull();
    // The other company's setting is its own.
    expect((await t.app.inject({ method: 'GET', url: '/api/group-settings', headers: other.admin.headers })).json().data).toEqual({ group_absences_count: false });
    // Present at the latest session ends the run.
    expect((await put(c.lead, sessions[1], [{ client_id: c.students[0].user.id, outcome: 'present' }])).statusCode).toBe(200);
    expect(await bookingCheck()).toBeNull();
  });

  it("a facilitator's read of the session's attendance is on the record: one access-log row per member, via group_facilitator", async () => {
    const members = c.students.slice(0, 2).map((s) => s.user.id).sort((x, y) => x - y);
    const logOf = (viewerId: number) =>
      t.db.selectFrom('client_access_log').select(['client_id', 'kind', 'via']).where('viewer_id', '=', viewerId).where('kind', '=', 'attendance').orderBy('id').execute();
    const before = (await logOf(c.co.user.id)).length;
    const read = await t.app.inject({ method: 'GET', url: `/api/group-sessions/${sessions[2]}/attendance`, headers: c.co.headers });
    expect(read.statusCode, read.body).toBe(200);
    const rows = (await logOf(c.co.user.id)).slice(before).sort((x, y) => (x.client_id ?? 0) - (y.client_id ?? 0));
    expect(rows).toEqual(members.map((id) => ({ client_id: id, kind: 'attendance', via: 'group_facilitator' })));
    // Another centre's facilitator neither reads it (404) nor leaves a row.
    const otherBefore = (await logOf(other.lead.user.id)).length;
    expect((await t.app.inject({ method: 'GET', url: `/api/group-sessions/${sessions[2]}/attendance`, headers: other.lead.headers })).statusCode).toBe(404);
    expect(await logOf(other.lead.user.id)).toHaveLength(otherBefore);
  });
});
