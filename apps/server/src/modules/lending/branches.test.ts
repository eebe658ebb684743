import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { atBranch, call, type LendingWorld, loanBody, twoBranchWorld, makeCustomer, TODAY } from '../../../test/lending/lending-helpers';

// Branches (decisions 0301, 0302) on SQLite, and PostgreSQL with DATABASE_URL: a manager keeps them, tickets are
// numbered per branch even when written at once, a clerk acts at their own branches only except for renewing,
// extending, redeeming and paying, and another company's branch is out of reach.

let w: LendingWorld;
let main: number;
let makati: number;
let clerk: Actor;
beforeAll(async () => ({ w, main, makati, clerk } = await twoBranchWorld()));
afterAll(async () => w?.t.close());
const at = atBranch;

async function loanAt(actor: Actor, branch: number) {
  const customer = await makeCustomer(w.t, actor);
  const res = await call(w.t, actor, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(branch));
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string; pawn_ticket_number: string };
}

describe('keeping branches', () => {
  it('adds, changes and lists branches; refuses bad input (422), a taken prefix (422) and a clerk (403)', async () => {
    const list = await call(w.t, w.admin, 'GET', '/api/branches');
    expect(list.json().data.map((b: { name: string }) => b.name)).toEqual(['Makati', 'Pawnshop One']);
    expect((await call(w.t, w.admin, 'POST', '/api/branches', { name: '', ticket_prefix: 'TOO-LONG!' })).statusCode).toBe(422);
    const taken = await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Again', ticket_prefix: 'MKT' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.ticket_prefix).toEqual(['Another branch already uses this ticket prefix.']);
    expect((await call(w.t, clerk, 'POST', '/api/branches', { name: 'Cebu', ticket_prefix: 'CEB' })).statusCode).toBe(403);
    expect((await call(w.t, w.viewer, 'GET', '/api/branches')).statusCode).toBe(200);
    const edited = await call(w.t, w.admin, 'PUT', `/api/branches/${makati}`, { name: 'Makati Ayala', address: 'Ayala Avenue', bsp_registration: 'PS-1', ticket_prefix: 'MKT' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Makati Ayala', ticket_prefix: 'MKT', deleted: false });
  });

  it("keeps another company's branches out of reach (404), and its id in a header is refused (403)", async () => {
    const theirs = (await call(w.t, w.other, 'GET', '/api/branches')).json().data[0].id as number;
    expect((await call(w.t, w.admin, 'GET', '/api/branches')).json().data.map((b: { id: number }) => b.id)).not.toContain(theirs);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/${theirs}`, { name: 'Taken over', ticket_prefix: 'PT' })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${w.other.user.id}`, { branch_ids: [main] })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [theirs] })).statusCode).toBe(422);
    const customer = await makeCustomer(w.t, w.admin);
    expect((await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(theirs))).statusCode).toBe(403);
  });
});

describe('ticket numbers', () => {
  it('run in each branch’s own series, unique when written at once', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const year = TODAY().slice(0, 4);
    const written = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id), at(i % 2 === 0 ? makati : main))),
    );
    expect(written.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const tickets = written.map((r) => r.json().data.pawn_ticket_number as string);
    const mkt = tickets.filter((t) => t.startsWith('MKT-')).sort();
    expect(mkt).toEqual([1, 2, 3, 4].map((n) => `MKT-${year}-00000${n}`));
    expect(new Set(tickets).size).toBe(8);
    expect(tickets.filter((t) => t.startsWith('PT-'))).toHaveLength(4);
  });
});

