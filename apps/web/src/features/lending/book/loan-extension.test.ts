import 'fake-indexeddb/auto';
import { applyOperation, type EffectTable, type Row } from '@kalinga/contracts/lending/effects';
import { EXTEND_AFTER_EXPIRY, NOT_EXTENDABLE } from '@kalinga/contracts/lending/extension';
import { CLOSED_DAY } from '@kalinga/contracts/lending/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { extendLoan, redeemLoan } from './lending-actions';

// Paying the interest to extend a loan on this device (decision 0189): the rules' amount and dates, one EXTEND_LOAN
// entry carrying the maturity it extends from, the same refusals as the server.

const NOW = new Date('2026-11-23T08:00:00.000Z'); // 16:00 in Manila
const category = serverCategory();
// PHP 3,000 at 3 % a month from Nov 1; matures Dec 1; 90 days to redeem after it.
const loan = serverLoan();

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await clearStore();
  await keepSynced({ categories: [category], customers: [serverCustomer()], loans: [loan] });
  return () => vi.useRealTimers();
});

const entries = async () => (await db.syncQueue.toArray()).map((e) => ({ operation: e.operation, data: e.data }));

describe('extendLoan', () => {
  it('before maturity: the month’s interest; the same ticket matures a month after Dec 1, the redemption period with it', async () => {
    const extended = await extendLoan(loan.uuid);
    expect(extended).toMatchObject({
      uuid: loan.uuid,
      pawn_ticket_number: loan.pawn_ticket_number,
      status: 'active',
      loan_date: '2026-11-01',
      maturity_date: '2027-01-01',
      expiry_date: '2027-04-01',
      interest_from: '2026-12-01',
      extensions: 1,
      paid_interest_amount: 90,
      paid_penalty_amount: 0,
      sync_status: 'pending',
    });
    expect(await entries()).toEqual([{ operation: 'EXTEND_LOAN', data: { uuid: loan.uuid, from_maturity_date: '2026-12-01', extension_date: '2026-11-23' } }]);
    // The interest is paid to Dec 1: redeeming the same day takes the principal only.
    expect(await redeemLoan(loan.uuid)).toMatchObject({ status: 'redeemed', paid_interest_amount: 90, paid_penalty_amount: 0 });
  });

  it('after maturity: interest and penalty of the month started since, on principal plus the interest to maturity', async () => {
    vi.setSystemTime(new Date('2026-12-10T08:00:00Z'));
    const extended = await extendLoan(loan.uuid);
    // 90.00 to maturity; then 3 % and 2 % of 3,090.00: 92.70 and 61.80. Paid to Jan 1, which is the new maturity.
    expect(extended).toMatchObject({ maturity_date: '2027-01-01', interest_from: '2027-01-01', paid_interest_amount: 182.7, paid_penalty_amount: 61.8, extensions: 1 });
  });

  it('is refused where the category does not allow it, after the redemption period and on a closed day; nothing is queued', async () => {
    await db.categories.update(category.uuid, { is_extendable: false });
    await expect(extendLoan(loan.uuid)).rejects.toThrow(NOT_EXTENDABLE);
    // A copy of the category from before the setting follows is_renewable.
    await db.categories.update(category.uuid, { is_extendable: undefined, is_renewable: false });
    await expect(extendLoan(loan.uuid)).rejects.toThrow(NOT_EXTENDABLE);
    await db.categories.update(category.uuid, { is_extendable: true });
    await db.cashDays.put({ uuid: crypto.randomUUID(), day: '2026-11-23', status: 'closed', opening_float: 0, version: 1, created_at: NOW.toISOString(), updated_at: NOW.toISOString(), sync_status: 'synced' } as never);
    await expect(extendLoan(loan.uuid)).rejects.toThrow(CLOSED_DAY('2026-11-23'));
    vi.setSystemTime(new Date('2027-03-02T08:00:00Z'));
    await expect(extendLoan(loan.uuid)).rejects.toThrow(EXTEND_AFTER_EXPIRY);
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.loans.get(loan.uuid)).toMatchObject({ maturity_date: '2026-12-01', extensions: 0 });
  });

  it('a replay on rows another extension already moved leaves them as they are (the server refuses it too)', async () => {
    const rows = new Map<string, Row>([
      [`loans:${loan.uuid}`, { ...loan, maturity_date: '2027-01-01', expiry_date: '2027-04-01', interest_from: '2026-12-01', extensions: 1 } as Row],
      [`categories:${category.uuid}`, category as unknown as Row],
    ]);
    const store = {
      get: async (table: EffectTable, uuid: string) => rows.get(`${table}:${uuid}`),
      put: async (table: EffectTable, row: Row) => void rows.set(`${table}:${row.uuid}`, row),
      itemsOf: async () => [],
    };
    await applyOperation('EXTEND_LOAN', { uuid: loan.uuid, from_maturity_date: '2026-12-01', extension_date: '2026-11-23' }, store, { now: NOW.toISOString() });
    expect(rows.get(`loans:${loan.uuid}`)).toMatchObject({ maturity_date: '2027-01-01', extensions: 1 });
    await applyOperation('EXTEND_LOAN', { uuid: loan.uuid, from_maturity_date: '2027-01-01', extension_date: '2026-12-20' }, store, { now: NOW.toISOString() });
    expect(rows.get(`loans:${loan.uuid}`)).toMatchObject({ maturity_date: '2027-02-01', interest_from: '2027-01-01', extensions: 2 });
  });
});
