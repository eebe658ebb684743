import { randomUUID } from 'node:crypto';
import { customerReplySchema, loanActionReplySchema, loanReplySchema } from '@kalinga/contracts/lending/schemas';
import { SYNC_PUSH_LIMIT, syncPushReplySchema, type SyncMutation } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, countRows, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';

// POST /api/sync/push (decision 0130): the queue's writes in one request, each applied as its single
// route would (same service, same runWrite), each with its own result, in order.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const counts = (companyId = w.admin.companyId) => Promise.all((['customers', 'loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, companyId)));

async function push(mutations: SyncMutation[], actor: Actor = w.admin) {
  const res = await call(w.t, actor, 'POST', '/api/sync/push', { mutations });
  return res;
}

async function results(mutations: SyncMutation[], actor: Actor = w.admin) {
  const res = await push(mutations, actor);
  expect(res.statusCode).toBe(200);
  return syncPushReplySchema.parse(res.json()).results;
}

const newCustomer = (fields: Record<string, unknown> = {}): SyncMutation => {
  const uuid = randomUUID();
  return { key: randomUUID(), operation: 'CREATE_CUSTOMER', uuid, body: { uuid, first_name: 'Batch', last_name: 'Pawner', ...fields } };
};

describe('POST /api/sync/push', () => {
  it('applies every mutation in order and answers each as its single route would', async () => {
    const customer = newCustomer();
    const loan = loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(3) });
    const mutations: SyncMutation[] = [
      customer,
      { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: customer.uuid, body: { phone_number: '09170000001' } },
      { key: randomUUID(), operation: 'CREATE_LOAN', uuid: loan.uuid, body: loan },
      { key: randomUUID(), operation: 'REDEEM_LOAN', uuid: loan.uuid, body: {} },
    ];
    const before = await counts();
    const out = await results(mutations);
    expect(out.map((r) => [r.key, r.status])).toEqual([
      [mutations[0].key, 201],
      [mutations[1].key, 200],
      [mutations[2].key, 201],
      [mutations[3].key, 200],
    ]);
    expect(customerReplySchema.parse(out[1].body).data.phone_number).toBe('09170000001');
    expect(loanReplySchema.parse(out[2].body).data.items).toHaveLength(1);
    expect(loanActionReplySchema.parse(out[3].body).data.status).toBe('redeemed');
    const after = await counts();
    expect(after.slice(0, 3)).toEqual([before[0] + 1, before[1] + 1, before[2] + 1]);
    // The single route reads the same rows.
    const single = await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`);
    expect(single.json().data).toEqual(loanActionReplySchema.parse(out[3].body).data);
  });

  it('a refusal in the middle answers that one with its route’s status and sentence; the others are applied', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(3) });
    await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    const first = newCustomer();
    const last = newCustomer();
    const mutations: SyncMutation[] = [
      first,
      { key: randomUUID(), operation: 'FORFEIT_LOAN', uuid: loan.uuid, body: {} },
      { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: randomUUID(), body: { phone_number: '0917' } },
      { key: randomUUID(), operation: 'CREATE_CUSTOMER', uuid: randomUUID(), body: { uuid: randomUUID(), first_name: '' } },
      { key: randomUUID(), operation: 'REDEEM_LOAN', uuid: 'not-a-uuid', body: {} },
      last,
    ];
    const out = await results(mutations);
    expect(out.map((r) => r.status)).toEqual([201, 409, 404, 422, 422, 201]);
    // The same sentences as the single routes.
    const forfeit = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(out[1].body).toEqual(forfeit.json());
    const missing = await call(w.t, w.admin, 'PUT', `/api/customers/${mutations[2].uuid}`, { phone_number: '0917' });
    expect(out[2].body).toEqual(missing.json());
    const invalid = await call(w.t, w.admin, 'POST', '/api/customers', mutations[3].body);
    expect(out[3].body).toEqual(invalid.json());
    const junk = await call(w.t, w.admin, 'POST', '/api/loans/not-a-uuid/redeem', {});
    expect(out[4].body).toEqual(junk.json());
    for (const m of [first, last]) expect((await call(w.t, w.admin, 'GET', `/api/customers/${m.uuid}`)).statusCode).toBe(200);
  });

  it('the whole batch sent again has no second effect: each key replays its first result', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(40) });
    const customer = newCustomer();
    const mutations: SyncMutation[] = [
      customer,
      { key: randomUUID(), operation: 'RENEW_LOAN', uuid: loan.uuid, body: { new_uuid: randomUUID(), renewal_date: daysAgo(1) } },
      { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: customer.uuid, body: { address: 'Cebu' } },
    ];
    const first = await results(mutations);
    expect(first.map((r) => r.status)).toEqual([201, 200, 200]);
    const before = await counts();
    const again = await results(mutations);
    expect(again).toEqual(first);
    expect(await counts()).toEqual(before);
  });

  it('a key sent first through the single route replays in a batch (and the reverse)', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const single: SyncMutation = { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: customer.uuid, body: { address: 'Davao' } };
    const alone = await call(w.t, w.admin, 'PUT', `/api/customers/${customer.uuid}`, single.body, { 'idempotency-key': single.key });
    expect(alone.statusCode).toBe(200);
    const [batched] = await results([single]);
    expect(batched).toEqual({ key: single.key, status: 200, body: alone.json() });

    const made = newCustomer();
    const [created] = await results([made]);
    const repeat = await call(w.t, w.admin, 'POST', '/api/customers', made.body, { 'idempotency-key': made.key });
    expect(repeat.statusCode).toBe(created.status);
    expect(repeat.json()).toEqual(created.body);
    // The same key with another request is refused as on the single route.
    const [reused] = await results([{ ...made, body: { ...made.body, first_name: 'Other' } }]);
    expect(reused.status).toBe(422);
  });

  it('another company’s uuid is invisible: its record is neither read nor changed', async () => {
    const theirs = await makeLoan(w, { loan_date: daysAgo(3) }, w.other);
    const theirCustomer = await makeCustomer(w.t, w.other);
    const before = await counts(w.other.companyId);
    const out = await results([
      { key: randomUUID(), operation: 'REDEEM_LOAN', uuid: theirs.uuid, body: {} },
      { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: theirCustomer.uuid, body: { address: 'Leaked' } },
      { key: randomUUID(), operation: 'CREATE_CUSTOMER', uuid: theirCustomer.uuid, body: { uuid: theirCustomer.uuid, first_name: 'Copy', last_name: 'Cat' } },
    ]);
    expect(out.map((r) => r.status)).toEqual([404, 404, 422]);
    expect(JSON.stringify(out)).not.toContain('Juan');
    expect(await counts(w.other.companyId)).toEqual(before);
    const row = await call(w.t, w.other, 'GET', `/api/customers/${theirCustomer.uuid}`);
    expect(row.json().data.address).not.toBe('Leaked');
  });

  it('keys are the user’s own: the same key from another user is another request', async () => {
    const customer = await makeCustomer(w.t, w.other);
    const m: SyncMutation = { key: randomUUID(), operation: 'UPDATE_CUSTOMER', uuid: customer.uuid, body: { address: 'Iloilo' } };
    const [mine] = await results([m], w.other);
    expect(mine.status).toBe(200);
    const [theirs] = await results([m]);
    expect(theirs.status).toBe(404);
  });

  it('403 without manage lending, 401 without a session, nothing applied', async () => {
    const m = newCustomer();
    expect((await push([m], w.viewer)).statusCode).toBe(403);
    const anonymous = await w.t.app.inject({ method: 'POST', url: '/api/sync/push', payload: { mutations: [m] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(w.t, w.admin, 'GET', `/api/customers/${m.uuid}`)).statusCode).toBe(404);
  });

  it(`422 for more than ${SYNC_PUSH_LIMIT} mutations, none, an unknown operation or a bad key; nothing applied`, async () => {
    const many = Array.from({ length: SYNC_PUSH_LIMIT + 1 }, () => newCustomer());
    const before = await counts();
    const tooMany = await push(many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(`Send at most ${SYNC_PUSH_LIMIT} mutations at a time.`);
    expect((await push([])).statusCode).toBe(422);
    expect((await push([{ ...newCustomer(), operation: 'DELETE_LOAN' as SyncMutation['operation'] }])).statusCode).toBe(422);
    expect((await push([{ ...newCustomer(), key: 'has space' }])).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    const atLimit = await results(many.slice(0, SYNC_PUSH_LIMIT));
    expect(atLimit.every((r) => r.status === 201)).toBe(true);
  });

  it('category operations go through the category service (form fields, kinds)', async () => {
    const uuid = randomUUID();
    const body = { uuid, kind: 'lending', title: 'Watches', interest_rate: 4, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30 };
    const out = await results([
      { key: randomUUID(), operation: 'CREATE_CATEGORY', uuid, body },
      { key: randomUUID(), operation: 'UPDATE_CATEGORY', uuid, body: { title: 'Fine watches' } },
    ]);
    expect(out.map((r) => r.status)).toEqual([201, 200]);
    expect((out[1].body as { data: { title: string } }).data.title).toBe('Fine watches');
  });
});
