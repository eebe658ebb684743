// The groups report (decision 0281): sessions held, seats and attendance by category and month for months that have
// ended; workshop sign-ups by department with small cells hidden and counts rounded to 5.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, workshopCall } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;
let lastMonth: string;

function monthBefore(today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15));
  return d.toISOString().slice(0, 7);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Report Group School', 0);
  other = await groupCentre(t, 'Other Report School', 0);
  lastMonth = monthBefore(new Date(Date.now() + 8 * 3_600_000));
});
afterAll(async () => t?.close());

const report = (by: Actor, query = `?year=${lastMonth.slice(0, 4)}`) => t.app.inject({ method: 'GET', url: `/api/reports/groups${query}`, headers: by.headers });

/** Moves a group's sessions and sign-ups into last month, as if held then. */
async function intoLastMonth(uuid: string): Promise<number[]> {
  const g = await t.db.selectFrom('groups').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const sessions = await t.db.selectFrom('group_sessions').select('id').where('group_id', '=', g.id).orderBy('session_index').execute();
  for (const [i, s] of sessions.entries()) {
    const day = `${lastMonth}-${String(10 + i).padStart(2, '0')}`;
    await t.db.updateTable('group_sessions').set({ starts_at: `${day}T02:00:00.000Z`, local_date: day }).where('id', '=', s.id).execute();
  }
  await t.db.updateTable('group_members').set({ joined_at: `${lastMonth}-05T02:00:00.000Z` }).where('group_id', '=', g.id).execute();
  return sessions.map((s) => s.id);
}

