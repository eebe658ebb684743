import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

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
