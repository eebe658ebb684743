import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, counterClerks, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// The notice letter's data names the branch whose book holds the ticket, with the details it prints (decision
// 0324): the letter, the list of tickets to notify and the auction list. SQLite, and PostgreSQL with DATABASE_URL.

let w: LendingWorld;
let makati: number;
const MAKATI = { name: 'Makati', address: '455 Ayala Avenue, Makati City', bsp_registration: 'PS-07-2021-00982' };
beforeAll(async () => {
  w = await lendingWorld();
  const made = await call(w.t, w.admin, 'POST', '/api/branches', { ...MAKATI, ticket_prefix: 'MKT' });
  expect(made.statusCode).toBe(201);
  makati = made.json().data.id;
});
afterAll(async () => w?.t.close());

describe('the letter’s branch', () => {
  it('is the ticket’s branch, with its name, address and BSP registration, wherever the notice is read', async () => {
    const customer = await makeCustomer(w.t, w.admin, { last_name: 'Sangay' });
    // Expires in a few days (30-day term, 30-day floor): on the list of tickets to notify.
    const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(55) }), { [BRANCH_HEADER]: String(makati) });
    expect(res.statusCode).toBe(201);
    const loan = res.json().data as { uuid: string };
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(201);
    const letter = await call(w.t, w.viewer, 'GET', `/api/loans/${loan.uuid}/notice`);
    expect(letter.statusCode).toBe(200);
    expect(letter.json().data.branch).toEqual(MAKATI);
    const list = await call(w.t, w.admin, 'GET', '/api/pawn-notices?per_page=100');
    expect(list.json().data.find((r: { loan_uuid: string }) => r.loan_uuid === loan.uuid)?.branch).toEqual(MAKATI);
    // Another company reads none of it.
    expect((await call(w.t, w.other, 'GET', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(404);
  });

  it('a ticket of the first branch names it (the company’s branch made with it)', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id));
    const letter = await call(w.t, w.admin, 'GET', `/api/loans/${res.json().data.uuid}/notice`);
    const first = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data.find((b: { id: number }) => b.id !== makati) as { name: string; address: string | null; bsp_registration: string | null };
    expect(letter.json().data.branch).toEqual({ name: first.name, address: first.address, bsp_registration: first.bsp_registration });
  });
});

describe('the lists of tickets to notify and of the auction, per branch (decision 0324)', () => {
  it("show a clerk their own branches' tickets only, and a manager every branch's", async () => {
    const [clerk] = await counterClerks(w, w.admin, ['Makati Mila']);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [makati] })).statusCode).toBe(200);
    const first = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data.find((b: { id: number }) => b.id !== makati).id as number;
    const ticketAt = async (branch: number) => {
      const customer = await makeCustomer(w.t, w.admin);
      const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(55) }), { [BRANCH_HEADER]: String(branch) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.uuid as string;
    };
    const here = await ticketAt(makati);
    const there = await ticketAt(first);
    const noticed = async (by: Actor) => ((await call(w.t, by, 'GET', '/api/pawn-notices?per_page=100')).json().data as { loan_uuid: string }[]).map((r) => r.loan_uuid);
    expect(await noticed(clerk)).toContain(here);
    expect(await noticed(clerk)).not.toContain(there);
    expect(await noticed(w.admin)).toEqual(expect.arrayContaining([here, there]));

    // Forfeited (straight in the database: the period has not ended), both are on the auction list; the clerk sees theirs.
    for (const uuid of [here, there]) {
      const loan = await w.t.db.updateTable('loans').set({ status: 'forfeited', forfeiture_date: daysAgo(1) }).where('uuid', '=', uuid).returning('id').executeTakeFirstOrThrow();
      await w.t.db.updateTable('items').set({ status: 'forfeited' }).where('loan_id', '=', loan.id).execute();
    }
    const auction = async (by: Actor) => ((await call(w.t, by, 'GET', '/api/auction-list?per_page=100')).json().data as { loan_uuid: string }[]).map((r) => r.loan_uuid);
    expect(await auction(clerk)).toContain(here);
    expect(await auction(clerk)).not.toContain(there);
    expect(await auction(w.admin)).toEqual(expect.arrayContaining([here, there]));
  });
});
