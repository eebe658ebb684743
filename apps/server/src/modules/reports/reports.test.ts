import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import type { AppointmentsTable } from '../../db/tables';
import type { ReportRow as Row } from '@kalinga/contracts/reports';
import { addDays, dayRange } from './report-days';
import { dailyCountsByGroup } from './report.repository';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { appointmentRow } from '../../../test/appointment-rows';

let t: TestApp;
let admin: Actor;
let other: Actor;
let today: string;
let slot = 0;
const ids: Record<string, number> = {};

const category = (companyId: number, title: string) => addCategory(t.db, companyId, title);

/** Inserts an appointment row directly (the reports read the table; the appointments module is not needed). */
async function appointment(values: { companyId: number; counselorId: number; clientId: number; categoryId: number; localDate: string; status?: AppointmentsTable['status'] }) {
  // Distinct start instants keep the no-double-booking index happy.
  const start = new Date(Date.parse(`${values.localDate}T00:00:00.000Z`) + (slot++ % 1400) * 60_000).toISOString();
  const row = appointmentRow({ company_id: values.companyId, counselor_id: values.counselorId, client_id: values.clientId, category_id: values.categoryId, appointment_date: start, local_date: values.localDate, status: values.status ?? 'pending' });
  await t.db.insertInto('appointments').values(row).execute();
}

