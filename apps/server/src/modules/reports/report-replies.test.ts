import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { addDays } from './report-days';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { appointmentRow } from '../../../test/appointment-rows';

// Report replies are kept and sent again while the counts they were built from are unchanged (decision
// 0046). Every change a user can make in between shows at once: a booking, a cancellation, a renamed
// category, a client's new department.

let t: TestApp;
let admin: Actor;
let today: string;
let clientId: number;
let counselorId: number;
let categoryId: number;

interface Row {
  day: string;
  count: number;
  is_forecast: boolean;
  category_title?: string;
  department?: string;
}

let calls = 0;
const readers: Actor[] = [];

/** Today's rows of a report, read by one of three managers in turn (so no reader reaches the limit). */
async function todayRows(kind: 'category' | 'department'): Promise<Row[]> {
  const reader = readers[calls++ % readers.length];
  const res = await t.app.inject({ method: 'GET', url: `/api/reports/appointments-by-${kind}-daily?period=last_7_days&forecast_days=7`, headers: reader.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json() as Row[]).filter((r) => r.day === today && !r.is_forecast);
}

async function book(): Promise<number> {
  const row = await t.db
    .insertInto('appointments')
    .values(appointmentRow({ company_id: admin.companyId, counselor_id: counselorId, client_id: clientId, category_id: categoryId, appointment_date: new Date(Date.now() - Math.floor(Math.random() * 1e9) % 3_600_000).toISOString(), local_date: today, status: 'completed' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Replies School');
  const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
  today = localDateOf(new Date(), company.timezone);
  counselorId = (await addUser(t.app, admin.companyId, { userType: 'counselor' })).user.id;
  clientId = (await addUser(t.app, admin.companyId, { extra: { department: 'Nursing' } })).user.id;
  categoryId = await addCategory(t.db, admin.companyId, 'Stress');
  readers.push(admin, ...(await Promise.all([0, 1].map(() => addUser(t.app, admin.companyId, { userType: 'counselor' })))));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('kept report replies', () => {
  it('show every change made between two identical calls', async () => {
    const first = await book();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Stress', count: 1 }]);
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Stress', count: 1 }]);
    await book();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Stress', count: 2 }]);
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('id', '=', first).execute();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Stress', count: 1 }]);
    await t.db.updateTable('categories').set({ title: 'Exam stress' }).where('id', '=', categoryId).execute();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Exam stress', count: 1 }]);

    // Moved to yesterday: the same number of rows and the same total, on another day.
    const second = await book();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Exam stress', count: 2 }]);
    await t.db.updateTable('appointments').set({ local_date: addDays(today, -1) }).where('id', '=', second).execute();
    expect(await todayRows('category')).toMatchObject([{ category_title: 'Exam stress', count: 1 }]);

    // Five more people in each department (yesterday), so neither is too small to show (decision 0157).
    for (const department of ['Nursing', 'Engineering']) {
      for (let i = 0; i < 5; i++) {
        const other = (await addUser(t.app, admin.companyId, { extra: { department } })).user.id;
        const id = await book();
        await t.db.updateTable('appointments').set({ client_id: other, local_date: addDays(today, -1) }).where('id', '=', id).execute();
      }
    }
    const booked = async () => (await todayRows('department')).filter((r) => r.count > 0);
    expect(await booked()).toMatchObject([{ department: 'Nursing', count: 1 }]);
    await t.db.updateTable('users').set({ department: 'Engineering' }).where('id', '=', clientId).execute();
    expect(await booked()).toMatchObject([{ department: 'Engineering', count: 1 }]);
  });
});
