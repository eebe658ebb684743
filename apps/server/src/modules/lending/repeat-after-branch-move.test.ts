import { randomUUID } from 'node:crypto';
import type { SyncMutation } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { atBranch, call, counterClerks, countRows, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';
import { currentVersion } from '../../db/sync-version';

// A repeat of a write the server applied, with the Idempotency-Key it was applied with, by the same user of the same
// company, gets the reply recorded for it whatever branch the request names or the user works at now, and writes
// nothing; a new write naming a branch that is not the user's is still refused (decision 0385). SQLite and PostgreSQL.

let w: LendingWorld;
let main: number;
let makati: number;
/** Counter clerks (view and manage lending), one per test's part, each at the branch the test puts them. */
let clerks: Actor[];

beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id;
  clerks = await counterClerks(w, w.admin, ['Ana', 'Bea', 'Cora', 'Dan', 'Ben', 'Carla', 'Dina', 'Eli']);
});
afterAll(async () => w?.t.close());

const key = () => ({ 'idempotency-key': `q-${randomUUID()}` });
const counts = () => Promise.all((['customers', 'loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
/** What the database holds of the company: its rows and its change counter. */
const state = async () => ({ rows: await counts(), version: await currentVersion(w.t.db, w.admin.companyId) });

async function clerkAt(name: string, branch: number): Promise<Actor> {
  const clerk = clerks.find((c) => c.user.name === name);
  if (!clerk) throw new Error(`No clerk ${name}`);
  expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [branch] })).statusCode).toBe(200);
  return clerk;
}

const moveTo = async (clerk: Actor, branch: number) =>
  expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [branch] })).statusCode).toBe(200);

type Write = { name: string; url: string; body: Record<string, unknown>; key: Record<string, string> };

/** The clerk's writes at Main, each with its key: a ticket, an added item, a redemption, a renewal, a cash day. */
async function writesAtMain(clerk: Actor): Promise<{ write: Write; status: number; body: unknown }[]> {
  const customer = await makeCustomer(w.t, w.admin);
  const held = await makeLoan(w);
  const toRedeem = await makeLoan(w, { loan_date: daysAgo(4) });
  const toRenew = await makeLoan(w, { loan_date: daysAgo(40) });
  const writes: Write[] = [
    { name: 'loan', url: '/api/loans', body: loanBody(customer.uuid, w.category.id), key: key() },
    { name: 'item', url: '/api/items', body: { uuid: randomUUID(), loan_uuid: held.uuid, description: 'Gold chain', appraisal_value: 800 }, key: key() },
    { name: 'redeem', url: `/api/loans/${toRedeem.uuid}/redeem`, body: {}, key: key() },
    { name: 'renew', url: `/api/loans/${toRenew.uuid}/renew`, body: { new_uuid: randomUUID() }, key: key() },
    { name: 'cash day', url: '/api/cash-days', body: { uuid: randomUUID(), opening_float: 500 }, key: key() },
  ];
  const firsts = [];
  for (const write of writes) {
    const first = await call(w.t, clerk, 'POST', write.url, write.body, { ...atBranch(main), ...write.key });
    expect([200, 201], `${write.name}: ${first.body}`).toContain(first.statusCode);
    firsts.push({ write, status: first.statusCode, body: first.json() });
  }
  return firsts;
}

