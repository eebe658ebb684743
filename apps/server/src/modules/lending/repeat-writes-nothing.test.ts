import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';
import { listenToChangeNotes } from '../../../test/sync/change-notes';
import { currentVersion } from '../../db/sync-version';

// A repeated create (the same uuid, with or without an Idempotency-Key) answers the first record and writes
// nothing: the company's change counter stays and no device is signalled (decision 0380). SQLite and PostgreSQL.

let w: LendingWorld;

beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

type Write = { name: string; url: string; body: Record<string, unknown> };

/** Each create once (its first status), returned with the request a repeat sends again. */
async function firstWrites(): Promise<Write[]> {
  const customer = await makeCustomer(w.t, w.admin);
  const loan = await makeLoan(w);
  const old = await makeLoan(w, { loan_date: daysAgo(40) });
  const [disbursement] = (await call(w.t, w.admin, 'GET', `/api/transactions?loan_uuid=${loan.uuid}`)).json().data as { uuid: string }[];
  const writes: Write[] = [
    { name: 'customer', url: '/api/customers', body: { uuid: randomUUID(), first_name: 'Ana', last_name: 'Reyes' } },
    { name: 'loan', url: '/api/loans', body: loanBody(customer.uuid, w.category.id) },
    { name: 'item', url: '/api/items', body: { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Gold chain', appraisal_value: 800 } },
    { name: 'cash day', url: '/api/cash-days', body: { uuid: randomUUID(), opening_float: 500 } },
    { name: 'ticket print', url: `/api/loans/${loan.uuid}/prints`, body: { print_uuid: randomUUID(), device_id: 'device-A', printed_at: new Date().toISOString(), as_reprint: false } },
    { name: 'reversal', url: `/api/transactions/${disbursement.uuid}/reverse`, body: { uuid: randomUUID(), reason: 'Wrong customer' } },
    { name: 'renewal', url: `/api/loans/${old.uuid}/renew`, body: { new_uuid: randomUUID() } },
  ];
  for (const write of writes) {
    const first = await call(w.t, w.admin, 'POST', write.url, write.body);
    expect([200, 201], `${write.name}: ${first.body}`).toContain(first.statusCode);
  }
  return writes;
}

describe('a repeated create', () => {
  it('answers the first record with no version and no signal, with or without an Idempotency-Key', async () => {
    const writes = await firstWrites();
    const listener = await listenToChangeNotes(w.t);
    try {
      const before = await currentVersion(w.t.db, w.admin.companyId);
      for (const write of writes) {
        const again = await call(w.t, w.admin, 'POST', write.url, write.body);
        expect(again.statusCode, `${write.name}: ${again.body}`).toBe(200);
        const keyed = await call(w.t, w.admin, 'POST', write.url, write.body, { 'idempotency-key': `repeat-${randomUUID()}` });
        expect(keyed.statusCode, `${write.name}: ${keyed.body}`).toBe(200);
        expect(await currentVersion(w.t.db, w.admin.companyId), write.name).toBe(before);
      }
      // A write after them: once its note is heard, every note committed before it has been heard too.
      await makeCustomer(w.t, w.admin);
      await vi.waitFor(() => expect(listener.notes.filter((n) => n.companyId === w.admin.companyId).length).toBeGreaterThan(0));
      expect(listener.notes.filter((n) => n.companyId === w.admin.companyId)).toEqual([{ companyId: w.admin.companyId, scope: 'lending' }]);
      expect(await currentVersion(w.t.db, w.admin.companyId)).toBe(before + 1);
    } finally {
      await listener.close();
    }
  });

  it('still refuses a uuid another company holds, and writes a new create as before', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const taken = await call(w.t, w.other, 'POST', '/api/customers', { uuid: customer.uuid, first_name: 'Ana', last_name: 'Reyes' });
    expect(taken.statusCode).toBe(422);
    const before = await currentVersion(w.t.db, w.admin.companyId);
    await makeCustomer(w.t, w.admin);
    expect(await currentVersion(w.t.db, w.admin.companyId)).toBe(before + 1);
  });
});
