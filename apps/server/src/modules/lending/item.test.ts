import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import { call, NO_NOTICE, countRows, daysAgo, lendingWorld, type LendingWorld, makeLoan, TODAY } from '../../../test/lending/lending-helpers';

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

/** An expired loan, forfeited: its item is ready to be put up for sale. */
async function forfeitedItem(): Promise<{ loanUuid: string; itemUuid: string }> {
  const loan = await makeLoan(w, { loan_date: daysAgo(120) });
  expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE)).statusCode).toBe(200);
  return { loanUuid: loan.uuid, itemUuid: loan.items[0].uuid };
}

async function itemForSale(price = 2000) {
  const f = await forfeitedItem();
  expect((await call(w.t, w.admin, 'PUT', `/api/items/${f.itemUuid}/process-forfeited`, { selling_price: price })).statusCode).toBe(200);
  return f;
}

describe('POST /api/items', () => {
  it("adds an item to an active loan (201) and the loan's appraised value grows; a repeat returns it (200)", async () => {
    const loan = await makeLoan(w);
    const body = { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Silver bracelet', appraisal_value: 250.5, market_value: 400 };
    const res = await call(w.t, w.admin, 'POST', '/api/items', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ uuid: body.uuid, loan_uuid: loan.uuid, status: 'pawned', appraisal_value: 250.5, market_value: 400, category_id: w.category.id });
    expect(res.json().data.id).toEqual(expect.any(Number));
    const after = (await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data;
    expect(after.appraisal_value).toBe(1750.5);
    expect(after.items).toHaveLength(2);
    const before = await countRows(w.t, 'items', w.admin.companyId);
    const again = await call(w.t, w.admin, 'POST', '/api/items', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(res.json().data);
    expect(await countRows(w.t, 'items', w.admin.companyId)).toBe(before);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data.appraisal_value).toBe(1750.5);
  });

  it('reads money as people type it ("12,500.50", "₱1,250"), stored as integer centavos', async () => {
    const loan = await makeLoan(w);
    const res = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Gold chain', appraisal_value: '12,500.50', market_value: '₱1,250' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ appraisal_value: 12500.5, market_value: 1250 });
    const row = await w.t.db.selectFrom('items').select(['appraisal_value', 'market_value']).where('uuid', '=', res.json().data.uuid).executeTakeFirstOrThrow();
    expect([Number(row.appraisal_value), Number(row.market_value)]).toEqual([1_250_050, 125_000]);
    const bad = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'x', appraisal_value: '12,50' });
    expect(bad.json().errors.appraisal_value).toEqual(['The appraisal value must be a number.']);
  });

  it('refuses a redeemed loan (409), an unknown or foreign loan (422), bad fields (422), a viewer (403)', async () => {
    const loan = await makeLoan(w);
    await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    const redeemed = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'x', appraisal_value: 1 });
    expect(redeemed.statusCode).toBe(409);
    expect(redeemed.json().message).toBe('This loan is redeemed, not active.');
    const theirs = await makeLoan(w, {}, w.other);
    const foreign = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: theirs.uuid, description: 'x', appraisal_value: 1 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.loan_uuid).toEqual(['The selected loan does not exist.']);
    const bad = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: '', appraisal_value: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.description).toEqual(['The description field is required.']);
    expect(bad.json().errors.appraisal_value).toEqual(['The appraisal value must be a number.']);
    const taken = await call(w.t, w.other, 'POST', '/api/items', { uuid: loan.items[0].uuid, loan_uuid: theirs.uuid, description: 'x', appraisal_value: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.uuid).toEqual(['This uuid cannot be used; make a new one.']);
    expect((await call(w.t, w.viewer, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'x', appraisal_value: 1 })).statusCode).toBe(403);
  });
});

describe('PUT /api/items/{uuid}', () => {
  it('changes description and market value; the appraisal stays', async () => {
    const loan = await makeLoan(w);
    const uuid = loan.items[0].uuid;
    const res = await call(w.t, w.admin, 'PUT', `/api/items/${uuid}`, { description: '18k gold ring, engraved', market_value: 1800.1, appraisal_value: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ description: '18k gold ring, engraved', market_value: 1800.1, appraisal_value: 1500 });
    expect((await call(w.t, w.other, 'PUT', `/api/items/${uuid}`, { description: 'x' })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', `/api/items/${uuid}`, { market_value: -1 })).statusCode).toBe(422);
    expect((await call(w.t, w.viewer, 'PUT', `/api/items/${uuid}`, { description: 'x' })).statusCode).toBe(403);
  });
});

describe('PUT /api/items/{uuid}/process-forfeited', () => {
  it('puts a forfeited item up for sale; any other state is 409', async () => {
    const { itemUuid } = await forfeitedItem();
    const res = await call(w.t, w.admin, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 1999.99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'for_sale', selling_price: 1999.99 });
    const again = await call(w.t, w.admin, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This item is for sale; only a forfeited item can be put up for sale.');
    const pawned = await makeLoan(w);
    const r2 = await call(w.t, w.admin, 'PUT', `/api/items/${pawned.items[0].uuid}/process-forfeited`, { selling_price: 10 });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe('This item is pawned; only a forfeited item can be put up for sale.');
  });

  it('422 without a price, 404 for another company, 403 for a viewer', async () => {
    const { itemUuid } = await forfeitedItem();
    const r = await call(w.t, w.admin, 'PUT', `/api/items/${itemUuid}/process-forfeited`, {});
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.selling_price).toBeDefined();
    expect((await call(w.t, w.other, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 1 })).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 1 })).statusCode).toBe(403);
  });
});