describe('a repeat after its clerk moved to another branch', () => {
  it('gets the first reply, naming the old branch, the new one or none, and writes nothing', async () => {
    const ana = await clerkAt('Ana', main);
    const firsts = await writesAtMain(ana);
    await moveTo(ana, makati);
    const before = await state();
    for (const { write, status, body } of firsts) {
      for (const named of [atBranch(main), atBranch(makati), {}]) {
        const again = await call(w.t, ana, 'POST', write.url, write.body, { ...named, ...write.key });
        expect(again.statusCode, `${write.name}: ${again.body}`).toBe(status);
        expect(again.json(), write.name).toEqual(body);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('a new write naming the old branch is still refused (403) and writes nothing', async () => {
    const ana = await clerkAt('Bea', main);
    await moveTo(ana, makati);
    const customer = await makeCustomer(w.t, w.admin);
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const before = await state();
    const created = await call(w.t, ana, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), { ...atBranch(main), ...key() });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('You do not work at this branch.');
    const redeemed = await call(w.t, ana, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, { ...atBranch(main), ...key() });
    expect(redeemed.statusCode).toBe(403);
    expect(redeemed.json()).not.toHaveProperty('data');
    expect(await state()).toEqual(before);
  });

  it('another user sending the key is not given the reply: their request is their own, held to their checks', async () => {
    const ana = await clerkAt('Cora', main);
    const ben = await clerkAt('Ben', makati);
    const [{ write: loan, body: first }] = await writesAtMain(ana);
    await moveTo(ana, makati);
    const before = await state();
    // Ben, who never worked at Main, names it with Ana's key and request: refused as his own write there.
    const refused = await call(w.t, ben, 'POST', loan.url, loan.body, { ...atBranch(main), ...loan.key });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('data');
    expect(await state()).toEqual(before);
    // With Ana's key and a ticket of his own at Makati: his own new ticket, neither Ana's reply nor "already used".
    const customer = await makeCustomer(w.t, w.admin);
    const own = loanBody(customer.uuid, w.category.id);
    const his = await call(w.t, ben, 'POST', loan.url, own, { ...atBranch(makati), ...loan.key });
    expect(his.statusCode, his.body).toBe(201);
    expect(his.json().data.uuid).toBe(own.uuid);
    expect(his.json()).not.toEqual(first);
  });

  it('whose stored reply was pruned: 200 with what the clerk’s own read of the record gives, nothing written', async () => {
    const ana = await clerkAt('Dan', main);
    const firsts = await writesAtMain(ana);
    await moveTo(ana, makati);
    const [loan, , redeem] = firsts.map((f) => f.write);
    for (const write of [loan, redeem]) {
      await w.t.db.updateTable('idempotency_keys').set({ reply: null }).where('key', '=', write.key['idempotency-key']).execute();
    }
    const before = await state();
    const late = await call(w.t, ana, 'POST', loan.url, loan.body, { ...atBranch(main), ...loan.key });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual((await call(w.t, ana, 'GET', `/api/loans/${loan.body.uuid as string}`, undefined, atBranch(makati))).json());
    const lateRedeem = await call(w.t, ana, 'POST', redeem.url, redeem.body, { ...atBranch(main), ...redeem.key });
    expect(lateRedeem.statusCode, lateRedeem.body).toBe(200);
    expect(lateRedeem.json().data.status).toBe('redeemed');
    expect(await state()).toEqual(before);
  });
});

describe('the same in a batch push (/api/sync/push)', () => {
  const push = (clerk: Actor, mutations: SyncMutation[], branch: number) => call(w.t, clerk, 'POST', '/api/sync/push', { mutations }, atBranch(branch));

  it('the batch sent again after the move replays each result; a new mutation naming the old branch is refused alone', async () => {
    const carla = await clerkAt('Carla', main);
    const customer = await makeCustomer(w.t, w.admin);
    const toRedeem = await makeLoan(w, { loan_date: daysAgo(4) });
    const ticket = loanBody(customer.uuid, w.category.id);
    const batch: SyncMutation[] = [
      { key: `q-${randomUUID()}`, operation: 'CREATE_LOAN', uuid: ticket.uuid, body: ticket, branch_id: main },
      { key: `q-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: toRedeem.uuid, body: {}, branch_id: main },
    ];
    const first = await push(carla, batch, main);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { status: number }) => r.status)).toEqual([201, 200]);
    // A write sent first through its own route and repeated in the batch replays too.
    const single = { uuid: randomUUID(), loan_uuid: ticket.uuid, description: 'Silver ring', appraisal_value: 500 };
    const singleKey = `q-${randomUUID()}`;
    const alone = await call(w.t, carla, 'POST', '/api/items', single, { ...atBranch(main), 'idempotency-key': singleKey });
    expect(alone.statusCode, alone.body).toBe(201);

    await moveTo(carla, makati);
    const otherCustomer = await makeCustomer(w.t, w.admin);
    const fresh = loanBody(otherCustomer.uuid, w.category.id);
    const before = await state();
    const again = await push(carla, [
      ...batch,
      { key: singleKey, operation: 'CREATE_ITEM', uuid: single.uuid, body: single, branch_id: main },
      { key: `q-${randomUUID()}`, operation: 'CREATE_LOAN', uuid: fresh.uuid, body: fresh, branch_id: main },
    ], makati);
    expect(again.statusCode, again.body).toBe(200);
    const results = again.json().results as { key: string; status: number; body: unknown }[];
    expect(results.slice(0, 2)).toEqual(first.json().results);
    expect(results[2]).toEqual({ key: singleKey, status: 201, body: alone.json() });
    expect(results[3].status).toBe(403);
    expect(results[3].body).toEqual({ message: 'You do not work at this branch.' });
    expect(await state()).toEqual(before);
  });

  it('another user’s key in a batch is not replayed', async () => {
    const dina = await clerkAt('Dina', main);
    const eli = await clerkAt('Eli', makati);
    const customer = await makeCustomer(w.t, w.admin);
    const ticket = loanBody(customer.uuid, w.category.id);
    const m: SyncMutation = { key: `q-${randomUUID()}`, operation: 'CREATE_LOAN', uuid: ticket.uuid, body: ticket, branch_id: main };
    expect((await push(dina, [m], main)).json().results[0].status).toBe(201);
    await moveTo(dina, makati);
    const before = await state();
    const [theirs] = (await push(eli, [m], makati)).json().results as { status: number; body: unknown }[];
    expect(theirs.status).toBe(403);
    expect(theirs.body).not.toHaveProperty('data');
    const [hers] = (await push(dina, [m], makati)).json().results as { status: number }[];
    expect(hers.status).toBe(201);
    expect(await state()).toEqual(before);
  });
});
