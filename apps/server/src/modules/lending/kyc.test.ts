import { addWorkingDays, KYC_NEEDED } from '@kalinga/contracts/lending/kyc-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import { atBranch, call, counterClerks, countRows, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, TODAY } from '../../../test/lending/lending-helpers';

// Know your customer before a first loan above the shop's amount, and the covered transactions (decision 0186), on
// SQLite and PostgreSQL.

let w: LendingWorld;
const FULL = { id_type: 'PhilSys ID', id_number: '1234-5678', birth_date: '1985-04-02', nationality: 'Filipino', address: 'Jaro, Iloilo City', occupation: 'Vendor, Jaro market', source_of_funds: 'Business' };
const big = (customerUuid: string, amount = 20_000) => loanBody(customerUuid, w.category.id, { loan_amount: amount, items: [{ uuid: crypto.randomUUID(), description: 'Gold necklace', appraisal_value: amount * 2 }] });

beforeAll(async () => {
  w = await lendingWorld();
  expect((await call(w.t, w.admin, 'POST', '/api/settings', { kyc_loan_threshold: 10_000 })).statusCode).toBe(200);
});
afterAll(async () => {
  await w.t.close();
});

describe('a first loan above the amount', () => {
  it('is refused (422 on the customer, naming what is missing) until the record is full; nothing is written', async () => {
    const c = await makeCustomer(w.t, w.admin, { address: 'Jaro', id_type: 'PhilSys ID' });
    const before = await countRows(w.t, 'loans', w.admin.companyId);
    const res = await call(w.t, w.admin, 'POST', '/api/loans', big(c.uuid));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.customer_uuid).toEqual([KYC_NEEDED(1_000_000, ['ID number', 'date of birth', 'nationality', 'work', 'source of funds'])]);
    expect(await countRows(w.t, 'loans', w.admin.companyId)).toBe(before);
    expect((await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, FULL)).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'POST', '/api/loans', big(c.uuid))).statusCode).toBe(201);
  });

  it('at or below the amount, or after a first loan, or with no amount set, needs no record', async () => {
    const c = await makeCustomer(w.t, w.admin);
    expect((await call(w.t, w.admin, 'POST', '/api/loans', big(c.uuid, 10_000))).statusCode).toBe(201);
    expect((await call(w.t, w.admin, 'POST', '/api/loans', big(c.uuid, 50_000))).statusCode).toBe(201);
    const d = await makeCustomer(w.t, w.other);
    expect((await call(w.t, w.other, 'POST', '/api/loans', loanBody(d.uuid, w.otherCategory.id, { loan_amount: 20_000, items: [{ uuid: crypto.randomUUID(), description: 'Ring', appraisal_value: 40_000 }] }))).statusCode).toBe(201);
  });
});

describe('covered transactions', () => {
  it('lists a loan above ₱500,000 and a customer’s day above it, with the date to file by; other companies’ are unseen', async () => {
    const rich = await makeCustomer(w.t, w.admin, FULL);
    const loan = (amount: number, date: string) =>
      call(w.t, w.admin, 'POST', '/api/loans', loanBody(rich.uuid, w.category.id, { loan_amount: amount, loan_date: date, items: [{ uuid: crypto.randomUUID(), description: 'Diamond set', appraisal_value: amount * 2 }] }));
    const day = daysAgo(3);
    const single = await loan(600_000, daysAgo(5));
    expect(single.statusCode).toBe(201);
    expect((await loan(300_000, day)).statusCode).toBe(201);
    expect((await loan(250_000, day)).statusCode).toBe(201);
    expect((await loan(100_000, daysAgo(2))).statusCode).toBe(201);
    const res = await call(w.t, w.admin, 'GET', `/api/covered-transactions?from=${daysAgo(10)}&to=${TODAY()}`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json().data as { kind: string; date: string; total: number; file_by: string; customer_uuid: string; loans: unknown[] }[]).filter((r) => r.customer_uuid === rich.uuid);
    expect(rows.map((r) => [r.kind, r.date, r.total, r.loans.length])).toEqual([
      ['single', daysAgo(5), 600_000, 1],
      ['day', day, 550_000, 2],
    ]);
    expect(rows[0].file_by).toBe(addWorkingDays(daysAgo(5), 5));
    expect((await call(w.t, w.other, 'GET', `/api/covered-transactions?from=${daysAgo(10)}`)).json().data).toEqual([]);
    expect((await call(w.t, w.admin, 'GET', '/api/covered-transactions?from=2026-02-30')).statusCode).toBe(422);
    expect((await call(w.t, w.admin, 'GET', `/api/covered-transactions?from=${TODAY()}&to=${daysAgo(1)}`)).statusCode).toBe(422);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/covered-transactions' })).statusCode).toBe(401);
  });
});

describe('covered transactions are the company’s report (decision 0364)', () => {
  it('a manager’s list counts every branch, a customer’s day across two branches included; a branch clerk is refused (403) and sees no branch’s rows', async () => {
    const main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id as number;
    const makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id as number;
    const [clerk] = await counterClerks(w, w.admin, ['Mara']);
    expect((await call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: [makati] })).statusCode).toBe(200);
    const pawner = await makeCustomer(w.t, w.admin, FULL);
    const day = daysAgo(1);
    const at = (branch: number, amount: number) =>
      call(w.t, w.admin, 'POST', '/api/loans', loanBody(pawner.uuid, w.category.id, { loan_amount: amount, loan_date: day, items: [{ uuid: crypto.randomUUID(), description: 'Watch', appraisal_value: amount * 2 }] }), atBranch(branch));
    expect((await at(main, 300_000)).statusCode).toBe(201);
    expect((await at(makati, 300_000)).statusCode).toBe(201);
    const res = await call(w.t, w.admin, 'GET', `/api/covered-transactions?from=${daysAgo(3)}`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json().data as { kind: string; total: number; customer_uuid: string; loans: unknown[] }[]).filter((r) => r.customer_uuid === pawner.uuid);
    expect(rows.map((r) => [r.kind, r.total, r.loans.length])).toEqual([['day', 600_000, 2]]);
    // A clerk of one branch, with or without the right to write at the counter, reads none of it.
    for (const reader of [clerk, w.viewer]) {
      const refused = await call(w.t, reader, 'GET', `/api/covered-transactions?from=${daysAgo(3)}`, undefined, atBranch(makati));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).not.toHaveProperty('data');
    }
    // 'manage branches' without the lending view is refused too.
    const role = await call(w.t, w.admin, 'POST', '/api/roles', { name: 'branch keeper', permissions: ['manage branches'] });
    expect(role.statusCode).toBe(201);
    const keeper = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['branch keeper'] });
    expect((await call(w.t, keeper, 'GET', '/api/covered-transactions')).statusCode).toBe(403);
  });
});
