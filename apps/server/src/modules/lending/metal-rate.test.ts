import { randomUUID } from 'node:crypto';
import { todayIn } from '@kalinga/contracts/zone-time';
import { addDays } from '@kalinga/contracts/lending/rules';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';

// The day's metal rates and jewellery appraised with them (decisions 0305, 0306); SQLite and PostgreSQL.

let t: TestApp;
let admin: Actor;
let clerk: Actor;
let other: Actor;
let category: { id: number; uuid: string };
let homeBranch: number;

async function call(actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload && { payload }) });
}

const today = () => todayIn('Asia/Manila');

async function newLoan(actor: Actor, item: Record<string, unknown>) {
  const customer = await call(actor, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'Maria', last_name: 'Santos' });
  expect(customer.statusCode).toBe(201);
  return call(actor, 'POST', '/api/loans', {
    uuid: randomUUID(),
    customer_uuid: customer.json().data.uuid,
    category_id: category.id,
    loan_date: today(),
    loan_amount: Math.floor(Number(item.appraisal_value) * 0.7),
    items: [{ uuid: randomUUID(), description: '18K ring', ...item }],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Gold One');
  other = await registerCompany(t.app, 'Gold Two');
  expect((await call(admin, 'POST', '/api/roles', { name: 'clerk', permissions: ['view lending', 'manage lending'] })).statusCode).toBe(201);
  clerk = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['clerk'] });
  const made = await call(admin, 'POST', '/api/categories', { kind: 'lending', title: 'Jewellery', interest_rate: 3, ltv_percent: 70 });
  expect(made.statusCode).toBe(201);
  category = made.json().data;
});

afterAll(async () => {
  await t.close();
});

describe('setting and reading the day rates', () => {
  it("sets today's rates and lists the rate in force for each purity", async () => {
    const set = await call(admin, 'PUT', '/api/metal-rates', { rates: [{ metal: 'gold', purity: '18K', rate: 3050.75 }, { metal: 'gold', purity: '24K', rate: '4,100' }] });
    expect(set.statusCode).toBe(200);
    const again = await call(admin, 'PUT', '/api/metal-rates', { rates: [{ metal: 'gold', purity: '18K', rate: 3100 }] });
    expect(again.statusCode).toBe(200);
    const read = await call(clerk, 'GET', '/api/metal-rates');
    expect(read.statusCode).toBe(200);
    const rates = read.json().data.rates as { purity: string; rate: number; rate_date: string; set_by_name: string }[];
    expect(rates.map((r) => [r.purity, r.rate])).toEqual([['24K', 4100], ['18K', 3100]]);
    expect(rates[0].rate_date).toBe(today());
    expect(read.json().data.today).toBe(today());
    const history = await call(clerk, 'GET', '/api/metal-rates/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((r: { rate: number }) => r.rate)).toEqual([3100, 4100, 3050.75]);
    expect(history.json().meta.total).toBe(3);
    homeBranch = history.json().data[0].branch_id as number;
    expect(homeBranch).toEqual(expect.any(Number));
  });

  it('refuses a purity of another metal, a repeated key, a third decimal and no rates (422)', async () => {
    for (const rates of [[{ metal: 'gold', purity: '925', rate: 50 }], [{ metal: 'gold', purity: '18K', rate: 1 }, { metal: 'gold', purity: '18K', rate: 2 }], [{ metal: 'gold', purity: '18K', rate: 1.234 }], [], [{ metal: 'tin', purity: '18K', rate: 1 }]]) {
      const res = await call(admin, 'PUT', '/api/metal-rates', { rates });
      expect(res.statusCode).toBe(422);
    }
  });

  it("keeps each branch's rates: a manager sets another branch's by naming it, and its counter reads its own", async () => {
    const made = await call(admin, 'POST', '/api/branches', { name: 'Cebu', ticket_prefix: 'CEB' });
    expect(made.statusCode).toBe(201);
    const cebu = { ...admin, headers: { ...admin.headers, [BRANCH_HEADER]: String(made.json().data.id) } };
    const set = await call(cebu, 'PUT', '/api/metal-rates', { rates: [{ metal: 'gold', purity: '18K', rate: 2999 }] });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.rates.map((r: { purity: string; rate: number }) => [r.purity, r.rate])).toEqual([['18K', 2999]]);
    const home = (await call({ ...admin, headers: { ...admin.headers, [BRANCH_HEADER]: String(homeBranch) } }, 'GET', '/api/metal-rates')).json().data.rates as { purity: string; rate: number }[];
    expect(home.find((r) => r.purity === '18K')?.rate).toBe(3100);
    // A clerk who does not work at Cebu cannot read its rates by naming it.
    expect((await call({ ...clerk, headers: { ...clerk.headers, [BRANCH_HEADER]: String(made.json().data.id) } }, 'GET', '/api/metal-rates')).statusCode).toBe(403);
  });

  it("needs the manager's permission to set rates (403) and keeps each company's apart", async () => {
    expect((await call(clerk, 'PUT', '/api/metal-rates', { rates: [{ metal: 'gold', purity: '18K', rate: 1 }] })).statusCode).toBe(403);
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await call(student, 'GET', '/api/metal-rates')).statusCode).toBe(403);
    const theirs = await call(other, 'GET', '/api/metal-rates');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.rates).toEqual([]);
    expect((await call(other, 'GET', '/api/metal-rates/history')).json().meta.total).toBe(0);
  });
});

