import { randomUUID } from 'node:crypto';
import { loanReplySchema } from '@kalinga/contracts/lending/schemas';
import { addDays, addMonths } from '@kalinga/contracts/lending/rules';
import { syncDeltaReplySchema } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lendingWorld, type LendingWorld, loanBody, makeCategory, makeCustomer, TODAY } from '../../../test/lending/lending-helpers';

// A printed ticket's terms are the contract (docs/decisions/0104).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => w?.t.close());

// Fast-depreciating, so its 30 days after maturity are the redemption period (not the 90-day floor; decision 0180).
const TERMS = { interest_rate: 4, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, is_renewable: true, fast_depreciating: true };

async function categoryAt(fields: Record<string, unknown> = {}) {
  const category = await makeCategory(w.t, w.admin, { title: `Watches ${randomUUID().slice(0, 6)}`, ...TERMS, ...fields });
  const res = await call(w.t, w.admin, 'GET', `/api/categories/${category.id}`);
  return { ...category, version: res.json().data.version as number };
}

async function raise(categoryId: number, fields: Record<string, unknown>) {
  const res = await call(w.t, w.admin, 'PUT', `/api/categories/${categoryId}`, fields);
  expect(res.statusCode).toBe(200);
  return res.json().data.version as number;
}

async function lend(categoryId: number, fields: Record<string, unknown>) {
  const customer = await makeCustomer(w.t, w.admin);
  return call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, categoryId, fields));
}

describe('POST /api/loans with the printed terms', () => {
  it('printed at 4 %, the category raised to 5 % (and a longer period) before the sync: the loan keeps 4 % and says the terms changed', async () => {
    const category = await categoryAt();
    const raised = await raise(category.id, { interest_rate: 5, loan_period: 2 });
    expect(raised).toBeGreaterThan(category.version);
    const res = await lend(category.id, { terms: { ...TERMS, category_version: category.version } });
    expect(res.statusCode).toBe(201);
    const loan = loanReplySchema.parse(res.json()).data;
    expect(loan).toMatchObject({ interest_rate: 4, penalty_rate: 2, category_version: category.version, terms_changed: true });
    // Maturity and expiry from the printed period (one month), not the category's new two.
    expect(loan.maturity_date).toBe(addMonths(TODAY(), 1));
    expect(loan.expiry_date).toBe(addDays(addMonths(TODAY(), 1), 30));
    // The same fields in a read and in the pull.
    expect((await call(w.t, w.viewer, 'GET', `/api/loans/${loan.uuid}`)).json().data).toMatchObject({ terms_changed: true, category_version: category.version });
    const pulled = syncDeltaReplySchema.parse((await call(w.t, w.viewer, 'GET', '/api/sync')).json());
    expect(pulled.data.loans.find((l) => l.uuid === loan.uuid)).toMatchObject({ interest_rate: 4, terms_changed: true });
  });

  it('printed from a copy at a later version than a change that did not touch the terms: the same terms, unchanged', async () => {
    const category = await categoryAt();
    const renamed = await raise(category.id, { title: `Renamed ${randomUUID().slice(0, 6)}` });
    const res = await lend(category.id, { terms: { ...TERMS, category_version: renamed } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ interest_rate: 4, terms_changed: false, category_version: renamed });
  });

  it('forged terms (0 %), or old terms claimed at the new version, are 422 on terms; nothing is written', async () => {
    const category = await categoryAt();
    const raised = await raise(category.id, { interest_rate: 5 });
    const forged = await lend(category.id, { terms: { ...TERMS, interest_rate: 0, category_version: category.version } });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.terms).toEqual(["These terms are not the category's terms at the category version sent; sync the category and write the ticket again."]);
    const stale = await lend(category.id, { terms: { ...TERMS, category_version: raised } });
    expect(stale.statusCode).toBe(422);
  });

  it("a category made on the device prints before it knows the server's version (0): its first terms are accepted, others not", async () => {
    const category = await categoryAt();
    await raise(category.id, { interest_rate: 5 });
    expect((await lend(category.id, { terms: { ...TERMS, interest_rate: 5, category_version: 0 } })).statusCode).toBe(422);
    const res = await lend(category.id, { terms: { ...TERMS, category_version: 0 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ interest_rate: 4, terms_changed: true, category_version: 0 });
  });

  it('junk terms are 422 on the field', async () => {
    const category = await categoryAt();
    const res = await lend(category.id, { terms: { ...TERMS, loan_period_type: 'fortnight', category_version: -1 } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['terms.loan_period_type', 'terms.category_version']));
  });

  it("without terms the loan takes the category's current terms at its current version", async () => {
    const category = await categoryAt();
    const raised = await raise(category.id, { interest_rate: 5 });
    const res = await lend(category.id, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ interest_rate: 5, terms_changed: false, category_version: raised });
  });

  it('another company cannot lend against this category, with or without terms', async () => {
    const category = await categoryAt();
    const customer = await makeCustomer(w.t, w.other);
    const res = await call(w.t, w.other, 'POST', '/api/loans', loanBody(customer.uuid, category.id, { terms: { ...TERMS, category_version: category.version } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toBeDefined();
  });

  it('a category with no recorded terms (written before the history) accepts only its current terms', async () => {
    const category = await categoryAt();
    await w.t.db.deleteFrom('category_terms_history').where('category_id', '=', category.id).execute();
    expect((await lend(category.id, { terms: { ...TERMS, interest_rate: 3, category_version: category.version } })).statusCode).toBe(422);
    const res = await lend(category.id, { terms: { ...TERMS, category_version: category.version } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ interest_rate: 4, terms_changed: false });
  });
});
