import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './database';
import { cleanCustomer, cleanLoan, cleanRecord, saveLocal, searchTermsOf, updateLocal } from './local-save';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('local save (docs/product-rules.md#local-save), rule by rule', () => {
  it('drops empty values (undefined, null, empty text) and keeps zero and false', () => {
    expect(cleanRecord({ a: undefined, b: null, c: '', d: 0, e: false, f: 'x' })).toEqual({ d: 0, e: false, f: 'x' });
  });

  it('stores uuid and *_uuid fields as text', () => {
    expect(cleanRecord({ uuid: 12, loan_uuid: 34, customer_uuid: 'c' })).toEqual({ uuid: '12', loan_uuid: '34', customer_uuid: 'c' });
  });

  it('turns the money fields into numbers, 0 when not numeric, and leaves other numbers alone', () => {
    const out = cleanRecord({
      market_value: '1500.50', selling_price: 'abc', final_selling_price: '0', appraisal_value: 2000, loan_amount: ' 1000 ',
      service_charge: '5', interest_rate: '3', penalty_rate: 'x', amount_disbursed: {}, loan_period: '2',
    });
    expect(out).toEqual({
      market_value: 1500.5, selling_price: 0, final_selling_price: 0, appraisal_value: 2000, loan_amount: 1000,
      service_charge: 5, interest_rate: 3, penalty_rate: 0, amount_disbursed: 0, loan_period: '2',
    });
  });

  it('stores dates as ISO text; calendar dates stay as they are', () => {
    const out = cleanRecord({ created_at: new Date('2026-11-23T08:00:00Z'), sold_at: '2026-11-23 10:00:00Z', loan_date: '2026-11-23', when: new Date('2026-01-02T03:04:05Z') });
    expect(out).toEqual({ created_at: '2026-11-23T08:00:00.000Z', sold_at: '2026-11-23T10:00:00.000Z', loan_date: '2026-11-23', when: '2026-01-02T03:04:05.000Z' });
  });

  it('cleans nested plain objects the same way and drops arrays', () => {
    expect(cleanRecord({ meta: { loan_uuid: 5, note: '', amount_disbursed: '7' }, tags: ['a'], items: [{ uuid: 'x' }] })).toEqual({ meta: { loan_uuid: '5', amount_disbursed: 7 } });
  });

  it('loan writes keep their items, cleaned and given the loan uuid, with amounts as numbers', () => {
    const loan = cleanLoan({ uuid: 'L1', loan_amount: '1000', loan_date: '2026-11-01', notes: null, items: [{ uuid: 'I1', appraisal_value: '2500', market_value: null, loan_uuid: 'other' }] });
    expect(loan).toEqual({ uuid: 'L1', loan_amount: 1000, loan_date: '2026-11-01', items: [{ uuid: 'I1', appraisal_value: 2500, loan_uuid: 'L1' }] });
  });

  it('customer searchTerms are the lowercased words of first and last name plus the phone number', () => {
    expect(searchTermsOf({ first_name: 'Maria Clara', last_name: 'De la Cruz', phone_number: '0917 555 0101' })).toEqual(['maria', 'clara', 'de', 'la', 'cruz', '0917 555 0101']);
    expect(cleanCustomer({ uuid: 'c', first_name: 'Jose', last_name: 'Rizal', phone_number: '' }).searchTerms).toEqual(['jose', 'rizal']);
  });

  it("'pending' with the sync flag, 'synced' (with server_id) without it", async () => {
    const pending = await saveLocal(db.customers, 'customers', { uuid: 'c1', first_name: 'Ana', last_name: 'Reyes' }, { sync: true });
    expect(pending).toMatchObject({ sync_status: 'pending', searchTerms: ['ana', 'reyes'] });
    const synced = await saveLocal(db.customers, 'customers', { id: 9, uuid: 'c2', first_name: 'Ben', last_name: 'Cruz', sync_error: 'old' }, { sync: false });
    expect(synced).toMatchObject({ sync_status: 'synced', server_id: 9 });
    expect(synced).not.toHaveProperty('sync_error');
    expect(await db.customers.where('searchTerms').equals('ben').count()).toBe(1);
  });

  it("a failed local update reads 'Failed to update {table}: {reason}'", async () => {
    await expect(updateLocal(db.loans, 'missing', { notes: 'x' })).rejects.toThrow('Failed to update loans: record not found');
    await saveLocal(db.items, 'items', { uuid: 'i1', description: 'Ring' }, { sync: false });
    await expect(updateLocal(db.items, 'i1', { description: 'Gold ring' })).resolves.toMatchObject({ description: 'Gold ring' });
  });
});
