import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import * as m008 from '../../db/migrations/008-report-day-counts';
import type { AppointmentsTable } from '../../db/tables';
import { addDays } from './report-days';
import { dailyCountsByGroup, recountDailyGroups, type ReportGroupBy } from './report.repository';

// report_day_counts (migration 008) must equal a count over the appointments after every kind of write,
// from any code path: create, status changes (into and out of cancelled), reschedule, category and client
// changes, deletes, multi-row statements, and a client's new department or birth date.

let t: TestApp;
const companies: number[] = [];
const clients: number[] = [];
const counselors = new Map<number, number>();
const categories = new Map<number, number[]>();
const FROM = '2024-01-01';
const TO = '2026-12-31';
const STATUSES: AppointmentsTable['status'][] = ['pending', 'confirmed', 'completed', 'cancelled'];
let slot = 0;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const category = (companyId: number, title: string) => addCategory(t.db, companyId, title);

function newAppointment(companyId: number, clientId: number, categoryId: number, localDate: string, status: AppointmentsTable['status']) {
  const now = new Date().toISOString();
  const start = new Date(Date.parse(`${localDate}T00:00:00.000Z`) + (slot++ % 1400) * 60_000 + Math.floor(slot / 1400)).toISOString();
  return {
    uuid: randomUUID(),
    company_id: companyId,
    counselor_id: counselors.get(companyId)!,
    client_id: clientId,
    category_id: categoryId,
    appointment_date: start,
    local_date: localDate,
    duration_minutes: 60,
    reason: 'Check-in',
    status,
    location_type: 'online' as const,
    location: null,
    user_type: 'student' as const,
    notes: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  };
}

const sorted = (rows: { day: string; group: string; count: number }[]) =>
  rows.map((r) => `${r.day}|${r.group}|${r.count}`).sort();

