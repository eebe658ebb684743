import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import type { AppointmentsTable } from '../../db/tables';
import { groupRates } from './no-show-report';
import { mondayOf } from './closed-weeks';
import { addDays, daysBetween } from './report-days';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { appointmentRow } from '../../../test/appointment-rows';

// The no-show rate by category, age group and department (decision 0156); groups of fewer than five people are
// hidden, their numbers never sent; whole weeks that have ended only, counts rounded to 5 (decision 0212). Run on
// PostgreSQL too (npm run test:pg).

let t: TestApp;
let admin: Actor;
let other: Actor;
let today: string;
let counselorId: number;
let slot = 0;
/** Days back to Wednesday of last week, the last whole week that has ended. */
let lastWeek: number;

async function session(companyId: number, clientId: number, categoryId: number, status: AppointmentsTable['status'], daysAgo = lastWeek): Promise<void> {
  const localDate = addDays(today, -daysAgo);
  await t.db
    .insertInto('appointments')
    .values(
      appointmentRow({
        company_id: companyId, counselor_id: counselorId, client_id: clientId, category_id: categoryId,
        appointment_date: new Date(Date.parse(`${localDate}T00:00:00.000Z`) + slot++ * 60_000).toISOString(), local_date: localDate, status,
      }),
    )
    .execute();
}

