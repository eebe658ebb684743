import { randomUUID } from 'node:crypto';
import { loanActionReplySchema } from '@kalinga/contracts/lending/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import { pruneStoredReplies } from './idempotency.repository';
import { call, NO_NOTICE, countRows, daysAgo, lendingWorld, type LendingWorld, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';

// Decision 0105: a repeat of an applied write answers as applied also after its stored reply was pruned, and an
// Idempotency-Key is its user's own (decision 0105).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => w?.t.close());

const key = () => ({ 'idempotency-key': randomUUID() });
const counts = () => Promise.all((['customers', 'loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
/** Prunes every stored reply body, as the daily housekeeping does 30 days later. */
const pruneAll = () => pruneStoredReplies(w.t.db, new Date(Date.now() + 60_000).toISOString());

describe('a late repeat after its stored reply was pruned', () => {
  it('a redeem answers 200 with the redeemed loan; no second payment', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const k = key();
    const first = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(first.statusCode).toBe(200);
    expect(await pruneAll()).toBeGreaterThan(0);
    const stored = await w.t.db.selectFrom('idempotency_keys').select(['reply', 'request_hash']).where('key', '=', k['idempotency-key']).executeTakeFirstOrThrow();
    expect(stored.reply).toBeNull();
    const before = await counts();

    const late = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(late.statusCode).toBe(200);
    const body = loanActionReplySchema.parse(late.json());
    expect(body.data.status).toBe('redeemed');
    expect(body.data).toEqual(first.json().data);
    expect(body.new_loan).toBeNull();
    expect(await counts()).toEqual(before);
    // Without its key the same redeem is refused: the key is what says it was applied.
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {})).statusCode).toBe(409);
  });

  it('a renew answers with the renewed loan and its new loan; a forfeit, updates, item writes and creates with the record now', async () => {
    const renewed = await makeLoan(w, { loan_date: daysAgo(2) });
    const expired = await makeLoan(w, { loan_date: daysAgo(120) });
    const open = await makeLoan(w);
    const customer = await makeCustomer(w.t, w.admin);
    const newUuid = randomUUID();
    const itemUuid = randomUUID();
    const customerUuid = randomUUID();
    const steps: { name: string; method: 'POST' | 'PUT'; url: string; body: unknown; check: (json: Record<string, unknown>) => void }[] = [
      {
        name: 'renew',
        method: 'POST',
        url: `/api/loans/${renewed.uuid}/renew`,
        body: { new_uuid: newUuid },
        check: (json) => {
          const reply = loanActionReplySchema.parse(json);
          expect(reply.data.status).toBe('renewed');
          expect(reply.new_loan?.uuid).toBe(newUuid);
          expect(reply.new_loan?.items.map((i) => i.uuid)).toEqual(renewed.items.map((i) => i.uuid));
        },
      },
      { name: 'forfeit', method: 'POST', url: `/api/loans/${expired.uuid}/forfeit`, body: NO_NOTICE, check: (json) => expect(loanActionReplySchema.parse(json).data.status).toBe('forfeited') },
      {
        name: 'process',
        method: 'PUT',
        url: `/api/items/${expired.items[0].uuid}/process-forfeited`,
        body: { selling_price: 900 },
        // Sold since: the item as it is now.
        check: (json) => expect(json.data).toMatchObject({ status: 'sold', selling_price: 900 }),
      },
      {
        name: 'sell',
        method: 'POST',
        url: `/api/items/${expired.items[0].uuid}/mark-as-sold`,
        body: { final_selling_price: 950, buyer_name: 'B' },
        check: (json) => expect(json.data).toMatchObject({ status: 'sold', final_selling_price: 950 }),
      },
      { name: 'notes', method: 'PUT', url: `/api/loans/${open.uuid}`, body: { notes: 'n' }, check: (json) => expect(json.data).toMatchObject({ notes: 'n' }) },
      { name: 'customer', method: 'PUT', url: `/api/customers/${customer.uuid}`, body: { first_name: 'Changed' }, check: (json) => expect(json.data).toMatchObject({ first_name: 'Changed' }) },
      { name: 'item', method: 'PUT', url: `/api/items/${open.items[0].uuid}`, body: { description: 'd' }, check: (json) => expect(json.data).toMatchObject({ description: 'd' }) },
      {
        name: 'add item',
        method: 'POST',
        url: '/api/items',
        body: { uuid: itemUuid, loan_uuid: open.uuid, description: 'x', appraisal_value: 1 },
        check: (json) => expect(json.data).toMatchObject({ uuid: itemUuid }),
      },
      {
        name: 'create customer',
        method: 'POST',
        url: '/api/customers',
        body: { uuid: customerUuid, first_name: 'Late', last_name: 'Repeat' },
        check: (json) => expect(json.data).toMatchObject({ uuid: customerUuid }),
      },
    ];
    const keys = steps.map(() => key());
    for (const [i, s] of steps.entries()) {
      expect((await call(w.t, w.admin, s.method, s.url, s.body, keys[i])).statusCode, s.name).toBeLessThan(300);
    }
    await pruneAll();
    const before = await counts();
    for (const [i, s] of steps.entries()) {
      const late = await call(w.t, w.admin, s.method, s.url, s.body, keys[i]);
      expect(late.statusCode, s.name).toBe(200);
      s.check(late.json() as Record<string, unknown>);
    }
    expect(await counts()).toEqual(before);
  });

  it('a pruned key sent with another request is still 422', async () => {
    const k = key();
    expect((await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B' }, k)).statusCode).toBe(201);
    await pruneAll();
    const other = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'C', last_name: 'D' }, k);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.idempotency_key).toEqual(['This Idempotency-Key was already used for a different request.']);
  });
});

describe("an Idempotency-Key is its user's own", () => {
  it("another user's same key is another request: its own effect, never the first user's stored reply", async () => {
    const second = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['admin'] });
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const k = key();
    const first = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(first.statusCode).toBe(200);
    const before = await counts();
    // The same request with the same key from another user: not the first user's stored 200, but its own 409.
    const theirs = await call(w.t, second, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(theirs.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    // Another request with that key from the other user is not "already used": it is written.
    const created = await call(w.t, second, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'Own', last_name: 'Key' }, k);
    expect(created.statusCode).toBe(201);
    // And the first user's repeat still gets its own stored reply.
    const again = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, k);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  });
});
