import { randomUUID } from 'node:crypto';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { addDays } from '@kalinga/contracts/lending/rules';
import { syncDeltaReplySchema, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { expect } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../harness';
import { todayIn } from '@kalinga/contracts/zone-time';

/** A company with an administrator, a clerk who may only view lending, and another company. */
export interface LendingWorld {
  t: TestApp;
  admin: Actor;
  viewer: Actor;
  other: Actor;
  /** A jewellery category: 3 % a month, 2 % penalty, one month, 30 days to redeem after maturity, renewable. */
  category: { id: number; uuid: string };
  /** A category that may not be renewed. */
  fixed: { id: number; uuid: string };
  /** The other company's category (same terms as `category`). */
  otherCategory: { id: number; uuid: string };
}

export const TODAY = () => todayIn('Asia/Manila');
export const daysAgo = (n: number) => addDays(TODAY(), -n);

export async function lendingWorld(env: Record<string, string> = {}): Promise<LendingWorld> {
  const t = await createTestApp(env);
  const admin = await registerCompany(t.app, 'Pawnshop One');
  const other = await registerCompany(t.app, 'Pawnshop Two');
  const role = await t.app.inject({ method: 'POST', url: '/api/roles', headers: admin.headers, payload: { name: 'clerk', permissions: ['view lending'] } });
  expect(role.statusCode).toBe(201);
  const viewer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['clerk'] });
  // Both with the shortest redemption period the rules allow (30 days, fast-depreciating: decision 0180), so that a
  // loan dated some 70 days back can be forfeited; the 90-day default has its own tests (redemption-period.test.ts).
  const category = await makeCategory(t, admin, { title: 'Jewellery', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, fast_depreciating: true });
  const fixed = await makeCategory(t, admin, { title: 'Gadgets', interest_rate: 4, penalty_rate: 1, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, is_renewable: false, fast_depreciating: true });
  const otherCategory = await makeCategory(t, other, { title: 'Jewellery', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, fast_depreciating: true });
  return { t, admin, viewer, other, category, fixed, otherCategory };
}

export async function makeCategory(t: TestApp, actor: Actor, fields: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: actor.headers, payload: { kind: 'lending', ...fields } });
  expect(res.statusCode).toBe(201);
  const { id, uuid } = res.json().data as { id: number; uuid: string };
  return { id, uuid };
}

export async function call(t: TestApp, actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...actor.headers, ...headers }, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
}

/** The actor's delta pull (GET /api/sync) after `since`, or from the start without it; a reply other than 200 fails the test. */
export async function pullDelta(t: TestApp, actor: Actor, since?: string): Promise<SyncDeltaReply> {
  const res = await call(t, actor, 'GET', `/api/sync${since ? `?since=${since}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return syncDeltaReplySchema.parse(res.json());
}

/** The branch header of a request made at `branch` (its id). */
export const atBranch = (branch: number) => ({ [BRANCH_HEADER]: String(branch) });

/**
 * A lending world whose company has two branches, its first and one made through the API (Makati, tickets MKT-…),
 * and a counter clerk (Liza).
 */
export async function twoBranchWorld(): Promise<{ w: LendingWorld; main: number; makati: number; clerk: Actor }> {
  const w = await lendingWorld();
  const main = ((await call(w.t, w.admin, 'GET', '/api/branches')).json() as { data: { id: number }[] }).data[0].id;
  const made = await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', address: 'Ayala Avenue', bsp_registration: 'PS-1', ticket_prefix: 'mkt' });
  expect(made.statusCode, made.body).toBe(201);
  const [clerk] = await counterClerks(w, w.admin, ['Liza']);
  return { w, main, makati: (made.json() as { data: { id: number } }).data.id, clerk };
}

export async function makeCustomer(t: TestApp, actor: Actor, fields: Record<string, unknown> = {}) {
  const res = await call(t, actor, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'Juan', last_name: 'Dela Cruz', phone_number: '09171234567', ...fields });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; uuid: string };
}

export function loanBody(customerUuid: string, categoryId: number, fields: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    customer_uuid: customerUuid,
    category_id: categoryId,
    loan_date: TODAY(),
    loan_amount: 1000,
    items: [{ uuid: randomUUID(), description: '18k gold ring', appraisal_value: 1500 }],
    ...fields,
  };
}

export async function makeLoan(w: LendingWorld, fields: Record<string, unknown> = {}, actor: Actor = w.admin) {
  const customer = await makeCustomer(w.t, actor);
  const category = actor.companyId === w.admin.companyId ? w.category : w.otherCategory;
  const res = await call(w.t, actor, 'POST', '/api/loans', loanBody(customer.uuid, category.id, fields));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; uuid: string; pawn_ticket_number: string; items: { uuid: string }[]; [k: string]: unknown };
}

/** Rows of a table for a company, for asserting that nothing more was written. */
export async function countRows(t: TestApp, table: 'customers' | 'loans' | 'items' | 'transactions', companyId: number): Promise<number> {
  const { n } = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(n);
}

/** A 'counter' role (view and manage lending) in the owner's company, and one clerk of that company holding it per name. */
export async function counterClerks(w: LendingWorld, owner: Actor, names: (string | undefined)[]): Promise<Actor[]> {
  const role = await call(w.t, owner, 'POST', '/api/roles', { name: 'counter', permissions: ['view lending', 'manage lending'] });
  expect(role.statusCode).toBe(201);
  const clerks: Actor[] = [];
  for (const name of names) clerks.push(await addUser(w.t.app, owner.companyId, { userType: 'personnel', roles: ['counter'], ...(name !== undefined && { name }) }));
  return clerks;
}

/** A manager's forfeiture of a ticket whose pawner got no notice (decision 0217): the body carries the reason. */
export const NO_NOTICE = { no_notice_reason: 'The pawner left no address to send the notice to' } as const;

/**
 * Records that the loan's notice was sent, straight in the database: tests of what follows a forfeiture need an
 * expired loan whose notice went out, and the API records a notice only before the period ends (decision 0184).
 */
export async function markNotified(w: LendingWorld, uuid: string): Promise<void> {
  await w.t.db.updateTable('loans').set({ notice_sent_at: new Date().toISOString() }).where('uuid', '=', uuid).execute();
}
