import { randomUUID } from 'node:crypto';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, counterClerks, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// A queued write is recorded at the branch the device acted at when it was made (decision 0322): a batch's
// mutation names its branch, which wins over the request's header and is checked like it. SQLite, and PostgreSQL
// with DATABASE_URL.

let w: LendingWorld;
let main: number;
let makati: number;
let cebu: number;
let clerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  const branch = async (name: string, prefix: string) => (await call(w.t, w.admin, 'POST', '/api/branches', { name, ticket_prefix: prefix })).json().data.id as number;
  makati = await branch('Makati', 'MKT');
  cebu = await branch('Cebu', 'CEB');
  [clerk] = await counterClerks(w, w.admin, ['Liza']);
  expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [main, makati] })).statusCode).toBe(200);
});
afterAll(async () => w?.t.close());

const at = (branch: number) => ({ [BRANCH_HEADER]: String(branch) });

async function loanAt(branch: number) {
  const customer = await makeCustomer(w.t, w.admin);
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(branch));
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string };
}

const registerBranches = async (loanUuids: string[]) =>
  (await w.t.db.selectFrom('transactions').select('branch_id').where('loan_uuid', 'in', loanUuids).where('created_by', '=', clerk.user.id).execute()).map((r) => r.branch_id);

describe('a queued write sent in a batch', () => {
  it('is recorded at the branch it names, not the branch the batch is sent from; without one, at the header’s', async () => {
    const [one, two] = [await loanAt(main), await loanAt(main)];
    const newUuid = randomUUID();
    const pushed = await call(w.t, clerk, 'POST', '/api/sync/push', {
      mutations: [
        { key: `qb-${randomUUID()}`, operation: 'RENEW_LOAN', uuid: one.uuid, body: { new_uuid: newUuid }, branch_id: makati },
        { key: `qb-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: two.uuid, body: {} },
      ],
    }, at(main));
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json().results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    const renewal = await registerBranches([one.uuid, newUuid]);
    expect(renewal.length).toBeGreaterThan(0);
    expect(new Set(renewal)).toEqual(new Set([makati]));
    // The renewal's new ticket stays in the book of the branch that holds the items.
    expect((await w.t.db.selectFrom('loans').select('branch_id').where('uuid', '=', newUuid).executeTakeFirstOrThrow()).branch_id).toBe(main);
    expect(new Set(await registerBranches([two.uuid]))).toEqual(new Set([main]));
  });

  it('naming a branch the clerk does not work at, or another company’s, is refused (403) for that write alone', async () => {
    const loan = await loanAt(main);
    const otherBranch = (await call(w.t, w.other, 'GET', '/api/branches')).json().data[0].id as number;
    const pushed = await call(w.t, clerk, 'POST', '/api/sync/push', {
      mutations: [
        { key: `qb-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: loan.uuid, body: {}, branch_id: cebu },
        { key: `qb-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: loan.uuid, body: {}, branch_id: otherBranch },
      ],
    }, at(main));
    expect(pushed.json().results.map((r: { status: number }) => r.status)).toEqual([403, 403]);
    expect(await registerBranches([loan.uuid])).toEqual([]);
    // The same write at a branch of hers goes through.
    const ok = await call(w.t, clerk, 'POST', '/api/sync/push', { mutations: [{ key: `qb-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: loan.uuid, body: {}, branch_id: makati }] }, at(main));
    expect(ok.json().results[0].status).toBe(200);
    expect(new Set(await registerBranches([loan.uuid]))).toEqual(new Set([makati]));
  });

  it('refuses a branch that is not a positive whole number (422)', async () => {
    const loan = await loanAt(main);
    const pushed = await call(w.t, clerk, 'POST', '/api/sync/push', { mutations: [{ key: `qb-${randomUUID()}`, operation: 'REDEEM_LOAN', uuid: loan.uuid, body: {}, branch_id: 'makati' }] });
    expect(pushed.statusCode).toBe(422);
  });
});