describe('a clerk of one branch', () => {
  it('renews, extends and redeems another branch’s tickets (recorded there) but changes nothing else of them (403)', async () => {
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [main] })).statusCode).toBe(200);
    const mine = await call(w.t, clerk, 'GET', '/api/branches/mine');
    expect(mine.json().data.map((b: { id: number }) => b.id)).toEqual([main]);
    const theirs = await loanAt(w.admin, makati);
    // Acting at Makati is refused: the clerk does not work there.
    expect((await call(w.t, clerk, 'POST', `/api/loans/${theirs.uuid}/renew`, { new_uuid: randomUUID() }, at(makati))).statusCode).toBe(403);
    expect((await call(w.t, clerk, 'PUT', `/api/loans/${theirs.uuid}`, { notes: 'mine now' }, at(main))).statusCode).toBe(403);
    expect((await call(w.t, clerk, 'POST', `/api/loans/${theirs.uuid}/forfeit`, {}, at(main))).statusCode).toBe(403);

    const newUuid = randomUUID();
    const renewed = await call(w.t, clerk, 'POST', `/api/loans/${theirs.uuid}/renew`, { new_uuid: newUuid }, at(main));
    expect(renewed.statusCode).toBe(200);
    const next = await w.t.db.selectFrom('loans').select(['branch_id', 'pawn_ticket_number']).where('uuid', '=', newUuid).executeTakeFirstOrThrow();
    expect(next.branch_id).toBe(makati);
    expect(next.pawn_ticket_number).toMatch(/^MKT-/);
    const entries = await w.t.db.selectFrom('transactions').select(['branch_id', 'type']).where('loan_uuid', 'in', [theirs.uuid, newUuid]).where('created_by', '=', clerk.user.id).execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.branch_id === main)).toBe(true);
    const items = await w.t.db.selectFrom('items').select('branch_id').where('loan_uuid', '=', newUuid).execute();
    expect(items.map((i) => i.branch_id)).toEqual([makati]);

    const redeemed = await call(w.t, clerk, 'POST', `/api/loans/${newUuid}/redeem`, {}, at(main));
    expect(redeemed.statusCode).toBe(200);
    // The manager acts anywhere.
    const own = await loanAt(w.admin, makati);
    expect((await call(w.t, w.admin, 'PUT', `/api/loans/${own.uuid}`, { notes: 'checked' }, at(main))).statusCode).toBe(200);
  });

  it('works at the company’s first branch until assigned, and at none when assigned only to a closed one', async () => {
    const nora = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'], name: 'Nora' });
    expect((await call(w.t, nora, 'GET', '/api/branches/mine')).json().data.map((b: { id: number }) => b.id)).toEqual([main]);
    const closed = await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Closed', ticket_prefix: 'CLS' });
    const closedId = closed.json().data.id as number;
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${nora.user.id}`, { branch_ids: [closedId] })).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/${closedId}`, { name: 'Closed', ticket_prefix: 'CLS', deleted: true })).statusCode).toBe(200);
    expect((await call(w.t, nora, 'GET', '/api/branches/mine')).json().data).toEqual([]);
    const customer = await makeCustomer(w.t, w.admin);
    const refused = await call(w.t, nora, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id));
    expect(refused.statusCode).toBe(403);
  });
});

describe("a device's book", () => {
  it('holds the branches its user works at: a clerk pulls their branch only (chunks too), a manager every branch', async () => {
    const pullClerk = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'], name: 'Pia' });
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${pullClerk.user.id}`, { branch_ids: [makati] })).statusCode).toBe(200);
    const here = await loanAt(w.admin, makati);
    const there = await loanAt(w.admin, main);
    const uuidsOf = (rows: { uuid: string }[]) => rows.map((r) => r.uuid);
    const clerkPull = (await call(w.t, pullClerk, 'GET', '/api/sync?since=1970-01-01T00:00:00.000Z')).json();
    expect(uuidsOf(clerkPull.data.loans)).toContain(here.uuid);
    expect(uuidsOf(clerkPull.data.loans)).not.toContain(there.uuid);
    const branchOfLoan = new Map((await w.t.db.selectFrom('loans').select(['uuid', 'branch_id']).execute()).map((l) => [l.uuid, l.branch_id]));
    expect(clerkPull.data.loans.every((l: { uuid: string }) => branchOfLoan.get(l.uuid) === makati)).toBe(true);
    const chunk = (await call(w.t, pullClerk, 'GET', '/api/sync?since=1970-01-01T00:00:00.000Z&table=loans&chunk_size=500')).json();
    expect(uuidsOf(chunk.data)).toContain(here.uuid);
    expect(uuidsOf(chunk.data)).not.toContain(there.uuid);
    const managerPull = (await call(w.t, w.admin, 'GET', '/api/sync?since=1970-01-01T00:00:00.000Z')).json();
    expect(uuidsOf(managerPull.data.loans)).toEqual(expect.arrayContaining([here.uuid, there.uuid]));
    // Another branch's ticket still comes on demand, to renew or redeem it there.
    expect((await call(w.t, pullClerk, 'GET', `/api/loans/${there.uuid}`)).statusCode).toBe(200);
  });
});

describe("the day's cash per branch", () => {
  it('sums each branch’s register for the day; a clerk sees their own branches, another company none of ours', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_amount: 1000 }), at(makati));
    expect(res.statusCode).toBe(201);
    const all = await call(w.t, w.admin, 'GET', `/api/branches/cash?day=${TODAY()}`);
    expect(all.statusCode).toBe(200);
    const byId = new Map(all.json().data.map((r: { branch_id: number }) => [r.branch_id, r]));
    expect(byId.get(makati)).toMatchObject({ cash_out: expect.any(Number) });
    expect((byId.get(makati) as { cash_out: number }).cash_out).toBeGreaterThanOrEqual(1000);
    expect(byId.has(main)).toBe(true);
    const own = await call(w.t, clerk, 'GET', `/api/branches/cash?day=${TODAY()}`);
    expect(own.json().data.map((r: { branch_id: number }) => r.branch_id)).toEqual([main]);
    expect((await call(w.t, w.admin, 'GET', '/api/branches/cash?day=tomorrow')).statusCode).toBe(422);
    const theirs = await call(w.t, w.other, 'GET', `/api/branches/cash?day=${TODAY()}`);
    expect(theirs.json().data.map((r: { branch_id: number }) => r.branch_id)).not.toContain(makati);
  });
});
