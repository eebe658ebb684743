// A facilitator's group sessions in their day and week calendar (decision 0319), read-only beside their appointments,
// and an individual booking over a session refused as a clash for either facilitator, whoever books it (decision 0277).
// Run on PostgreSQL too (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;
let bystander: Actor;
let groupUuid: string;
let firstAt: string;
let cancelledUuid: string;

interface Reply {
  appointments: { uuid: string }[];
  group_sessions: { group_uuid: string; group_name: string; kind: string; session_uuid: string; index: number; total: number; starts_at: string; status: string; location: string | null }[];
}

const calendar = (by: Actor, query: string) => t.app.inject({ method: 'GET', url: `/api/appointments/calendar?${query}`, headers: by.headers });

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Calendar Group School', 2);
  other = await groupCentre(t, 'Calendar Other School', 1);
  bystander = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: 'Bystander Counselor' });
  const body = await groupBody(t, c, 4, '13:00', { name: 'Exam Worry Circle', frequency: 'weekly', count: 3 });
  firstAt = body.starts_at as string;
  groupUuid = await createGroup(t, c, body);
  // A second group, one session, cancelled: shown as cancelled, as a cancelled appointment is.
  const once = await createGroup(t, c, await groupBody(t, c, 4, '15:00', { name: 'Called Off', frequency: 'once', count: undefined }));
  const detail = await t.app.inject({ method: 'GET', url: `/api/groups/${once}`, headers: c.lead.headers });
  cancelledUuid = detail.json().data.sessions[0].uuid as string;
  const cancel = await t.app.inject({ method: 'POST', url: `/api/group-sessions/${cancelledUuid}/cancel`, headers: c.lead.headers });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(async () => t?.close());

describe("a facilitator's calendar", () => {
  it('shows the sessions of the week to the lead and the co-facilitator, read-only and with no member', async () => {
    for (const who of [c.lead, c.co]) {
      const res = await calendar(who, `from=${daysAhead(4)}&days=7`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Reply;
      expect(body.group_sessions.map((s) => [s.group_name, s.index, s.total, s.status])).toEqual([
        ['Exam Worry Circle', 1, 3, 'scheduled'],
        ['Called Off', 1, 1, 'cancelled'],
      ]);
      expect(body.group_sessions[0]).toMatchObject({ group_uuid: groupUuid, kind: 'closed', starts_at: firstAt, location: 'Room 2' });
      expect(JSON.stringify(body.group_sessions)).not.toContain('Student');
    }
    // The next week holds the second session only.
    const next = (await calendar(c.lead, `from=${daysAhead(11)}&days=1`)).json() as Reply;
    expect(next.group_sessions.map((s) => s.index)).toEqual([2]);
  });

  it("shows a manager the counselor's sessions, and nobody else's", async () => {
    const res = await calendar(c.admin, `counselor_id=${c.co.user.id}&from=${daysAhead(4)}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Reply).group_sessions.map((s) => s.group_name)).toEqual(['Exam Worry Circle', 'Called Off']);
    const own = await calendar(bystander, `from=${daysAhead(4)}&days=7`);
    expect((own.json() as Reply).group_sessions).toEqual([]);
    const elsewhere = await calendar(other.lead, `from=${daysAhead(4)}&days=7`);
    expect((elsewhere.json() as Reply).group_sessions).toEqual([]);
  });

  it("keeps another company's calendar out (404), refuses clients and colleagues (403) and a bad range (422)", async () => {
    expect((await calendar(other.admin, `counselor_id=${c.lead.user.id}&from=${daysAhead(4)}`)).statusCode).toBe(404);
    expect((await calendar(c.students[0], `from=${daysAhead(4)}`)).statusCode).toBe(403);
    expect((await calendar(bystander, `counselor_id=${c.lead.user.id}&from=${daysAhead(4)}`)).statusCode).toBe(403);
    expect((await calendar(c.lead, `from=${daysAhead(4)}&days=9`)).statusCode).toBe(422);
  });
});

describe('an individual booking over a group session', () => {
  it('is refused as a clash for either facilitator, booked by themselves or by a manager; a cancelled session frees the time', async () => {
    const book = (by: Actor, counselorId: number, at: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: by.headers,
        payload: { counselor_id: counselorId, student_id: c.students[0].user.id, appointment_date: at, reason: 'Single', category_id: c.categoryId, location_type: 'online' },
      });
    for (const [by, counselor] of [[c.lead, c.lead], [c.co, c.co], [c.admin, c.lead], [c.admin, c.co]] as const) {
      const res = await book(by, counselor.user.id, firstAt);
      expect(res.statusCode, res.body).toBe(409);
    }
    // The second session, a week later (Manila keeps no summer time).
    const second = new Date(Date.parse(firstAt) + 7 * 86_400_000).toISOString();
    expect((await book(c.lead, c.lead.user.id, second)).statusCode).toBe(409);
    const count = await t.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', c.admin.companyId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    // The cancelled session's time is free again.
    const freed = await instantOf(t.app, c.admin, c.lead.user.id, daysAhead(4), '15:00');
    expect((await book(c.lead, c.lead.user.id, freed)).statusCode).toBe(201);
  });
});
