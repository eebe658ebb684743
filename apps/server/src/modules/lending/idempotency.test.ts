import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NO_NOTICE, countRows, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';

// The queue sends every write with an Idempotency-Key (its entry's id): a repeat gets the first reply.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });
const counts = () => Promise.all((['customers', 'loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));

describe('Idempotency-Key', () => {
  it('a repeated create gets the first status and body; nothing is written twice', async () => {
    const k = key();
    const body = { uuid: randomUUID(), first_name: 'Keyed', last_name: 'Once' };
    const first = await call(w.t, w.admin, 'POST', '/api/customers', body, k);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await call(w.t, w.admin, 'POST', '/api/customers', body, k);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await counts()).toEqual(before);
  });

  it('a repeated redeem replays its 200 instead of a 409, with no second payment', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const k = key();
    const first = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const again = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it('the same keyed redeem sent six times at once: six identical replies, one redemption', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const k = key();
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 6 }, () => call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await counts()).toEqual([before[0], before[1], before[2], before[3] + 2]);
  });

  it('the same keyed loan create sent five times at once writes one loan', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const body = loanBody(customer.uuid, w.category.id);
    const k = key();
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(w.t, w.admin, 'POST', '/api/loans', body, k)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await counts()).toEqual([before[0], before[1] + 1, before[2] + 1, before[3] + 1]);
  });

  it('every write route replays: renew, forfeit, loan and customer updates, item writes', async () => {
    const renewed = await makeLoan(w, { loan_date: daysAgo(2) });
    const expired = await makeLoan(w, { loan_date: daysAgo(120) });
    const open = await makeLoan(w);
    const customer = await makeCustomer(w.t, w.admin);
    const steps: [string, 'POST' | 'PUT', string, unknown][] = [
      ['renew', 'POST', `/api/loans/${renewed.uuid}/renew`, { new_uuid: randomUUID() }],
      ['forfeit', 'POST', `/api/loans/${expired.uuid}/forfeit`, NO_NOTICE],
      ['process', 'PUT', `/api/items/${expired.items[0].uuid}/process-forfeited`, { selling_price: 900 }],
      ['sell', 'POST', `/api/items/${expired.items[0].uuid}/mark-as-sold`, { final_selling_price: 950, buyer_name: 'B' }],
      ['notes', 'PUT', `/api/loans/${renewed.uuid}`, { notes: 'n' }],
      ['customer', 'PUT', `/api/customers/${customer.uuid}`, { first_name: 'Changed' }],
      ['item', 'PUT', `/api/items/${renewed.items[0].uuid}`, { description: 'd' }],
      ['add item', 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: open.uuid, description: 'x', appraisal_value: 1 }],
    ];
    for (const [name, method, url, body] of steps) {
      const k = key();
      const first = await call(w.t, w.admin, method, url, body, k);
      expect(first.statusCode, name).toBeLessThan(300);
      const before = await counts();
      const again = await call(w.t, w.admin, method, url, body, k);
      expect(again.statusCode, name).toBe(first.statusCode);
      expect(again.body, name).toBe(first.body);
      expect(await counts(), name).toEqual(before);
    }
  });

  it('the same key with another request is 422; a bad key is 422; keys are per company', async () => {
    const k = key();
    expect((await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B' }, k)).statusCode).toBe(201);
    const other = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'C', last_name: 'D' }, k);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.idempotency_key).toEqual(['This Idempotency-Key was already used for a different request.']);
    const long = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B' }, { 'idempotency-key': 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.idempotency_key).toEqual(['The Idempotency-Key header must be 1 to 200 visible characters.']);
    // Another company using the same key string gets its own effect.
    const theirs = await call(w.t, w.other, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B' }, k);
    expect(theirs.statusCode).toBe(201);
  });

  it('a refused write stores nothing under its key: after the cause is gone, the same key succeeds', async () => {
    const customerUuid = randomUUID();
    const k = key();
    const body = loanBody(customerUuid, w.category.id);
    const refused = await call(w.t, w.admin, 'POST', '/api/loans', body, k);
    expect(refused.statusCode).toBe(422);
    await makeCustomer(w.t, w.admin, { uuid: customerUuid });
    const later = await call(w.t, w.admin, 'POST', '/api/loans', body, k);
    expect(later.statusCode).toBe(201);
  });
});
