import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { createLoan } from './lending-actions';

// A ticket written offline in a category that takes the first term's interest in advance (decision 0219): the device
// deducts it as the server will, and the printed terms it sends say so.

const category = serverCategory({ interest_rate: 3, loan_period: 1, loan_period_type: 'month', advance_interest: 'one_term' });
const customer = serverCustomer();

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T08:00:00.000Z'));
  await clearStore();
  await keepSynced({ categories: [category], customers: [customer] });
  return () => vi.useRealTimers();
});

describe('interest in advance on this device', () => {
  it('deducts the first term’s interest from the proceeds and sends the terms with it', async () => {
    const loan = await createLoan({ customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 1000, items: [{ description: 'Ring', appraisal_value: 1500 }] });
    expect(loan).toMatchObject({ advance_interest: 30, service_charge: 5, amount_disbursed: 965, interest_from: '2026-12-23' });
    const [entry] = await db.syncQueue.toArray();
    expect(entry.data.terms).toMatchObject({ advance_interest: 'one_term' });
  });
});