describe('the groups report', () => {
  it('counts sessions held and seats by category and month, attendance rounded to 5, sign-ups with small departments hidden', async () => {
    const people: Actor[] = [];
    const departments = [...Array(6).fill('Engineering'), ...Array(5).fill('Business'), ...Array(2).fill('Nursing')] as string[];
    for (const department of departments) people.push(await addUser(t.app, c.admin.companyId, { userType: 'student', extra: { department } }));
    const uuid = await createGroup(t, c, await groupBody(t, c, 5, '10:00', { kind: 'workshop', capacity: 20, count: 2, location_type: 'online', location: 'https://meet.example/r' }));
    for (const p of people) expect((await workshopCall(t.app, p, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    const [first, second] = await intoLastMonth(uuid);
    // Session 1: 7 present, 6 absent; session 2: 3 present.
    const outcome = (i: number, s: number) => (s === first ? (i < 7 ? 'present' : 'absent') : i < 3 ? 'present' : null);
    for (const s of [first, second]) {
      for (const [i, p] of people.entries()) {
        const o = outcome(i, s);
        if (o) await t.db.insertInto('group_attendance').values({ company_id: c.admin.companyId, group_session_id: s, client_id: p.user.id, outcome: o, starts_at: `${lastMonth}-10T02:00:00.000Z`, local_date: `${lastMonth}-10`, recorded_by: c.lead.user.id, recorded_at: new Date().toISOString() }).execute();
      }
    }
    const res = await report(c.admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.months).toContain(lastMonth);
    expect(data.by_category).toEqual([
      // 10 present of 16 recorded: published as 10 of 15.
      { category: 'Anxiety', month: lastMonth, sessions_held: 2, seats_offered: 40, seats_filled: 10, attendance_recorded: 15, attendance_rate: 0.667 },
    ]);
    // Nursing (2 people) is hidden, and Business with it so the total cannot give it away; Engineering's 6 shows as 5.
    expect(data.signups_by_department).toEqual([{ group: 'Engineering', signups: 5 }]);
    expect(data.signups_by_age).toEqual([{ group: 'N/A', signups: 15 }]);
    // Another company sees none of it.
    expect((await report(other.admin)).json().data.by_category).toEqual([]);
  });

  it("counts a sign-up in the month it was made on the centre's clock, not UTC's (decision 0373)", async () => {
    const centre = await groupCentre(t, 'Midnight Sign-up School', 0);
    const uuid = await createGroup(t, centre, await groupBody(t, centre, 5, '10:00', { kind: 'workshop', capacity: 20, count: 2, location_type: 'online', location: 'https://meet.example/m' }));
    const joined = new Map<number, string>();
    // Five sign up at 01:00 on 1 November in Manila (still 31 October in UTC), five at 01:00 on 1 January 2026.
    for (const [department, at] of [['Engineering', '2026-10-31T17:00:00.000Z'], ['Business', '2025-12-31T17:00:00.000Z']] as const) {
      for (let i = 0; i < 5; i++) {
        const p = await addUser(t.app, centre.admin.companyId, { userType: 'student', extra: { department } });
        expect((await workshopCall(t.app, p, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
        joined.set(p.user.id, at);
      }
    }
    for (const [clientId, at] of joined) await t.db.updateTable('group_members').set({ joined_at: at }).where('client_id', '=', clientId).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 30 November in Manila: January to October have ended
      const data = (await report(centre.admin, '?year=2026')).json().data;
      expect(data.months.at(-1)).toBe('2026-10');
      expect(data.signups_by_department).toEqual([{ group: 'Business', signups: 5 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts a sign-up made at 01:00 in Manila on a birthday at the age of that day, the centre's (decision 0373)", async () => {
    const centre = await groupCentre(t, 'Birthday Sign-up School', 0);
    const uuid = await createGroup(t, centre, await groupBody(t, centre, 5, '10:00', { kind: 'workshop', capacity: 20, count: 2, location_type: 'online', location: 'https://meet.example/b' }));
    // Five turn 18 on 15 October 2026 and sign up at 01:00 that day in Manila (still 14 October in UTC).
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await addUser(t.app, centre.admin.companyId, { userType: 'student', extra: { birth_date: '2008-10-15' } });
      expect((await workshopCall(t.app, p, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
      ids.push(p.user.id);
    }
    await t.db.updateTable('group_members').set({ joined_at: '2026-10-14T17:00:00.000Z' }).where('client_id', 'in', ids).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T17:00:00Z'));
      const data = (await report(centre.admin, '?year=2026')).json().data;
      expect(data.signups_by_age).toEqual([{ group: '18-21', signups: 5 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what it published: a later correction, sign-up or department change in an ended month changes no reply (decision 0212)', async () => {
    const before = (await report(c.admin)).json().data;
    expect(before.by_category).toHaveLength(1);
    const g = await t.db.selectFrom('groups').select('id').where('company_id', '=', c.admin.companyId).executeTakeFirstOrThrow();
    // Every absent of last month corrected to present, five more sign-ups dated last month, everyone moved to Nursing.
    await t.db.updateTable('group_attendance').set({ outcome: 'present' }).where('company_id', '=', c.admin.companyId).execute();
    for (let i = 0; i < 5; i++) {
      const p = await addUser(t.app, c.admin.companyId, { userType: 'student', extra: { department: 'Engineering' } });
      await t.db.insertInto('group_members').values({ company_id: c.admin.companyId, group_id: g.id, client_id: p.user.id, status: 'active', added_by: p.user.id, joined_at: `${lastMonth}-06T02:00:00.000Z`, left_at: null }).execute();
    }
    await t.db.updateTable('users').set({ department: 'Nursing' }).where('department', '=', 'Business').execute();
    expect((await report(c.admin)).json().data).toEqual(before);
  });

  it('refuses a bad year (422) and anyone without the reports permission (403)', async () => {
    expect((await report(c.admin, '?year=abc')).statusCode).toBe(422);
    expect((await report(c.students[0] ?? (await addUser(t.app, c.admin.companyId, { userType: 'student' })))).statusCode).toBe(403);
    // A year still to come has no month that has ended.
    expect((await report(c.admin, '?year=2099')).json().data).toMatchObject({ months: [], by_category: [] });
  });
});
