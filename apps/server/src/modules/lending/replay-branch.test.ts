import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { atBranch, call, counterClerks, countRows, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// A repeated write (the same uuid, or the same Idempotency-Key) answers only a caller the first request's checks let
// through (decisions 0302, 0322): a clerk of another branch repeating someone's write is refused, not handed its result.

let w: LendingWorld;
let main: number;
let makati: number;
let ana: Actor;
let ben: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id;
  [ana, ben] = await counterClerks(w, w.admin, ['Ana', 'Ben']);
  expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${ana.user.id}`, { branch_ids: [main] })).statusCode).toBe(200);
  expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${ben.user.id}`, { branch_ids: [makati] })).statusCode).toBe(200);
});
afterAll(async () => w?.t.close());

async function anasLoan(headers: Record<string, string> = {}) {
  const customer = await makeCustomer(w.t, w.admin);
  const body = loanBody(customer.uuid, w.category.id);
  const res = await call(w.t, ana, 'POST', '/api/loans', body, { ...atBranch(main), ...headers });
  expect(res.statusCode, res.body).toBe(201);
  return { body, loan: res.json().data as { uuid: string; items: { uuid: string }[] } };
}

describe('a repeated lending write', () => {
  it('a transfer sent again by a clerk of another branch is refused; its sender gets the first result', async () => {
    const { loan } = await anasLoan();
    const item = loan.items[0].uuid;
    const send = { uuid: randomUUID(), to_branch_id: makati };
    expect((await call(w.t, ana, 'POST', `/api/items/${item}/transfer`, send, atBranch(main))).statusCode).toBe(201);
    const replayed = await call(w.t, ben, 'POST', `/api/items/${item}/transfer`, send, atBranch(makati));
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).not.toHaveProperty('data');
    expect((await call(w.t, ana, 'POST', `/api/items/${item}/transfer`, send, atBranch(main))).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'POST', `/api/items/${item}/transfer`, send)).statusCode).toBe(200);
  });

  it('a loan, an added item and a vault count repeated by a clerk of another branch are refused and write nothing', async () => {
    const { body, loan } = await anasLoan();
    const loans = await countRows(w.t, 'loans', w.admin.companyId);
    const again = await call(w.t, ben, 'POST', '/api/loans', body, atBranch(makati));
    expect(again.statusCode).toBe(403);
    expect(again.json()).not.toHaveProperty('data');
    expect(await countRows(w.t, 'loans', w.admin.companyId)).toBe(loans);
    expect((await call(w.t, ana, 'POST', '/api/loans', body, atBranch(main))).statusCode).toBe(200);

    const item = { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Silver bracelet', appraisal_value: 800 };
    expect((await call(w.t, ana, 'POST', '/api/items', item, atBranch(main))).statusCode).toBe(201);
    expect((await call(w.t, ben, 'POST', '/api/items', item, atBranch(makati))).statusCode).toBe(403);
    expect((await call(w.t, ana, 'POST', '/api/items', item, atBranch(main))).statusCode).toBe(200);

    const count = { uuid: randomUUID(), tags: [] };
    expect((await call(w.t, ana, 'POST', '/api/vault-counts', count, atBranch(main))).statusCode).toBe(201);
    expect((await call(w.t, ben, 'POST', '/api/vault-counts', count, atBranch(makati))).statusCode).toBe(403);
    expect((await call(w.t, ana, 'POST', '/api/vault-counts', count, atBranch(main))).statusCode).toBe(200);
  });

  it('a stored reply is its own user’s whatever branch they work at now (decision 0385); another user’s repeat of the key is refused', async () => {
    const key = { 'idempotency-key': randomUUID() };
    const { body, loan } = await anasLoan(key);
    // The same key again: the first reply.
    expect((await call(w.t, ana, 'POST', '/api/loans', body, { ...atBranch(main), ...key })).statusCode).toBe(201);
    // Another clerk sending the same key and body is another request, held to its own checks.
    expect((await call(w.t, ben, 'POST', '/api/loans', body, { ...atBranch(makati), ...key })).statusCode).toBe(403);
    // Ana moves to Makati: her repeat naming Main is the write she made there, answered as it was; the loan stays one.
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${ana.user.id}`, { branch_ids: [makati] })).statusCode).toBe(200);
    const loans = await countRows(w.t, 'loans', w.admin.companyId);
    const replayed = await call(w.t, ana, 'POST', '/api/loans', body, { ...atBranch(main), ...key });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json().data.uuid).toBe(loan.uuid);
    expect(await countRows(w.t, 'loans', w.admin.companyId)).toBe(loans);
    await call(w.t, w.admin, 'PUT', `/api/branches/users/${ana.user.id}`, { branch_ids: [main] });
  });
});

describe('a repeated customer create (the same uuid)', () => {
  // Customers are the company's, not a branch's: any user of the company with 'view lending' reads one
  // (GET /api/customers/:uuid) and a create checks 'manage lending' and the company, never a branch. A repeat
  // answers only after those same checks, and with no more than that read gives (decision 0374).
  const lorna = () => ({ uuid: randomUUID(), first_name: 'Lorna', last_name: 'Reyes', phone_number: '0917 555 0101', id_type: 'Passport', id_number: 'P1234567A' });

  it('by a clerk of another branch: answered 200 with what their own read of it gives, nothing written or changed', async () => {
    const customer = lorna();
    expect((await call(w.t, ana, 'POST', '/api/customers', customer, atBranch(main))).statusCode).toBe(201);
    const customers = await countRows(w.t, 'customers', w.admin.companyId);
    const again = await call(w.t, ben, 'POST', '/api/customers', { ...customer, first_name: 'Not Lorna' }, atBranch(makati));
    expect(again.statusCode).toBe(200);
    const read = await call(w.t, ben, 'GET', `/api/customers/${customer.uuid}`, undefined, atBranch(makati));
    expect(read.statusCode).toBe(200);
    expect(again.json()).toEqual(read.json());
    expect(read.json().data.first_name).toBe('Lorna');
    expect(await countRows(w.t, 'customers', w.admin.companyId)).toBe(customers);
  });

  it("by a user without 'manage lending': refused (403) and given nothing, on the route and in a batch push, as a new create is", async () => {
    const customer = lorna();
    expect((await call(w.t, ana, 'POST', '/api/customers', customer, atBranch(main))).statusCode).toBe(201);
    const customers = await countRows(w.t, 'customers', w.admin.companyId);
    const again = await call(w.t, w.viewer, 'POST', '/api/customers', customer);
    expect(again.statusCode).toBe(403);
    expect(again.json()).not.toHaveProperty('data');
    expect((await call(w.t, w.viewer, 'POST', '/api/customers', lorna())).statusCode).toBe(403);
    const pushed = await call(w.t, w.viewer, 'POST', '/api/sync/push', { mutations: [{ key: `rc-${randomUUID()}`, operation: 'CREATE_CUSTOMER', uuid: customer.uuid, body: customer }] });
    expect(pushed.statusCode).toBe(403);
    expect(JSON.stringify(pushed.json())).not.toContain('Lorna');
    expect(await countRows(w.t, 'customers', w.admin.companyId)).toBe(customers);
  });

  it('by another company: the neutral refusal, nothing of the customer', async () => {
    const customer = lorna();
    expect((await call(w.t, ana, 'POST', '/api/customers', customer, atBranch(main))).statusCode).toBe(201);
    const elsewhere = await call(w.t, w.other, 'POST', '/api/customers', customer);
    expect(elsewhere.statusCode).toBe(422);
    expect(JSON.stringify(elsewhere.json())).not.toMatch(/Lorna|P1234567A/);
  });

  it("naming a branch its sender does not work at: answered as a new create naming it is (customers are no branch's), in a batch too", async () => {
    const fresh = lorna();
    expect((await call(w.t, ben, 'POST', '/api/customers', fresh, atBranch(main))).statusCode).toBe(201);
    const customer = lorna();
    expect((await call(w.t, ana, 'POST', '/api/customers', customer, atBranch(main))).statusCode).toBe(201);
    expect((await call(w.t, ben, 'POST', '/api/customers', customer, atBranch(main))).statusCode).toBe(200);
    const pushed = await call(w.t, ben, 'POST', '/api/sync/push', { mutations: [{ key: `rc-${randomUUID()}`, operation: 'CREATE_CUSTOMER', uuid: customer.uuid, body: customer, branch_id: main }] }, atBranch(makati));
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json().results[0].status).toBe(200);
    expect(pushed.json().results[0].body).toEqual((await call(w.t, ben, 'GET', `/api/customers/${customer.uuid}`)).json());
  });
});
