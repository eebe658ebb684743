import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { atBranch, call, type LendingWorld, loanBody, twoBranchWorld, makeCustomer } from '../../../test/lending/lending-helpers';
import { IN_TRANSIT } from './item-place.service';

// The vault is each branch's (decisions 0302, 0303, 0308, 0309): only the branch holding an item tags, moves or
// photographs it, an item on its way to another branch is in no vault, and a count is of the acting branch's vault.

let w: LendingWorld;
let main: number;
let makati: number;
let clerk: Actor;
beforeAll(async () => ({ w, main, makati, clerk } = await twoBranchWorld()));
afterAll(async () => w?.t.close());
const at = atBranch;

async function itemAt(branch: number): Promise<string> {
  const customer = await makeCustomer(w.t, w.admin);
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(branch));
  expect(res.statusCode).toBe(201);
  return res.json().data.items[0].uuid as string;
}

const place = (actor: Actor, item: string, body: Record<string, unknown>, branch: number) => call(w.t, actor, 'POST', `/api/items/${item}/place`, body, at(branch));

describe('the vault by branch', () => {
  it("lets only the holding branch tag and move an item, and none while it travels", async () => {
    const there = await itemAt(makati);
    const here = await itemAt(main);
    expect((await place(clerk, there, { tag_number: 'MKT-0001', place_kind: 'vault', place_name: 'Main' }, main)).statusCode).toBe(403);
    expect((await place(clerk, here, { tag_number: 'QC-0001', place_kind: 'vault', place_name: 'Main' }, main)).statusCode).toBe(200);
    expect((await place(w.admin, there, { tag_number: 'MKT-0001', place_kind: 'drawer', place_name: 'D-1' }, makati)).statusCode).toBe(200);
    const sent = await call(w.t, w.admin, 'POST', `/api/items/${there}/transfer`, { uuid: randomUUID(), to_branch_id: main }, at(makati));
    expect(sent.statusCode).toBeLessThan(300);
    const moving = await place(w.admin, there, { place_kind: 'tray', place_name: 'T-1' }, makati);
    expect([moving.statusCode, moving.json().message]).toEqual([409, IN_TRANSIT]);
  });

  it("counts the acting branch's vault only, and lists that branch's counts", async () => {
    const mine = await itemAt(makati);
    const theirs = await itemAt(main);
    await place(w.admin, mine, { tag_number: 'MKT-0100', place_kind: 'vault', place_name: 'Main' }, makati);
    await place(w.admin, theirs, { tag_number: 'QC-0100', place_kind: 'vault', place_name: 'Main' }, main);
    const count = await call(w.t, w.admin, 'POST', '/api/vault-counts', { uuid: randomUUID(), tags: ['QC-0100'] }, at(makati));
    expect(count.statusCode).toBe(201);
    const missing = count.json().data.missing.map((m: { tag_number: string }) => m.tag_number);
    expect(missing).toContain('MKT-0100');
    expect(missing).not.toContain('QC-0100');
    expect(count.json().data.unexpected).toEqual(['QC-0100']);
    expect((await call(w.t, w.admin, 'GET', '/api/vault-counts', undefined, at(makati))).json().data.map((c: { uuid: string }) => c.uuid)).toEqual([count.json().data.uuid]);
    expect((await call(w.t, clerk, 'GET', '/api/vault-counts', undefined, at(main))).json().data).toEqual([]);
    expect((await call(w.t, clerk, 'GET', `/api/vault-counts/${count.json().data.uuid}`, undefined, at(main))).statusCode).toBe(403);
  });
});
