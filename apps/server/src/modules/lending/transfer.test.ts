import { randomUUID } from 'node:crypto';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, counterClerks, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// Transfers between branches' vaults (decision 0303) on SQLite, and PostgreSQL with DATABASE_URL: sent, in transit
// (in no vault), received; concurrent sends or receipts apply once, so an item is never in two vaults.

let w: LendingWorld;
let main: number;
let makati: number;
let cebu: number;
let mainClerk: Actor;
let makatiClerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id;
  cebu = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Cebu', ticket_prefix: 'CEB' })).json().data.id;
  [mainClerk, makatiClerk] = await counterClerks(w, w.admin, ['Ana', 'Ben']);
  await call(w.t, w.admin, 'PUT', `/api/branches/users/${makatiClerk.user.id}`, { branch_ids: [makati] });
});
afterAll(async () => w?.t.close());

const at = (branch: number) => ({ [BRANCH_HEADER]: String(branch) });

async function itemAtMain(): Promise<string> {
  const customer = await makeCustomer(w.t, w.admin);
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(main));
  expect(res.statusCode).toBe(201);
  return res.json().data.items[0].uuid as string;
}

const place = (uuid: string) => w.t.db.selectFrom('items').select(['branch_id', 'in_transit']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe('a transfer', () => {
  it('is sent, in no vault while in transit, and received by the branch it was sent to', async () => {
    const item = await itemAtMain();
    const uuid = randomUUID();
    // The receiving clerk cannot send what is not in their vault.
    expect((await call(w.t, makatiClerk, 'POST', `/api/items/${item}/transfer`, { uuid, to_branch_id: cebu }, at(makati))).statusCode).toBe(403);
    expect((await call(w.t, mainClerk, 'POST', `/api/items/${item}/transfer`, { uuid, to_branch_id: main }, at(main))).statusCode).toBe(422);
    expect((await call(w.t, mainClerk, 'POST', `/api/items/${item}/transfer`, { uuid: 'nope', to_branch_id: makati })).statusCode).toBe(422);
    const sent = await call(w.t, mainClerk, 'POST', `/api/items/${item}/transfer`, { uuid, to_branch_id: makati, note: 'For the Makati auction' }, at(main));
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'sent', from_branch_id: main, to_branch_id: makati, item_uuid: item });
    // The same send again: its first result.
    expect((await call(w.t, mainClerk, 'POST', `/api/items/${item}/transfer`, { uuid, to_branch_id: makati }, at(main))).statusCode).toBe(200);
    expect(await place(item)).toEqual({ branch_id: main, in_transit: 1 });
    // The sender cannot receive it; the branch it was sent to can, once.
    expect((await call(w.t, mainClerk, 'POST', `/api/transfers/${uuid}/receive`, undefined, at(main))).statusCode).toBe(403);
    const listed = await call(w.t, makatiClerk, 'GET', '/api/transfers?status=sent');
    expect(listed.json().data.map((t: { uuid: string }) => t.uuid)).toContain(uuid);
    expect((await call(w.t, makatiClerk, 'POST', `/api/transfers/${uuid}/receive`, undefined, at(makati))).statusCode).toBe(200);
    expect(await place(item)).toEqual({ branch_id: makati, in_transit: 0 });
    expect((await call(w.t, makatiClerk, 'POST', `/api/transfers/${uuid}/receive`, undefined, at(makati))).statusCode).toBe(409);
    // Another company sees none of it.
    expect((await call(w.t, w.other, 'POST', `/api/transfers/${uuid}/receive`)).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'POST', `/api/items/${item}/transfer`, { uuid: randomUUID(), to_branch_id: makati })).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'GET', '/api/transfers')).json().data).toEqual([]);
    expect((await call(w.t, w.viewer, 'POST', `/api/items/${item}/transfer`, { uuid: randomUUID(), to_branch_id: main })).statusCode).toBe(403);
  });

  it('never leaves an item in two vaults when two sends or two receipts race', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await itemAtMain();
      const sends = await Promise.all(
        [makati, cebu, makati, cebu].map((to) => call(w.t, w.admin, 'POST', `/api/items/${item}/transfer`, { uuid: randomUUID(), to_branch_id: to }, at(main))),
      );
      expect(sends.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const won = sends.find((r) => r.statusCode === 201)!.json().data as { uuid: string; to_branch_id: number };
      const receipts = await Promise.all([0, 1, 2].map(() => call(w.t, w.admin, 'POST', `/api/transfers/${won.uuid}/receive`, undefined, at(won.to_branch_id))));
      expect(receipts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await place(item)).toEqual({ branch_id: won.to_branch_id, in_transit: 0 });
      const open = await w.t.db.selectFrom('item_transfers as t').innerJoin('items as i', 'i.id', 't.item_id').select('t.status').where('i.uuid', '=', item).execute();
      expect(open).toEqual([{ status: 'received' }]);
    }
  });
});
