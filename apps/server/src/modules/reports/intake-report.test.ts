import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { mondayOf } from './intake-report';
import { addDays } from './report-days';
import { localDateOf } from '@kalinga/contracts/zone-time';

// Intake counts by severity band by week: counts only, never who (decisions 0157, 0162). Run on PostgreSQL too.

let t: TestApp;
let admin: Actor;
let other: Actor;
let today: string;

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
  const a = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
  const b = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
  await screening(admin.companyId, a, 'intake', 'severe', 'moderate', 0);
  await screening(admin.companyId, b, 'intake', 'mild', 'mild', 0);
  // Five intakes this week (their bands shown); one two weeks ago (its band hidden).
  for (let n = 0; n < 3; n++) {
    const client = (await addUser(t.app, admin.companyId, { userType: 'student' })).user.id;
    await screening(admin.companyId, client, 'intake', 'mild', 'minimal', 0);
  }
  await screening(admin.companyId, a, 'follow-up', 'minimal', 'minimal', 0);
  await screening(admin.companyId, b, 'intake', 'moderately severe', 'severe', 14);
  await screening(admin.companyId, b, 'intake', 'minimal', 'minimal', 60);
  const c = (await addUser(t.app, other.companyId, { userType: 'student' })).user.id;
  await screening(other.companyId, c, 'intake', 'severe', 'severe', 0);
});
afterAll(async () => t?.close());

const get = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/reports/intake-bands${query}`, headers: actor.headers });

describe('GET /api/reports/intake-bands', () => {
  it('counts intake questionnaires per band and week over the period; follow-ups, older ones and other companies left out', async () => {
    const res = await get(admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.from).toBe(addDays(today, -29));
    expect(data.weeks[0].week).toBe(mondayOf(data.from));
    expect(data.weeks.at(-1).week).toBe(mondayOf(today));
    const thisWeek = data.weeks.at(-1);
    expect(thisWeek).toMatchObject({ total: 5, hidden: false, phq9: { severe: 1, mild: 4, minimal: 0 }, gad7: { moderate: 1, mild: 1, minimal: 3, severe: 0 } });
    const earlier = data.weeks.find((w: { week: string }) => w.week === mondayOf(addDays(today, -14)));
    // One intake that week: counted, its bands left out (whoever knows who answered would learn their band).
    expect(earlier).toEqual({ week: earlier.week, total: 1, hidden: true, phq9: {}, gad7: {} });
    expect(data.weeks.reduce((s: number, w: { total: number }) => s + w.total, 0)).toBe(6);
    // Nothing that could name anyone: no ids, no scores, no answers.
    expect(res.body).not.toMatch(/client|score|answer|name/);
    expect((await get(admin, '?period=last_90_days')).json().data.weeks.reduce((s: number, w: { total: number }) => s + w.total, 0)).toBe(7);
  });

  it('another company counts only its own; a bad period is 422; without view reports 403', async () => {
    expect((await get(other)).json().data.weeks.at(-1).total).toBe(1);
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
