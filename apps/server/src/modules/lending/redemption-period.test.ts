import { addDays, addMonths } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NO_NOTICE, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCategory, makeCustomer } from '../../../test/lending/lending-helpers';

// The Philippine redemption rules on the server (decisions 0180-0182): a ticket gives 90 days after maturity unless
// its category is fast-depreciating (then at least 30), forfeiture inside that period is refused, interest after
// maturity runs on principal plus the interest to maturity, and a loan below 30 % of the appraisal needs the
// pawner's written request.

let w: LendingWorld;
let standard: { id: number; uuid: string };
let gadgets: { id: number; uuid: string };
beforeAll(async () => {
  w = await lendingWorld();
  // A category with the default 0 days after maturity (product-rules.md#constants): the rules give it 90.
  standard = await makeCategory(w.t, w.admin, { title: 'Appliances', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0 });
  gadgets = await makeCategory(w.t, w.admin, { title: 'Phones', interest_rate: 4, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 10, fast_depreciating: true });
});
afterAll(async () => {
  await w.t.close();
});

async function loanIn(category: { id: number }, fields: Record<string, unknown> = {}) {
  const customer = await makeCustomer(w.t, w.admin);
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, category.id, fields));
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string; loan_date: string; maturity_date: string; expiry_date: string; written_request: boolean };
}

describe('the redemption period', () => {
  it('is 90 days after maturity by default, whatever fewer days the category says', async () => {
    const loan = await loanIn(standard, { loan_date: daysAgo(20) });
    expect(loan.maturity_date).toBe(addMonths(daysAgo(20), 1));
    expect(loan.expiry_date).toBe(addDays(loan.maturity_date, 90));
    const category = await call(w.t, w.admin, 'GET', `/api/categories/${standard.id}`);
    expect(category.json().data).toMatchObject({ loan_period_expiry: 0, fast_depreciating: false });
  });

  it('is at least 30 days for a fast-depreciating category (10 asked become 30)', async () => {
    const loan = await loanIn(gadgets, { loan_date: daysAgo(20) });
    expect(loan.expiry_date).toBe(addDays(loan.maturity_date, 30));
  });

  it('refuses forfeiture on its last day (409, nothing written) and forfeits the day after', async () => {
    // Matured some 100 days ago: its 90-day period ended about 10 days ago. The counter dates the forfeiture.
    const loan = await loanIn(standard, { loan_date: daysAgo(130) });
    const early = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: loan.expiry_date });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`This loan is in its redemption period until ${loan.expiry_date}; it can be forfeited only after that date.`);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data.status).toBe('active');
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: addDays(loan.expiry_date, 1), ...NO_NOTICE });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'forfeited', forfeiture_date: addDays(loan.expiry_date, 1) });
  });

  it('renewal inside the period is still allowed and gives the new ticket its own 90 days', async () => {
    const loan = await loanIn(standard, { loan_date: addMonths(daysAgo(60), -1) });
    const newUuid = crypto.randomUUID();
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: newUuid });
    expect(res.statusCode).toBe(200);
    const next = res.json().new_loan as { maturity_date: string; expiry_date: string };
    expect(next.expiry_date).toBe(addDays(next.maturity_date, 90));
  });
});

describe('interest after maturity', () => {
  it('runs on principal plus the interest to maturity, per month started after it', async () => {
    // ₱1,000 at 3 %: 30.00 to maturity; 40 days later two months started on 1,030.00: 61.80 interest, 41.20 penalty.
    const loan = await loanIn(standard, { loan_date: addMonths(daysAgo(40), -1) });
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ paid_interest_amount: 91.8, paid_penalty_amount: 41.2 });
  });
});

describe('a loan below 30 % of the appraised value', () => {
  it('is refused without the written request (422 on written_request, nothing written) and kept with it', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const body = loanBody(customer.uuid, standard.id, { loan_amount: 449.99, items: [{ uuid: crypto.randomUUID(), description: 'Rice cooker', appraisal_value: 1500 }] });
    const refused = await call(w.t, w.admin, 'POST', '/api/loans', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ written_request: ["A loan below 30 % of the appraised value needs the pawner's written request."] });
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${body.uuid}`)).statusCode).toBe(404);
    const kept = await call(w.t, w.admin, 'POST', '/api/loans', { ...body, written_request: true });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data.written_request).toBe(true);
    // Exactly 30 % needs no request.
    const atFloor = await loanIn(standard, { loan_amount: 450, items: [{ uuid: crypto.randomUUID(), description: 'Rice cooker', appraisal_value: 1500 }] });
    expect(atFloor.written_request).toBe(false);
  });

  it('a renewal keeps the request; bad input is 422, another company 404, a viewer 403', async () => {
    const low = await loanIn(standard, { loan_amount: 100, written_request: true });
    const renewed = await call(w.t, w.admin, 'POST', `/api/loans/${low.uuid}/renew`, { new_uuid: crypto.randomUUID() });
    expect(renewed.json().new_loan.written_request).toBe(true);
    const customer = await makeCustomer(w.t, w.admin);
    const bad = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, standard.id, { written_request: 'yes' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.written_request).toEqual(['The written request must be true or false.']);
    expect((await call(w.t, w.other, 'GET', `/api/loans/${low.uuid}`)).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', '/api/loans', loanBody(customer.uuid, standard.id, { written_request: true }))).statusCode).toBe(403);
  });
});
