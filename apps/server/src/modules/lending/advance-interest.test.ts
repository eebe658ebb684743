import { randomUUID } from 'node:crypto';
import { ADVANCE_LEAVES_NOTHING } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_NOT_CATEGORYS } from './loan.service';
import { call, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, TODAY } from '../../../test/lending/lending-helpers';

// Interest deducted in advance (decision 0219), on SQLite and PostgreSQL: a category term (none, or the first term's,
// at most a year's), taken from the proceeds when the ticket is written, never charged again, and paid with a renewal
// into such a category.

let w: LendingWorld;
let monthly: { id: number; uuid: string; version: number; advance_interest: string };

/** A lending category, as the API answers it. */
async function category(fields: Record<string, unknown>) {
  const res = await w.t.app.inject({ method: 'POST', url: '/api/categories', headers: w.admin.headers, payload: { kind: 'lending', penalty_rate: 2, loan_period_expiry: 90, ...fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as typeof monthly;
}

beforeAll(async () => {
  w = await lendingWorld();
  monthly = await category({ title: 'Gold, interest in advance', interest_rate: 3, loan_period: 1, loan_period_type: 'month', advance_interest: 'one_term' });
});
afterAll(async () => {
  await w.t.close();
});

async function ticket(categoryId: number, fields: Record<string, unknown> = {}) {
  const c = await makeCustomer(w.t, w.admin);
  return call(w.t, w.admin, 'POST', '/api/loans', loanBody(c.uuid, categoryId, fields));
}

describe('interest deducted in advance', () => {
  it('the category says it; the ticket deducts the first term’s interest from the proceeds and records the net paid out', async () => {
    expect(monthly).toMatchObject({ advance_interest: 'one_term' });
    const res = await ticket(monthly.id, { loan_amount: 1000 });
    expect(res.statusCode, res.body).toBe(201);
    const loan = res.json().data;
    // 3 % of ₱1,000 for the one month of the term; the service charge ₱5 (1 %, at most ₱5).
    expect(loan).toMatchObject({ advance_interest: 30, service_charge: 5, amount_disbursed: 965, interest_from: loan.maturity_date });
    const tx = (await call(w.t, w.admin, 'GET', `/api/transactions?loan_uuid=${loan.uuid}`)).json().data;
    expect(tx.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([['disbursement', 965]]);
  });

  it('redeemed on its maturity date, the pawner owes the principal only: the interest was paid in advance', async () => {
    const res = await ticket(monthly.id, { loan_amount: 1000, loan_date: daysAgo(31) });
    const loan = res.json().data;
    const redeem = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: loan.maturity_date });
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(redeem.json().transactions.filter((t: { loan_uuid: string }) => t.loan_uuid === loan.uuid).map((t: { type: string; amount: number }) => [t.type, t.amount]).sort()).toEqual([['disbursement', 965], ['redemption', 1000]]);
  });

  it('a term longer than a year takes a year’s interest in advance, no more', async () => {
    const long = await category({ title: 'Two-year gold', interest_rate: 1, loan_period: 2, loan_period_type: 'year', advance_interest: 'one_term' });
    const res = await ticket(long.id, { loan_amount: 10_000, items: [{ uuid: randomUUID(), description: 'Gold bar 20 g', appraisal_value: 15_000 }] });
    expect(res.statusCode, res.body).toBe(201);
    const loan = res.json().data;
    // 1 % of ₱10,000 for 12 of the 24 months.
    expect(loan.advance_interest).toBe(1200);
    expect(loan.interest_from).not.toBe(loan.maturity_date);
  });

  it('a renewal into it pays the new ticket’s interest in advance with the renewal, as an interest entry', async () => {
    const loan = (await ticket(monthly.id, { loan_amount: 1000 })).json().data;
    const newUuid = randomUUID();
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: newUuid, renewal_date: TODAY() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().new_loan).toMatchObject({ advance_interest: 30, amount_disbursed: 0 });
    const onNew = res.json().transactions.filter((t: { loan_uuid: string }) => t.loan_uuid === newUuid).map((t: { type: string; amount: number }) => [t.type, t.amount]);
    expect(onNew.sort()).toEqual([['interest', 30], ['renewal', 5]]);
  });

  it('refuses a bad setting (422), printed terms without it (422), and a ticket whose charges leave nothing to pay out', async () => {
    const bad = await w.t.app.inject({ method: 'POST', url: '/api/categories', headers: w.admin.headers, payload: { kind: 'lending', title: 'Bad', advance_interest: 'two_terms' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.advance_interest).toBeDefined();
    const terms = { interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true, category_version: monthly.version };
    const printedWithout = await ticket(monthly.id, { terms });
    expect(printedWithout.statusCode).toBe(422);
    expect(printedWithout.json().errors.terms).toEqual([TERMS_NOT_CATEGORYS]);
    expect((await ticket(monthly.id, { terms: { ...terms, advance_interest: 'one_term' } })).statusCode).toBe(201);
    const steep = await category({ title: 'Steep', interest_rate: 100, loan_period: 1, loan_period_type: 'month', advance_interest: 'one_term' });
    const none = await ticket(steep.id, { loan_amount: 1000 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.loan_amount).toEqual([ADVANCE_LEAVES_NOTHING]);
  });
});
