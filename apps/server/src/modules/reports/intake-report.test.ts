import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { mondayOf } from './intake-report';
import { addDays, daysBetween } from './report-days';
import { localDateOf } from '@kalinga/contracts/zone-time';

// Intake counts by severity band by week: counts only, never who (decisions 0157, 0162); whole weeks that have ended,
// counts rounded to 5 (decision 0212). Run on PostgreSQL too.

let t: TestApp;
let admin: Actor;
let other: Actor;
let today: string;
/** Days back to Wednesday of last week, the last whole week that has ended. */
let lastWeek: number;

async function screening(companyId: number, clientId: number, kind: 'intake' | 'follow-up', phq9: string, gad7: string, daysAgo: number): Promise<void> {
  // Noon in Manila (the test companies' zone) on that day.
  const at = new Date(Date.parse(`${addDays(today, -daysAgo)}T04:00:00.000Z`)).toISOString();
  await t.db
    .insertInto('screenings')
    .values({ company_id: companyId, client_id: clientId, kind, answers: '[]', phq9_score: 0, phq9_band: phq9, gad7_score: 0, gad7_band: gad7, created_at: at })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Intake School');
  other = await registerCompany(t.app, 'Other Intake School');
  const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
  today = localDateOf(new Date(), company.timezone);
  lastWeek = daysBetween(addDays(mondayOf(today), -5), today);
  const a = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
  const b = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
  await screening(admin.companyId, a, 'intake', 'severe', 'moderate', lastWeek);
  await screening(admin.companyId, b, 'intake', 'mild', 'mild', lastWeek);
  // Seven intakes last week (bands shown, rounded); one two weeks before (hidden); one today (this week: not yet).
  for (let n = 0; n < 5; n++) {
    const client = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
    await screening(admin.companyId, client, 'intake', 'mild', 'minimal', lastWeek);
  }
  await screening(admin.companyId, a, 'follow-up', 'minimal', 'minimal', lastWeek);
  await screening(admin.companyId, a, 'intake', 'minimal', 'minimal', 0);
  await screening(admin.companyId, b, 'intake', 'moderately severe', 'severe', lastWeek + 14);
  await screening(admin.companyId, b, 'intake', 'minimal', 'minimal', lastWeek + 60);
  const c = (await addUser(t.app, other.companyId, { userType: 'student' })).user.id;
  for (let n = 0; n < 5; n++) await screening(other.companyId, c, 'intake', 'severe', 'severe', lastWeek);
});
afterAll(async () => t?.close());

const get = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/reports/intake-bands${query}`, headers: actor.headers });

describe('GET /api/reports/intake-bands', () => {
  it('counts intake questionnaires per band and week that has ended, rounded; follow-ups, this week and other companies left out', async () => {
    const res = await get(admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const lastSunday = addDays(mondayOf(today), -1);
    expect(data).toMatchObject({ from: addDays(lastSunday, -27), to: lastSunday });
    expect(data.weeks.map((w: { week: string }) => w.week)).toEqual([0, 7, 14, 21].map((n) => addDays(data.from, n)));
    // Seven intakes: 5 once rounded; mild 6 → 5; severe 1, minimal 0 → under 5 (null), like every GAD-7 band.
    expect(data.weeks.at(-1)).toEqual({
      week: mondayOf(addDays(today, -lastWeek)), total: 5, hidden: false,
      phq9: { minimal: null, mild: 5, moderate: null, 'moderately severe': null, severe: null },
      gad7: { minimal: 5, mild: null, moderate: null, severe: null },
    });
    const earlier = data.weeks.find((w: { week: string }) => w.week === mondayOf(addDays(today, -lastWeek - 14)));
    // One intake that week: neither its count nor its bands (whoever knows who answered would learn their band).
    expect(earlier).toEqual({ week: earlier.week, total: null, hidden: true, phq9: {}, gad7: {} });
    // Nothing that could name anyone: no ids, no scores, no answers.
    expect(res.body).not.toMatch(/client|score|answer|name/);
    const year = (await get(admin, '?period=last_365_days')).json().data;
    expect(year.weeks).toHaveLength(52);
    expect(year.weeks.at(-1)).toEqual(data.weeks.at(-1));
  });

  it('another company counts only its own; a bad period is 422; without view reports 403', async () => {
    expect((await get(other)).json().data.weeks.at(-1)).toMatchObject({ total: 5, phq9: { severe: 5 } });
    expect((await get(admin, '?period=week')).statusCode).toBe(422);
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await get(student)).statusCode).toBe(403);
  });
});

describe('mondayOf', () => {
  it('gives the Monday of the week', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });
});