async function get(path: string, actor: Actor, query = ''): Promise<{ status: number; body: unknown }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/reports/${path}${query}`, headers: actor.headers });
  return { status: res.statusCode, body: res.json() };
}

const real = (rows: Row[]) => rows.filter((r) => !r.is_forecast);

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Reports School');
  other = await registerCompany(t.app, 'Other School');
  const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
  today = localDateOf(new Date(), company.timezone);

  const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  ids.counselor = counselor.user.id;
  // Turns 18 five days ago: appointments before that day count as Under 18, from it on as 18-21.
  const birthday = addDays(today, -5);
  const born = `${Number(birthday.slice(0, 4)) - 18}${birthday.slice(4)}`;
  const teen = await addUser(t.app, admin.companyId, { extra: { birth_date: born, department: 'College of Nursing' } });
  const blank = await addUser(t.app, admin.companyId, { userType: 'personnel', extra: { birth_date: null, department: '  ' } });
  const senior = await addUser(t.app, admin.companyId, { userType: 'personnel', extra: { birth_date: '1950-01-01', department: 'Finance' } });
  ids.teen = teen.user.id;
  ids.blank = blank.user.id;
  ids.senior = senior.user.id;
  ids.stress = await category(admin.companyId, 'Stress');
  ids.career = await category(admin.companyId, 'Career');

  const a = { companyId: admin.companyId, counselorId: ids.counselor };
  await appointment({ ...a, clientId: ids.teen, categoryId: ids.stress, localDate: addDays(today, -6) });
  await appointment({ ...a, clientId: ids.teen, categoryId: ids.stress, localDate: addDays(today, -5), status: 'confirmed' });
  await appointment({ ...a, clientId: ids.teen, categoryId: ids.stress, localDate: addDays(today, -5), status: 'completed' });
  await appointment({ ...a, clientId: ids.blank, categoryId: ids.career, localDate: today });
  await appointment({ ...a, clientId: ids.senior, categoryId: ids.career, localDate: addDays(today, -20) });
  // Cancelled ones never count.
  await appointment({ ...a, clientId: ids.senior, categoryId: ids.career, localDate: addDays(today, -1), status: 'cancelled' });
  await appointment({ ...a, clientId: ids.senior, categoryId: ids.career, localDate: addDays(today, -2), status: 'cancelled' });
  // Older than 30 days: only feeds the forecast; appointments after today are not history.
  await appointment({ ...a, clientId: ids.senior, categoryId: ids.career, localDate: addDays(today, -60) });
  await appointment({ ...a, clientId: ids.senior, categoryId: ids.stress, localDate: addDays(today, 3) });

  // Another company, with people and a category of its own, books on the same days.
  const otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
  const otherClient = await addUser(t.app, other.companyId, { extra: { birth_date: '2000-01-01', department: 'Secret Department' } });
  const otherCategory = await category(other.companyId, 'Other Category');
  for (const d of [0, -1, -5, -6]) {
    await appointment({ companyId: other.companyId, counselorId: otherCounselor.user.id, clientId: otherClient.user.id, categoryId: otherCategory, localDate: addDays(today, d) });
  }
  // Even a row of the other company that points at our category and our client stays theirs.
  await appointment({ companyId: other.companyId, counselorId: otherCounselor.user.id, clientId: ids.teen, categoryId: ids.stress, localDate: today });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/reports/appointments-by-category-daily', () => {
  it('returns a dense daily series per category for the last 30 days, then 30 forecast days', async () => {
    const { status, body } = await get('appointments-by-category-daily', admin);
    expect(status).toBe(200);
    const rows = body as Row[];
    expect([...new Set(rows.map((r) => r.category_title))]).toEqual(['Career', 'Stress']);
    const period = dayRange(addDays(today, -29), today);
    for (const title of ['Career', 'Stress']) {
      const series = real(rows.filter((r) => r.category_title === title));
      expect(series.map((r) => r.day)).toEqual(period);
      const forecast = rows.filter((r) => r.category_title === title && r.is_forecast);
      expect(forecast.map((r) => r.day)).toEqual(dayRange(addDays(today, 1), addDays(today, 30)));
      expect(forecast.every((r) => r.count >= 0)).toBe(true);
    }
    const stress = new Map(real(rows.filter((r) => r.category_title === 'Stress')).map((r) => [r.day, r.count]));
    expect(stress.get(addDays(today, -6))).toBe(1);
    expect(stress.get(addDays(today, -5))).toBe(2);
    // Zero days are present, and the other company's row for our category on today is not counted.
    expect(stress.get(addDays(today, -4))).toBe(0);
    expect(stress.get(today)).toBe(0);
    const career = new Map(real(rows.filter((r) => r.category_title === 'Career')).map((r) => [r.day, r.count]));
    expect(career.get(today)).toBe(1);
    expect(career.get(addDays(today, -20))).toBe(1);
    // Cancelled appointments are not counted.
    expect(career.get(addDays(today, -1))).toBe(0);
    expect(career.get(addDays(today, -2))).toBe(0);
    expect(real(rows).reduce((s, r) => s + r.count, 0)).toBe(5);
  });

  it('gives each forecast row an 80 % range (non-negative, at most two decimals) and the days of history behind it', async () => {
    const rows = (await get('appointments-by-category-daily', admin, '?period=last_7_days&forecast_days=90')).body as Row[];
    for (const r of real(rows)) expect(Object.keys(r).sort()).toEqual(['category_title', 'count', 'day', 'is_forecast']);
    const forecast = rows.filter((r) => r.is_forecast);
    expect(forecast).toHaveLength(2 * 90);
    for (const r of forecast) {
      // Ends may be fractional since decision 0286: two decimals at most, rounded outward.
      expect(Number.isInteger(Math.round(r.lower! * 100 * 1e6) / 1e6) && Number.isInteger(Math.round(r.upper! * 100 * 1e6) / 1e6), r.day).toBe(true);
      expect(r.lower).toBeGreaterThanOrEqual(0);
      expect(r.lower!).toBeLessThanOrEqual(r.upper!);
    }
    // Career's first appointment was 60 days ago; Stress's six days ago (little data). Stress has 3 in those 7 days:
    // spread over four weeks, not 3/7 a day; and the one booked in three days lifts that day's range to at least 1.
    expect(forecast.find((r) => r.category_title === 'Career')!.history_days).toBe(61);
    const stress = forecast.filter((r) => r.category_title === 'Stress');
    expect(stress[0].history_days).toBe(7);
    expect(stress[0].count).toBeCloseTo(3 / 28, 2);
    const booked = stress.find((r) => r.day === addDays(today, 3))!;
    expect(booked.count).toBe(1);
    expect(booked.lower).toBe(1);
    expect(booked.upper).toBeGreaterThanOrEqual(1);
  });

  it('ranges the other company\'s forecast on its own appointments only', async () => {
    const theirs = (await get('appointments-by-category-daily', other, '?forecast_days=7')).body as Row[];
    const forecast = theirs.filter((r) => r.is_forecast);
    // Their row on our category is theirs under N/A (one today); none of our groups, history or bookings (our Stress
    // booking in three days lifts nothing of theirs).
    expect([...new Set(forecast.map((r) => r.category_title))]).toEqual(['Other Category', 'N/A']);
    for (const r of forecast) {
      const own = r.category_title === 'Other Category';
      // Four appointments since six days ago, or one today: little data, spread over four weeks.
      expect(r.history_days).toBe(own ? 7 : 1);
      expect(r.count).toBeCloseTo((own ? 4 : 1) / 28, 2);
      expect(r.lower).toBe(0);
      expect(r.upper!).toBeLessThanOrEqual(1);
    }
  });

  it('honours period and forecast_days', async () => {
    const { status, body } = await get('appointments-by-category-daily', admin, '?period=last_7_days&forecast_days=7');
    expect(status).toBe(200);
    const rows = body as Row[];
    // Career's last appointment in the window is today; Stress had two days inside the 7.
    expect([...new Set(rows.map((r) => r.category_title))]).toEqual(['Career', 'Stress']);
    expect(real(rows).filter((r) => r.category_title === 'Stress').map((r) => r.day)).toEqual(dayRange(addDays(today, -6), today));
    expect(rows.filter((r) => r.is_forecast && r.category_title === 'Stress')).toHaveLength(7);

    const year = (await get('appointments-by-category-daily', admin, '?period=last_365_days&forecast_days=365')).body as Row[];
    expect(real(year).filter((r) => r.category_title === 'Career')).toHaveLength(365);
    expect(year.filter((r) => r.is_forecast && r.category_title === 'Career')).toHaveLength(365);
    expect(real(year).find((r) => r.category_title === 'Career' && r.day === addDays(today, -60))!.count).toBe(1);
  });

  it('rejects any other period or forecast_days with 422', async () => {
    for (const query of ['?period=last_8_days', '?period=', '?period=LAST_30_DAYS', '?forecast_days=31', '?forecast_days=abc', '?forecast_days=30.0', '?forecast_days=-7', '?forecast_days=']) {
      const { status, body } = await get('appointments-by-category-daily', admin, query);
      expect(status, query).toBe(422);
      const field = query.startsWith('?period') ? 'period' : 'forecast_days';
      expect((body as { errors: Record<string, string[]> }).errors[field], query).toBeDefined();
    }
  });

  it('answers 403 without "view reports" and 401 without a token', async () => {
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await get('appointments-by-category-daily', student)).status).toBe(403);
    expect((await get('appointments-by-age-daily', student)).status).toBe(403);
    expect((await get('appointments-by-department-daily', student)).status).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/appointments-by-category-daily' });
    expect(res.statusCode).toBe(401);
  });

  it('lets a counselor (who holds view reports) read it', async () => {
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await get('appointments-by-category-daily', counselor)).status).toBe(200);
  });
});

describe('GET /api/reports/appointments-by-age-daily', () => {
  it('groups by age on the appointment date, with N/A for no birth date', async () => {
    // The grouping itself, from the kept counts: every one of these groups is a single person.
    const rows = await dailyCountsByGroup(t.db, admin.companyId, 'age', addDays(today, -29), today);
    expect([...new Set(rows.map((r) => r.group))].sort()).toEqual(['18-21', 'N/A', 'Over 50', 'Under 18']);
    const count = (group: string, day: string) => rows.find((r) => r.group === group && r.day === day)?.count ?? 0;
    expect(count('Under 18', addDays(today, -6))).toBe(1);
    expect(count('Under 18', addDays(today, -5))).toBe(0);
    expect(count('18-21', addDays(today, -5))).toBe(2);
    expect(count('N/A', today)).toBe(1);
    expect(count('Over 50', addDays(today, -20))).toBe(1);
    // The report shows none of them: groups of fewer than five people are hidden, their numbers never sent.
    const { status, body } = await get('appointments-by-age-daily', admin, '?period=last_30_days&forecast_days=7');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});

describe('GET /api/reports/appointments-by-department-daily', () => {
  it('groups by the client\'s department, blank as N/A, never another company\'s', async () => {
    const rows = await dailyCountsByGroup(t.db, admin.companyId, 'department', addDays(today, -29), today);
    expect([...new Set(rows.map((r) => r.group))].sort()).toEqual(['College of Nursing', 'Finance', 'N/A']);
    expect(rows.filter((r) => r.group === 'College of Nursing').reduce((s, r) => s + r.count, 0)).toBe(3);
    expect(rows.find((r) => r.group === 'N/A' && r.day === today)!.count).toBe(1);
    // One person each: the report hides all three.
    const { status, body } = await get('appointments-by-department-daily', admin);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('shows the other company only its own appointments', async () => {
    const rows = await dailyCountsByGroup(t.db, other.companyId, 'department', addDays(today, -29), today);
    // Its own client's department plus our teen (College of Nursing) on its own row: 4 + 1, nothing of ours.
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(5);
    expect(rows.some((r) => r.group === 'Finance')).toBe(false);
    const categories = (await get('appointments-by-category-daily', other)).body as Row[];
    expect(real(categories).reduce((s, r) => s + r.count, 0)).toBe(5);
  });

  it('returns an empty list when the period has no appointments', async () => {
    const empty = await registerCompany(t.app, 'Empty School');
    for (const path of ['appointments-by-category-daily', 'appointments-by-age-daily', 'appointments-by-department-daily']) {
      const { status, body } = await get(path, empty);
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
  });

  it('ends the period on today in the company\'s own time zone', async () => {
    const far = await registerCompany(t.app, 'Far East School');
    await t.db.updateTable('companies').set({ timezone: 'Pacific/Kiritimati' }).where('id', '=', far.companyId).execute();
    const farToday = localDateOf(new Date(), 'Pacific/Kiritimati');
    const counselor = await addUser(t.app, far.companyId, { userType: 'counselor' });
    const client = await addUser(t.app, far.companyId, { extra: { department: 'Registrar' } });
    const cat = await category(far.companyId, 'Any');
    await appointment({ companyId: far.companyId, counselorId: counselor.user.id, clientId: client.user.id, categoryId: cat, localDate: farToday });
    const rows = (await get('appointments-by-category-daily', far, '?period=last_7_days')).body as Row[];
    expect(real(rows).at(-1)).toMatchObject({ day: farToday, count: 1, category_title: 'Any' });
  });
});

describe('OpenAPI', () => {
  it('documents the report calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).toContain('/api/reports/appointments-by-age-daily');
  });
});