describe('jewellery on a ticket', () => {
  async function rateId(purity: string): Promise<number> {
    const rates = (await call(clerk, 'GET', '/api/metal-rates')).json().data.rates as { id: number; purity: string }[];
    return rates.find((r) => r.purity === purity)!.id;
  }

  it('keeps the metal, purity, weight and the rate the appraisal used', async () => {
    const res = await newLoan(clerk, { metal: 'gold', purity: '18K', weight_grams: '12.34', metal_rate_id: await rateId('18K'), appraisal_value: 38254 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.items[0]).toMatchObject({ metal: 'gold', purity: '18K', weight_grams: 12.34, metal_rate: 3100, metal_rate_date: today(), appraisal_value: 38254 });
  });

  it('accepts and records a rate set before the ticket’s day (the printed appraisal stands)', async () => {
    const yesterday = addDays(today(), -1);
    const stale = await t.app.db
      .insertInto('metal_rates')
      .values({ company_id: admin.companyId, branch_id: null, metal: 'gold', purity: '22K', rate: 350_000, rate_date: yesterday, set_at: new Date(Date.now() - 86_400_000).toISOString(), set_by: null, set_by_name: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await newLoan(clerk, { metal: 'gold', purity: '22K', weight_grams: 2, metal_rate_id: stale.id, appraisal_value: 7000 });
    expect(res.statusCode).toBe(201);
    const item = res.json().data.items[0];
    expect(item).toMatchObject({ metal_rate: 3500, metal_rate_date: yesterday });
    const row = await t.app.db.selectFrom('items').select(['metal_rate_id', 'weight_centigrams']).where('uuid', '=', item.uuid).executeTakeFirstOrThrow();
    expect(row).toEqual({ metal_rate_id: stale.id, weight_centigrams: 200 });
  });

  it('refuses half the jewellery fields, another company’s rate, a rate of another purity and a value above weight × rate (422)', async () => {
    const id18 = await rateId('18K');
    expect((await newLoan(clerk, { metal: 'gold', purity: '18K', appraisal_value: 1500 })).statusCode).toBe(422);
    expect((await newLoan(clerk, { metal: 'gold', purity: '18K', weight_grams: 1.234, metal_rate_id: id18, appraisal_value: 1500 })).statusCode).toBe(422);
    expect((await newLoan(clerk, { metal: 'gold', purity: '24K', weight_grams: 1, metal_rate_id: id18, appraisal_value: 1500 })).statusCode).toBe(422);
    const above = await newLoan(clerk, { metal: 'gold', purity: '18K', weight_grams: 1, metal_rate_id: id18, appraisal_value: 3100.01 });
    expect(above.statusCode).toBe(422);
    expect(above.json().errors['items.0.appraisal_value']).toBeDefined();
    const theirs = await call(other, 'PUT', '/api/metal-rates', { rates: [{ metal: 'gold', purity: '18K', rate: 5000 }] });
    const theirId = (theirs.json().data.rates as { id: number }[])[0].id;
    const res = await newLoan(clerk, { metal: 'gold', purity: '18K', weight_grams: 1, metal_rate_id: theirId, appraisal_value: 1500 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.0.metal_rate_id']).toEqual(['The selected rate does not exist.']);
  });
});

describe("a category's loan-to-value ratio", () => {
  it('is kept in the terms history when it changes, and refused below 30 % (422)', async () => {
    expect((await call(admin, 'PUT', `/api/categories/${category.uuid}`, { ltv_percent: 20 })).statusCode).toBe(422);
    const changed = await call(admin, 'PUT', `/api/categories/${category.uuid}`, { ltv_percent: 80 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.ltv_percent).toBe(80);
    const history = await t.app.db.selectFrom('category_terms_history').select('ltv_percent').where('category_id', '=', category.id).orderBy('version').execute();
    expect(history.map((h) => h.ltv_percent)).toEqual([70, 80]);
    const cleared = await call(admin, 'PUT', `/api/categories/${category.uuid}`, { ltv_percent: '' });
    expect(cleared.json().data.ltv_percent).toBeNull();
  });

  it("another company's category is not found (404)", async () => {
    expect((await call(other, 'PUT', `/api/categories/${category.uuid}`, { ltv_percent: 60 })).statusCode).toBe(404);
  });
});
