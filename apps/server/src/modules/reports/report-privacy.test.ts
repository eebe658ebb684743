import { REPORT_PERIODS } from '@kalinga/contracts/reports';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow } from '../../../test/appointment-rows';
import { type Actor, addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { mondayOf } from './intake-report';
import { addDays, daysBetween } from './report-days';

// Differencing attacks on the reports that break down confidential content (docs/decisions/0212-reports-survive-differencing.md):
// read every period a caller can ask for, change one person's data, read every period again. The replies must not
// single that person out: here they must be equal. Run on PostgreSQL too (npm run test:pg).

let t: TestApp;
let admin: Actor;
let today: string;
let counselorId: number;
let categoryId: number;
let slot = 0;
/** Days back to a day of last week (closed) and one of this week (open, today). */
let lastWeekAgo: number;

async function intake(clientId: number, phq9: string, gad7: string, daysAgo: number): Promise<number> {
  // Noon in Manila (the test company's zone) that day.
  const row = await t.db
    .insertInto('screenings')
    .values({
      company_id: admin.companyId, client_id: clientId, kind: 'intake', answers: '[]', phq9_score: 0, phq9_band: phq9, gad7_score: 0, gad7_band: gad7,
      created_at: `${addDays(today, -daysAgo)}T04:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function session(clientId: number, status: 'completed' | 'no_show' | 'pending', daysAgo: number): Promise<number> {
  const localDate = addDays(today, -daysAgo);
  const row = await t.db
    .insertInto('appointments')
    .values(appointmentRow({
      company_id: admin.companyId, counselor_id: counselorId, client_id: clientId, category_id: categoryId,
      appointment_date: new Date(Date.parse(`${localDate}T01:00:00.000Z`) + slot++ * 60_000).toISOString(), local_date: localDate, status,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const student = async (department: string) => (await addUser(t.app, admin.companyId, { userType: 'student', extra: { department, birth_date: '2005-03-01' } })).user.id;

/** Every period of both reports, as the caller sees them. */
async function readAll(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of ['intake-bands', 'no-show-rate']) {
    for (const period of REPORT_PERIODS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reports/${path}?period=${period}`, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      out[`${path} ${period}`] = res.json().data;
    }
  }
  return out;
}

/** Every number a reply publishes. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

beforeAll(async () => {
  // Each attack reads all eight replies twice: more than a person's budget of report calls.
  t = await createTestApp({ REPORTS_PER_MINUTE: '100000' });
  admin = await registerCompany(t.app, 'Differencing School');
  const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
  today = localDateOf(new Date(), company.timezone);
  // Wednesday of last week: always inside last week, whatever today's weekday.
  lastWeekAgo = daysBetween(addDays(mondayOf(today), -5), today);
  counselorId = (await addUser(t.app, admin.companyId, { userType: 'counselor' })).user.id;
  categoryId = await addCategory(t.db, admin.companyId, 'Stress');
  // Eight intakes last week and eight this week (today), eight Engineering and six Nursing students with sessions held
  // or missed in both weeks: every week and group is past the threshold, so only the method can protect anyone.
  for (let i = 0; i < 8; i++) {
    const eng = await student('Engineering');
    await intake(eng, i < 5 ? 'mild' : 'minimal', 'minimal', lastWeekAgo);
    await intake(await student('Engineering'), i < 3 ? 'moderate' : 'mild', 'mild', 0);
    await session(eng, i < 3 ? 'no_show' : 'completed', lastWeekAgo);
    await session(eng, i < 2 ? 'no_show' : 'completed', 0);
  }
  for (let i = 0; i < 6; i++) {
    const nurse = await student('Nursing');
    await session(nurse, i < 4 ? 'no_show' : 'completed', lastWeekAgo);
    await session(nurse, 'completed', 0);
  }
});
afterAll(async () => t?.close());

describe('reports survive differencing (decision 0212)', () => {
  it("one more intake today changes no reply of any period: the current week is never published", async () => {
    const before = await readAll();
    await intake(await student('Engineering'), 'severe', 'severe', 0);
    expect(await readAll()).toEqual(before);
  });

  it('one more no-show today changes no reply of any period', async () => {
    const before = await readAll();
    const id = await session(await student('Engineering'), 'pending', 0);
    await t.db.updateTable('appointments').set({ status: 'no_show' }).where('id', '=', id).execute();
    expect(await readAll()).toEqual(before);
  });

  it('a change to a week already published (a session marked late, an intake removed, a new department) changes nothing published', async () => {
    const before = await readAll();
    const late = await session(await student('Nursing'), 'pending', lastWeekAgo);
    await t.db.updateTable('appointments').set({ status: 'no_show' }).where('id', '=', late).execute();
    const removed = await t.db.selectFrom('screenings').select('id').where('company_id', '=', admin.companyId).where('created_at', '<', `${mondayOf(today)}T00:00:00.000Z`).executeTakeFirstOrThrow();
    await t.db.deleteFrom('screenings').where('id', '=', removed.id).execute();
    const mover = await t.db.selectFrom('users').select('id').where('department', '=', 'Nursing').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ department: 'Engineering' }).where('id', '=', mover.id).execute();
    expect(await readAll()).toEqual(before);
  });

  it('publishes whole weeks that have ended, every count a multiple of 5 and none under 5', async () => {
    const all = await readAll();
    const lastSunday = addDays(mondayOf(today), -1);
    for (const [name, data] of Object.entries(all) as [string, { from: string; to: string; weeks?: { week: string }[] }][]) {
      expect(data.to, name).toBe(lastSunday);
      expect(mondayOf(data.from), name).toBe(data.from);
      for (const w of data.weeks ?? []) expect(w.week < mondayOf(today), name).toBe(true);
      // A rate lies in (0, 1]; every count is a multiple of 5, at least 5 (smaller ones are null).
      for (const n of numbersIn(data)) expect((n > 0 && n <= 1) || (Number.isInteger(n) && n >= 5 && n % 5 === 0), `${name}: ${n}`).toBe(true);
    }
    const intakeWeek = (all['intake-bands last_7_days'] as { weeks: { total: number | null; phq9: Record<string, number | null> }[] }).weeks;
    expect(intakeWeek).toHaveLength(1);
    // Eight intakes last week: 10 once rounded; mild 5 stays 5, minimal 3 and severe 0 both read "under 5" (null).
    expect(intakeWeek[0]).toMatchObject({ total: 10, phq9: { mild: 5, minimal: null, severe: null } });
  });
});

describe('publishing a week once', () => {
  it('readers arriving together all get one table, kept once (races overlap on PostgreSQL)', async () => {
    const school = await registerCompany(t.app, 'Concurrent School');
    for (let i = 0; i < 7; i++) {
      const client = (await addUser(t.app, school.companyId, { userType: 'student' })).user.id;
      await t.db
        .insertInto('screenings')
        .values({ company_id: school.companyId, client_id: client, kind: 'intake', answers: '[]', phq9_score: 0, phq9_band: 'mild', gad7_score: 0, gad7_band: 'mild', created_at: `${addDays(today, -lastWeekAgo)}T04:00:00.000Z` })
        .execute();
    }
    const read = (path: string) => t.app.inject({ method: 'GET', url: `/api/reports/${path}?period=last_30_days`, headers: school.headers });
    const replies = await Promise.all([...Array(6)].flatMap(() => [read('intake-bands'), read('no-show-rate')]));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const intakes = new Set(replies.filter((_, i) => i % 2 === 0).map((r) => r.body));
    const rates = new Set(replies.filter((_, i) => i % 2 === 1).map((r) => r.body));
    expect([intakes.size, rates.size]).toEqual([1, 1]);
    const kept = await t.db.selectFrom('report_publications').select(['report', 'period_key']).where('company_id', '=', school.companyId).execute();
    // Four weeks of intakes; the no-show tables of all four periods ending last Sunday.
    expect(kept.filter((k) => k.report === 'intake-bands')).toHaveLength(4);
    expect(kept.filter((k) => k.report === 'no-show-rate')).toHaveLength(4);
  });
});