const get = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/reports/no-show-rate${query}`, headers: actor.headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Rates School');
  other = await registerCompany(t.app, 'Other School');
  const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
  today = localDateOf(new Date(), company.timezone);
  lastWeek = daysBetween(addDays(mondayOf(today), -5), today);
  counselorId = (await addUser(t.app, admin.companyId, { userType: 'counselor' })).user.id;
  const stress = await addCategory(t.db, admin.companyId, 'Stress');
  const grief = await addCategory(t.db, admin.companyId, 'Grief');
  // Engineering: 6 people, 12 sessions, 5 no-shows. Nursing: 5 people, 5 sessions, 1 no-show. Arts: 2 people (hidden),
  // and since that alone would show Arts as the total less the rest, Nursing (the next smallest) is hidden too.
  for (let i = 0; i < 6; i++) {
    const u = await addUser(t.app, admin.companyId, { extra: { department: 'Engineering', birth_date: '2005-03-01' } });
    await session(admin.companyId, u.user.id, stress, 'completed');
    await session(admin.companyId, u.user.id, stress, i < 5 ? 'no_show' : 'completed', lastWeek + 1);
  }
  for (let i = 0; i < 5; i++) {
    const u = await addUser(t.app, admin.companyId, { extra: { department: 'Nursing', birth_date: '2005-03-01' } });
    await session(admin.companyId, u.user.id, grief, i === 0 ? 'no_show' : 'completed');
  }
  for (let i = 0; i < 2; i++) {
    const u = await addUser(t.app, admin.companyId, { extra: { department: 'Arts', birth_date: '1970-01-01' } });
    await session(admin.companyId, u.user.id, grief, 'no_show');
    // Cancelled, pending and long-past sessions say nothing about attendance this period; nor does this week's.
    await session(admin.companyId, u.user.id, grief, 'no_show', 0);
    await session(admin.companyId, u.user.id, grief, 'cancelled');
    await session(admin.companyId, u.user.id, grief, 'pending');
    await session(admin.companyId, u.user.id, grief, 'no_show', lastWeek + 35);
  }
  const elsewhere = await addUser(t.app, other.companyId, { extra: { department: 'Engineering' } });
  await session(other.companyId, elsewhere.user.id, await addCategory(t.db, other.companyId, 'Stress'), 'no_show');
});
afterAll(async () => t?.close());

describe('GET /api/reports/no-show-rate', () => {
  it('the rate by category over the whole weeks that have ended, counts rounded to 5 and under 5 left out', async () => {
    const res = await get(admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const lastSunday = addDays(mondayOf(today), -1);
    expect(data).toMatchObject({ from: addDays(lastSunday, -27), to: lastSunday });
    // Grief: 7 sessions (5 once rounded), 3 no-shows (under 5: null). Stress: 12 sessions (10), 5 no-shows (5).
    expect(data.by_category).toEqual([
      { group: 'Grief', hidden: false, sessions: 5, no_shows: null, rate: null },
      { group: 'Stress', hidden: false, sessions: 10, no_shows: 5, rate: 0.5 },
    ]);
    const longer = (await get(admin, '?period=last_90_days')).json().data;
    expect(longer.by_category[0]).toMatchObject({ group: 'Grief', sessions: 10, no_shows: 5 });
  });

  it('by department: groups under five people are hidden with no numbers, and the next smallest with them', async () => {
    const res = await get(admin);
    const { by_department: rows } = res.json().data;
    expect(rows).toEqual([
      { group: 'Arts', hidden: true, sessions: null, no_shows: null, rate: null },
      { group: 'Engineering', hidden: false, sessions: 10, no_shows: 5, rate: 0.5 },
      { group: 'Nursing', hidden: true, sessions: null, no_shows: null, rate: null },
    ]);
  });

  it('by age group: the one group of two people is hidden, and the other with it', async () => {
    const { by_age: rows } = (await get(admin)).json().data;
    expect(rows.map((r: { group: string; hidden: boolean }) => [r.group, r.hidden])).toEqual([
      ['18-21', true],
      ['Over 50', true],
    ]);
    // The hidden numbers are not in the reply at all.
    expect(JSON.stringify(rows)).not.toMatch(/"(sessions|no_shows|rate)":\d/);
  });

  it('another company counts only its own; a bad period is 422; without view reports 403', async () => {
    expect((await get(other)).json().data.by_category).toEqual([{ group: 'Stress', hidden: true, sessions: null, no_shows: null, rate: null }]);
    expect((await get(other)).json().data.by_department).toEqual([{ group: 'Engineering', hidden: true, sessions: null, no_shows: null, rate: null }]);
    expect((await get(admin, '?period=last_8_days')).statusCode).toBe(422);
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await get(student)).statusCode).toBe(403);
  });
});

describe('the no-show rate hides what the daily report of the same period hides', () => {
  it('a department the daily report hides beside a small one stays hidden here, though it is large enough on its own', async () => {
    const school = await registerCompany(t.app, 'Consistent School');
    const category = await addCategory(t.db, school.companyId, 'Stress');
    const people = async (department: string, n: number, status: AppointmentsTable['status']) => {
      for (let i = 0; i < n; i++) await session(school.companyId, (await addUser(t.app, school.companyId, { extra: { department } })).user.id, category, status);
    };
    // Daily report (every status but cancelled): Arts 2, Biology 6, Chemistry 8 people: Arts hidden, and Biology
    // the next smallest. Known outcomes: Arts 2, Biology 6, Chemistry 3: Arts and Chemistry small. Showing Biology
    // here would let its count, taken from the daily total of Arts and Biology, give Arts away.
    await people('Arts', 2, 'completed');
    await people('Biology', 6, 'completed');
    await people('Chemistry', 3, 'no_show');
    await people('Chemistry', 5, 'pending');
    const daily = (await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-department-daily', headers: school.headers })).json() as { department: string }[];
    expect([...new Set(daily.map((r) => r.department))]).toEqual(['Chemistry']);
    const { by_department: rows } = (await get(school)).json().data;
    expect(rows.map((r: { group: string; hidden: boolean }) => [r.group, r.hidden])).toEqual([
      ['Arts', true],
      ['Biology', true],
      ['Chemistry', true],
    ]);
  });
});

describe('groupRates', () => {
  const person = (grp: string, sessions = 1, noShows = 0) => ({ grp, sessions, no_shows: noShows });
  it(`hides nothing when every group has ${MIN_GROUP_PEOPLE} people or more, and everything small`, () => {
    const big = [...Array(MIN_GROUP_PEOPLE)].flatMap(() => [person('A'), person('B', 2, 1)]);
    expect(groupRates('department', big).map((g) => g.hidden)).toEqual([false, false]);
    const small = [person('A'), person('B'), person('C')];
    expect(groupRates('department', small).map((g) => g.hidden)).toEqual([true, true, true]);
    expect(groupRates('category', small).map((g) => g.hidden)).toEqual([true, true, true]);
  });
  it('rounds what it shows to 5, leaves out a count under 5 and takes the rate of the rounded numbers', () => {
    const rows = [...Array(8)].map((_, i) => person('A', 2, i < 3 ? 1 : 0));
    expect(groupRates('department', rows)).toEqual([{ group: 'A', hidden: false, sessions: 15, no_shows: null, rate: null }]);
    const more = [...Array(8)].map((_, i) => person('A', 2, i < 7 ? 1 : 0));
    expect(groupRates('department', more)).toEqual([{ group: 'A', hidden: false, sessions: 15, no_shows: 5, rate: 0.3333 }]);
  });
});

describe('the daily reports by department and age group hide groups under five people', () => {
  it('shows a department of six people, hides one of two and, so the total does not give it away, the next smallest', async () => {
    const rows = (await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-department-daily?forecast_days=7', headers: admin.headers })).json() as { department: string; is_forecast: boolean; count: number }[];
    // Engineering 6 people (shown, its forecast too); Arts 2 (hidden); Nursing 5, the next smallest, hidden with it.
    expect([...new Set(rows.map((r) => r.department))]).toEqual(['Engineering']);
    expect(rows.filter((r) => r.is_forecast)).toHaveLength(7);
    expect(rows.filter((r) => !r.is_forecast).reduce((s, r) => s + r.count, 0)).toBe(12);
    const ages = (await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-age-daily', headers: admin.headers })).json() as { age_group: string }[];
    expect([...new Set(ages.map((r) => r.age_group))]).toEqual([]);
    // Categories name no one: both shown whole.
    const categories = (await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-category-daily', headers: admin.headers })).json() as { category_title: string }[];
    expect([...new Set(categories.map((r) => r.category_title))]).toEqual(['Grief', 'Stress']);
  });
});

describe('a kept daily reply', () => {
  it('is not served once a group has fallen under five people, though its daily counts stayed the same', async () => {
    const school = await registerCompany(t.app, 'Kept Reply School');
    const category = await addCategory(t.db, school.companyId, 'Stress');
    const clients: number[] = [];
    for (let i = 0; i < 5; i++) {
      clients.push((await addUser(t.app, school.companyId, { extra: { department: 'Arts' } })).user.id);
      await session(school.companyId, clients[i], category, 'pending');
    }
    const departments = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-department-daily', headers: school.headers });
      return [...new Set((res.json() as { department: string }[]).map((r) => r.department))];
    };
    expect(await departments()).toEqual(['Arts']);
    // One client cancels and another books a second session the same day: Arts keeps its count but has four people.
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('company_id', '=', school.companyId).where('client_id', '=', clients[0]).execute();
    await session(school.companyId, clients[1], category, 'pending');
    expect(await departments()).toEqual([]);
  });
});