/** Every company and dimension: the kept counts equal a fresh count, and no zero rows are left behind. */
async function expectCountsExact(): Promise<void> {
  for (const companyId of companies) {
    for (const groupBy of ['category', 'department', 'age'] as ReportGroupBy[]) {
      const kept = await dailyCountsByGroup(t.db, companyId, groupBy, FROM, TO);
      const truth = await recountDailyGroups(t.db, companyId, groupBy, FROM, TO);
      expect(sorted(kept), `company ${companyId}, ${groupBy}`).toEqual(sorted(truth));
    }
  }
  const zeros = await t.db.selectFrom('report_day_counts').select('day').where('count', '<=', 0).execute();
  expect(zeros).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Counts School', 'Counts College']) {
    const admin = await registerCompany(t.app, name);
    companies.push(admin.companyId);
    counselors.set(admin.companyId, (await addUser(t.app, admin.companyId, { userType: 'counselor' })).user.id);
    categories.set(admin.companyId, [await category(admin.companyId, 'Stress'), await category(admin.companyId, 'Career'), await category(admin.companyId, ' Stress ')]);
  }
  const people = [
    { birth_date: '2008-03-10', department: 'Nursing' },
    { birth_date: '2004-02-29', department: ' Nursing ' },
    { birth_date: null, department: '' },
    { birth_date: '1970-12-31', department: null },
    { birth_date: '1999-07-01', department: 'Finance' },
  ];
  for (const [i, extra] of people.entries()) {
    const client = await addUser(t.app, companies[i % 2], { extra });
    clients.push(client.user.id);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('report_day_counts', () => {
  it('stays equal to a count over the appointments through every kind of write', async () => {
    const rand = random(7);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const dayNear = () => addDays('2025-06-15', Math.floor(rand() * 40) - 20);

    // Create, one by one and many in one statement.
    for (let i = 0; i < 40; i++) {
      const companyId = pick(companies);
      await t.db.insertInto('appointments').values(newAppointment(companyId, pick(clients), pick(categories.get(companyId)!), dayNear(), pick(STATUSES))).execute();
    }
    await t.db
      .insertInto('appointments')
      .values(Array.from({ length: 30 }, () => newAppointment(companies[0], pick(clients), pick(categories.get(companies[0])!), dayNear(), pick(STATUSES))))
      .execute();
    await expectCountsExact();

    const ids = async () => (await t.db.selectFrom('appointments').select(['id', 'company_id']).orderBy('id').execute());
    // Status changes, into and out of cancelled.
    for (const row of (await ids()).filter(() => rand() < 0.5)) {
      await t.db.updateTable('appointments').set({ status: pick(STATUSES) }).where('id', '=', row.id).execute();
    }
    await expectCountsExact();
    // Reschedules, new categories and new clients.
    for (const row of (await ids()).filter(() => rand() < 0.4)) {
      await t.db.updateTable('appointments').set({ local_date: dayNear() }).where('id', '=', row.id).execute();
    }
    for (const row of (await ids()).filter(() => rand() < 0.3)) {
      await t.db.updateTable('appointments').set({ category_id: pick(categories.get(row.company_id)!), client_id: pick(clients) }).where('id', '=', row.id).execute();
    }
    await expectCountsExact();
    // One statement over many rows.
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('company_id', '=', companies[1]).where('local_date', '<', '2025-06-10').execute();
    await t.db.updateTable('appointments').set({ status: 'completed' }).where('company_id', '=', companies[0]).where('status', '=', 'cancelled').where('local_date', '>', '2025-06-20').execute();
    await expectCountsExact();
    // Deletes, single and many.
    for (const row of (await ids()).filter(() => rand() < 0.2)) {
      await t.db.deleteFrom('appointments').where('id', '=', row.id).execute();
    }
    await t.db.deleteFrom('appointments').where('local_date', '<', '2025-05-30').execute();
    await expectCountsExact();
  });

  it('regroups a client\'s appointments when their department or birth date changes', async () => {
    const [teen, , blank] = clients;
    const companyId = companies[0];
    const categoryId = categories.get(companyId)![0];
    await t.db.insertInto('appointments').values(newAppointment(companyId, teen, categoryId, '2025-03-09', 'pending')).execute();
    await t.db.insertInto('appointments').values(newAppointment(companyId, teen, categoryId, '2025-03-10', 'completed')).execute();
    // The teen in another company too: both companies' counts move.
    await t.db.insertInto('appointments').values(newAppointment(companies[1], teen, categories.get(companies[1])![1], '2025-03-11', 'confirmed')).execute();
    const department = async (day: string, group: string) =>
      (await dailyCountsByGroup(t.db, companyId, 'department', day, day)).find((r) => r.group === group)?.count ?? 0;
    const age = async (day: string, group: string) => (await dailyCountsByGroup(t.db, companyId, 'age', day, day)).find((r) => r.group === group)?.count ?? 0;
    expect(await department('2025-03-10', 'Nursing')).toBe(1);
    // Born 2008-03-10: 16 the day before the 17th birthday… and both days Under 18.
    expect(await age('2025-03-10', 'Under 18')).toBe(1);

    await t.db.updateTable('users').set({ department: 'Engineering' }).where('id', '=', teen).execute();
    expect(await department('2025-03-10', 'Nursing')).toBe(0);
    expect(await department('2025-03-10', 'Engineering')).toBe(1);
    await expectCountsExact();

    // Turning 18 on the second appointment's day: one Under 18, one 18-21.
    await t.db.updateTable('users').set({ birth_date: '2007-03-10' }).where('id', '=', teen).execute();
    expect(await age('2025-03-09', 'Under 18')).toBe(1);
    expect(await age('2025-03-10', '18-21')).toBe(1);
    await t.db.updateTable('users').set({ birth_date: null, department: '  ' }).where('id', '=', teen).execute();
    expect(await age('2025-03-10', 'N/A')).toBeGreaterThanOrEqual(1);
    await t.db.updateTable('users').set({ department: 'Registrar', birth_date: '1990-01-01' }).where('id', 'in', [teen, blank]).execute();
    // A name change moves nothing.
    await t.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', teen).execute();
    await expectCountsExact();
  });

  it('stays exact under concurrent writes on one day (PostgreSQL: no lost update, no deadlock)', async () => {
    const companyId = companies[0];
    const [first, second] = categories.get(companyId)!;
    const day = '2025-08-01';
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.db.insertInto('appointments').values(newAppointment(companyId, clients[i % clients.length], i % 2 ? first : second, day, 'pending')).returning('id').executeTakeFirstOrThrow(),
      ),
    );
    await Promise.all([
      ...created.map(({ id }, i) =>
        t.db.transaction().execute(async (trx) => {
          await trx.updateTable('appointments').set({ status: i % 3 ? 'cancelled' : 'completed' }).where('id', '=', id).execute();
          await trx.updateTable('appointments').set({ category_id: i % 2 ? second : first }).where('id', '=', id).execute();
        }),
      ),
      t.db.updateTable('users').set({ department: 'Concurrent' }).where('id', '=', clients[0]).execute(),
      t.db.updateTable('users').set({ birth_date: '2001-01-01' }).where('id', '=', clients[1]).execute(),
    ]);
    await expectCountsExact();
    const total = (await dailyCountsByGroup(t.db, companyId, 'category', day, day)).reduce((n, r) => n + r.count, 0);
    expect(total).toBe(created.filter((_, i) => i % 3 === 0).length);
  });

  it('is filled from the appointments already there when the migration runs', async () => {
    const before = await t.db.selectFrom('report_day_counts').selectAll().orderBy('company_id').orderBy('dimension').orderBy('day').orderBy('grp').execute();
    expect(before.length).toBeGreaterThan(0);
    await m008.down(t.db);
    await m008.up(t.db);
    const after = await t.db.selectFrom('report_day_counts').selectAll().orderBy('company_id').orderBy('dimension').orderBy('day').orderBy('grp').execute();
    expect(after).toEqual(before);
    await expectCountsExact();
  });
});
