import { KYC_NEEDED } from '@kalinga/contracts/pawn-kyc-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, lendingWorld, type LendingWorld, loanBody, makeCustomer } from './lending.test-helpers';

// Know your customer before a first loan above the shop's amount (decision 0186), on SQLite and PostgreSQL.

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