describe('POST /api/items/{uuid}/mark-as-sold', () => {
  it('sells an item for sale and records the sale money; a second sale is 409', async () => {
    const { loanUuid, itemUuid } = await itemForSale();
    const res = await call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, {
      final_selling_price: 1850.5,
      buyer_name: 'Lito Lapid',
      buyer_contact: '0917',
      sale_notes: 'Paid cash',
      // The item was forfeited today: a sale is dated no earlier (decision 0120).
      sold_at: `${TODAY()}T09:30:00+08:00`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'sold', final_selling_price: 1850.5, buyer_name: 'Lito Lapid', sold_at: new Date(`${TODAY()}T09:30:00+08:00`).toISOString() });
    const tx = await call(w.t, w.viewer, 'GET', `/api/transactions?loan_uuid=${loanUuid}&type=sale`);
    expect(tx.json().data).toEqual([expect.objectContaining({ type: 'sale', amount: 1850.5, item_uuid: itemUuid })]);
    const again = await call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 1, buyer_name: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This item is sold; only an item for sale can be sold.');
  });

  it('a pawned item cannot be sold; bad input 422; another company 404; viewer 403', async () => {
    const loan = await makeLoan(w);
    const r = await call(w.t, w.admin, 'POST', `/api/items/${loan.items[0].uuid}/mark-as-sold`, { final_selling_price: 5, buyer_name: 'X' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('This item is pawned; only an item for sale can be sold.');
    const { itemUuid } = await itemForSale();
    const bad = await call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 5, sold_at: 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.buyer_name).toEqual(['The buyer name field is required.']);
    expect(bad.json().errors.sold_at).toEqual(['The sold at field must be an ISO date-time.']);
    const future = await call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 5, buyer_name: 'X', sold_at: '2999-01-01T00:00:00Z' });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.sold_at).toEqual(['The sale date may not be in the future.']);
    expect((await call(w.t, w.other, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 5, buyer_name: 'X' })).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 5, buyer_name: 'X' })).statusCode).toBe(403);
  });

  it('five sales of one item at once: one sale, one sale transaction', async () => {
    const { itemUuid } = await itemForSale();
    const before = await countRows(w.t, 'transactions', w.admin.companyId);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 100 + i, buyer_name: `Buyer ${i}` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await countRows(w.t, 'transactions', w.admin.companyId)).toBe(before + 1);
  });
});

describe('GET /api/items and /api/transactions', () => {
  it('filter by status, loan and customer, and by loan and type; other companies unseen; need view lending', async () => {
    const w2 = await lendingWorld();
    try {
      const a = await makeLoan(w2);
      const b = await makeLoan(w2, { loan_date: daysAgo(120) });
      await call(w2.t, w2.admin, 'POST', `/api/loans/${b.uuid}/forfeit`, NO_NOTICE);
      await call(w2.t, w2.admin, 'POST', `/api/loans/${a.uuid}/redeem`, {});
      await makeLoan(w2, {}, w2.other);
      const items = async (q: string) => (await call(w2.t, w2.viewer, 'GET', `/api/items${q}`)).json().data.map((i: { uuid: string }) => i.uuid);
      expect(await items('')).toEqual([b.items[0].uuid, a.items[0].uuid]);
      expect(await items('?status=forfeited')).toEqual([b.items[0].uuid]);
      expect(await items(`?loan_uuid=${a.uuid}`)).toEqual([a.items[0].uuid]);
      expect(await items(`?customer_uuid=${b.customer_uuid}`)).toEqual([b.items[0].uuid]);
      expect((await call(w2.t, w2.viewer, 'GET', '/api/items?status=lost')).statusCode).toBe(422);
      const tx = async (q: string) => (await call(w2.t, w2.viewer, 'GET', `/api/transactions${q}`)).json().data.map((t: { type: string }) => t.type);
      expect(await tx('')).toEqual(['interest', 'redemption', 'disbursement', 'disbursement']);
      expect(await tx(`?loan_uuid=${a.uuid}`)).toEqual(['interest', 'redemption', 'disbursement']);
      expect(await tx('?type=disbursement')).toEqual(['disbursement', 'disbursement']);
      expect((await call(w2.t, w2.viewer, 'GET', '/api/transactions?type=gift')).statusCode).toBe(422);
      const page = (await call(w2.t, w2.viewer, 'GET', '/api/transactions?per_page=2&page=2')).json();
      expect(page.meta).toMatchObject({ total: 4, last_page: 2 });
      const student = await addUser(w2.t.app, w2.admin.companyId, { userType: 'student' });
      expect((await call(w2.t, student, 'GET', '/api/items')).statusCode).toBe(403);
      expect((await call(w2.t, student, 'GET', '/api/transactions')).statusCode).toBe(403);
    } finally {
      await w2.t.close();
    }
  });
});
