import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { call, counterClerks, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// The loans list per branch (decision 0324): a clerk sees the loans of the branches they work at, a manager every
// branch's, either narrowed to one branch; another company's loans never. SQLite, and PostgreSQL with DATABASE_URL.

let w: LendingWorld;
let main: number;
let makati: number;
let mainClerk: Actor;
let makatiClerk: Actor;
const tickets = { main: [] as string[], makati: [] as string[] };
let customer: string;
beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id;
  [mainClerk, makatiClerk] = await counterClerks(w, w.admin, ['Ana', 'Ben']);
  await call(w.t, w.admin, 'PUT', `/api/branches/users/${mainClerk.user.id}`, { branch_ids: [main] });
  await call(w.t, w.admin, 'PUT', `/api/branches/users/${makatiClerk.user.id}`, { branch_ids: [makati] });
  // One pawner with tickets at both branches.
  customer = (await makeCustomer(w.t, w.admin)).uuid;
  for (const [branch, list] of [[main, tickets.main], [makati, tickets.makati], [makati, tickets.makati]] as const) {
    const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer, w.category.id), { [BRANCH_HEADER]: String(branch) });
    expect(res.statusCode).toBe(201);
    list.push(res.json().data.pawn_ticket_number);
  }
});
afterAll(async () => w?.t.close());

async function listed(actor: Actor, query = '') {
  const res = await call(w.t, actor, 'GET', `/api/loans?customer_uuid=${customer}&per_page=100${query}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { pawn_ticket_number: string }[]; meta: { total: number } };
  expect(body.meta.total).toBe(body.data.length);
  return body.data.map((l) => l.pawn_ticket_number).sort();
}

describe('the loans list per branch', () => {
  it('shows a clerk their branches’ loans only, and a manager every branch’s', async () => {
    expect(await listed(mainClerk)).toEqual([...tickets.main].sort());
    expect(await listed(makatiClerk)).toEqual([...tickets.makati].sort());
    expect(await listed(w.admin)).toEqual([...tickets.main, ...tickets.makati].sort());
  });

  it('narrows to one branch: a manager to any, a clerk to their own; another branch is refused to a clerk (403)', async () => {
    expect(await listed(w.admin, `&branch_id=${makati}`)).toEqual([...tickets.makati].sort());
    expect(await listed(w.admin, `&branch_id=${main}`)).toEqual([...tickets.main].sort());
    expect(await listed(makatiClerk, `&branch_id=${makati}`)).toEqual([...tickets.makati].sort());
    const refused = await call(w.t, mainClerk, 'GET', `/api/loans?branch_id=${makati}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not work at this branch.');
  });

  it('keeps another company’s loans out, even naming our branch (an empty list), and its branch gives ours nothing', async () => {
    const theirs = await call(w.t, w.other, 'GET', `/api/loans?customer_uuid=${customer}`);
    expect(theirs.json().data).toEqual([]);
    const ourBranch = await call(w.t, w.other, 'GET', `/api/loans?branch_id=${makati}`);
    expect(ourBranch.statusCode).toBe(200);
    expect(ourBranch.json().data).toEqual([]);
    const otherBranch = (await call(w.t, w.other, 'GET', '/api/branches')).json().data[0].id as number;
    expect((await call(w.t, w.admin, 'GET', `/api/loans?branch_id=${otherBranch}`)).json().data).toEqual([]);
    expect((await call(w.t, makatiClerk, 'GET', `/api/loans?branch_id=${otherBranch}`)).statusCode).toBe(403);
  });

  it('refuses a branch that is not an id (422) and a user without the lending view (403)', async () => {
    const bad = await call(w.t, w.admin, 'GET', '/api/loans?branch_id=makati');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.branch_id).toBeDefined();
    expect((await call(w.t, w.admin, 'GET', '/api/loans?branch_id=0')).statusCode).toBe(422);
    const stranger = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
    expect((await call(w.t, stranger, 'GET', '/api/loans')).statusCode).toBe(403);
  });
});
