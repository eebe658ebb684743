import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '../../../session/auth-store';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../../test/lending-fixtures';
import { db, deviceDatabase } from '../../../offline/database';
import { createLoan, redeemLoan } from './lending-actions';
import { settingsKey } from '../../../offline/settings-local';

// Decision 0120 on the device: the counter's local actions refuse a date the server would refuse
// (docs/decisions/0120), so the queue never carries an action that can only fail.

const NOW = new Date('2026-11-23T08:00:00.000Z'); // 16:00 in Manila
const category = serverCategory();
const customer = serverCustomer();
const loan = serverLoan({ loan_date: '2026-05-01', maturity_date: '2026-06-01', expiry_date: '2026-07-01' });

/** 'written', or the sentence a refused action threw (the rest of the write is lending-actions.test.ts's). */
async function outcome(write: Promise<unknown>): Promise<string> {
  return write.then(
    () => 'written',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

function signIn(permissions: string[]) {
  setUser({ id: 7, name: 'Clerk', email: 'c@x.test', user_type: 'personnel', roles: ['clerk'], permissions } as unknown as Parameters<typeof setUser>[0]);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await clearStore();
  await keepSynced({ categories: [category], customers: [customer], loans: [loan] });
  return () => vi.useRealTimers();
});

describe('the date bound of a local action', () => {
  it('the counter may not redeem a loan on a day more than 7 days back; 7 days back is queued', async () => {
    signIn(['view lending', 'manage lending']);
    await expect(redeemLoan(loan.uuid, '2026-05-01')).rejects.toThrow('The redemption date may be at most 7 days before today; only a supervisor may date it earlier.');
    expect(await db.syncQueue.count()).toBe(0);
    expect((await db.loans.get(loan.uuid))?.status).toBe('active');
    expect(await outcome(redeemLoan(loan.uuid, '2026-11-16'))).not.toMatch(/date/);
  });

  it("follows the kept site setting (0 = today only); a supervisor ('backdate lending') may go further", async () => {
    await deviceDatabase().settings.put({ id: settingsKey(localStorage.getItem('company_id')), data: { timezone: 'Asia/Manila', lending_backdate_days: 0 }, updated_at: NOW.toISOString() });
    signIn(['view lending', 'manage lending']);
    const input = { customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-22', loan_amount: 100, items: [{ description: 'Ring', appraisal_value: 200 }] };
    await expect(createLoan(input)).rejects.toThrow('The loan date must be today; only a supervisor may date it earlier.');
    signIn(['view lending', 'manage lending', 'backdate lending']);
    expect(await outcome(createLoan({ ...input, loan_date: '2000-01-01' }))).not.toMatch(/date/);
  });
});
