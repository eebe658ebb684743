// The list's cached totals (docs/decisions/0025) must always equal a fresh count: after writes that
// bypass the service (another process, a script), after a rename that changes search matches, and
// when the clock moves an appointment from a live tab into history.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let client: Actor;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Totals School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Tala Counselor' });
  client = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Lino Student' });
  categoryId = await addCategory(t.app, admin.companyId);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Status = 'pending' | 'confirmed' | 'completed' | 'cancelled';
/** Writes straight to the table, as another process or a script would. */
async function insertDirect(startMs: number, status: Status): Promise<number> {
  const start = new Date(startMs).toISOString();
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('appointments')
    .values({ uuid: randomUUID(), company_id: admin.companyId, counselor_id: counselor.user.id, client_id: client.user.id, category_id: categoryId, appointment_date: start, local_date: start.slice(0, 10), duration_minutes: 60, reason: 'Direct', status, location_type: 'online', location: null, user_type: 'student', notes: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function total(actor: Actor, query = ''): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments?per_page=5${query}`, headers: actor.headers });
  expect(res.statusCode).toBe(200);
  return res.json().meta.total as number;
}
async function counts(actor: Actor) {
  const res = await t.app.inject({ method: 'GET', url: '/api/appointments/counts', headers: actor.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { pending: number; upcoming: number; history: number };
}

describe('cached list totals', () => {
  it('follow inserts, updates and deletes made outside the service', async () => {
    const before = await total(admin);
    expect(await total(admin)).toBe(before); // now cached
    const id = await insertDirect(Date.now() + 10 * 86_400_000, 'pending');
    expect(await total(admin)).toBe(before + 1);
    expect(await total(counselor)).toBe(before + 1);
    expect(await total(admin, '&status=pending')).toBe(1);
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('id', '=', id).execute();
    expect(await total(admin, '&status=pending')).toBe(0);
    expect(await total(admin, '&status=history')).toBe(1);
    expect(await counts(admin)).toEqual({ pending: 0, upcoming: 0, history: 1 });
    await t.db.deleteFrom('appointments').where('id', '=', id).execute();
    expect(await total(admin)).toBe(before);
    expect(await counts(admin)).toEqual({ pending: 0, upcoming: 0, history: 0 });
  });

  it("follow a rename that changes what a search matches", async () => {
    await insertDirect(Date.now() - 3 * 86_400_000, 'completed');
    expect(await total(admin, '&search=zenaida')).toBe(0);
    await t.db.updateTable('users').set({ name: 'Zenaida Student' }).where('id', '=', client.user.id).execute();
    expect(await total(admin, '&search=zenaida')).toBe(1);
    expect(await total(counselor, '&search=zenaida')).toBe(1);
  });

  it('follow the clock: a pending appointment whose start passes moves to history without any write', async () => {
    const start = Date.now() + 2 * 3_600_000;
    await insertDirect(start, 'pending');
    await insertDirect(start + 3_600_000, 'confirmed');
    const first = await counts(admin);
    expect(await total(admin, '&status=pending')).toBe(first.pending);
    expect(first.pending).toBeGreaterThanOrEqual(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start); // the start itself is still pending (appointment_date >= now)
    expect(await counts(admin)).toEqual(first);
    vi.setSystemTime(start + 60_000);
    expect(await counts(admin)).toEqual({ pending: first.pending - 1, upcoming: first.upcoming, history: first.history + 1 });
    expect(await total(admin, '&status=pending')).toBe(first.pending - 1);
    vi.setSystemTime(start + 2 * 3_600_000);
    expect(await counts(admin)).toEqual({ pending: first.pending - 1, upcoming: first.upcoming - 1, history: first.history + 2 });
    // Back before the count: the earlier totals again.
    vi.useRealTimers();
    expect(await counts(admin)).toEqual(first);
  });
});
