import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeeping } from './maintenance';
import { REPLY_RETENTION_MS } from './modules/lending/idempotency.repository';
import { call, countRows, lendingWorld, type LendingWorld } from '../test/lending/lending-helpers';

// Daily housekeeping (decision 0102): stored write reply bodies past their retention go, in every company; the
// key rows and the writes they answered stay, and a repeat that comes after answers as applied (decision 0105).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => w?.t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof housekeeping>[2];
/** Keys whose reply body is still stored. */
const storedKeys = async () => (await w.t.db.selectFrom('idempotency_keys').select('key').where('reply', 'is not', null).execute()).map((r) => r.key).sort();
const allKeys = async () => (await w.t.db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key).sort();

describe('housekeeping: stored write replies', () => {
  it('removes replies older than the retention in every company, keeps the rest, and a late repeat writes nothing twice', async () => {
    const customer = { uuid: randomUUID(), first_name: 'Kept', last_name: 'Once' };
    const writes = [
      { actor: w.admin, key: randomUUID(), body: customer },
      { actor: w.other, key: randomUUID(), body: { uuid: randomUUID(), first_name: 'Other', last_name: 'Company' } },
      { actor: w.admin, key: randomUUID(), body: { uuid: randomUUID(), first_name: 'Recent', last_name: 'Write' } },
    ];
    for (const { actor, key, body } of writes) {
      expect((await call(w.t, actor, 'POST', '/api/customers', body, { 'idempotency-key': key })).statusCode).toBe(201);
    }
    // The first two were written 31 days before "now"; the third a day before.
    const now = Date.now() + 31 * DAY_MS;
    await w.t.db.updateTable('idempotency_keys').set({ created_at: new Date(now - DAY_MS).toISOString() }).where('key', '=', writes[2].key).execute();
    expect(Date.now()).toBeLessThan(now - REPLY_RETENTION_MS);

    const result = await housekeeping(w.t.db, w.t.config, quiet, now);
    expect(result.replies).toBe(2);
    expect(await storedKeys()).toEqual([writes[2].key]);
    expect(await allKeys()).toEqual(writes.map((x) => x.key).sort());
    const customers = await countRows(w.t, 'customers', w.admin.companyId);

    // The first write's reply is gone: its repeat answers 200 with the customer as it is now, not a second row.
    const late = await call(w.t, w.admin, 'POST', '/api/customers', customer, { 'idempotency-key': writes[0].key });
    expect(late.statusCode).toBe(200);
    expect(late.json().data.uuid).toBe(customer.uuid);
    expect(await countRows(w.t, 'customers', w.admin.companyId)).toBe(customers);

    // Nothing is claimed or stored again for the repeat.
    expect(await storedKeys()).toEqual([writes[2].key]);
    expect(await allKeys()).toEqual(writes.map((x) => x.key).sort());
  });
});
