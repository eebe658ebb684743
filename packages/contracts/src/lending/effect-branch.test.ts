import { describe, expect, it } from 'vitest';
import { applyOperation, type EffectTable, type Row, type RowStore } from './effects';

// A ticket written on the device is its branch's from the start (decision 0322): the effect writes the branch the
// action was written at, so the ticket prints its branch's name before the server has answered.

function memoryStore(rows: [EffectTable, Row][]): RowStore & { rows: Map<string, Row> } {
  const all = new Map<string, Row>(rows.map(([, row]) => [row.uuid, row]));
  return {
    rows: all,
    get: async (_table, uuid) => all.get(uuid),
    put: async (_table, row) => void all.set(row.uuid, row),
    itemsOf: async (loanUuid) => [...all.values()].filter((row) => row.loan_uuid === loanUuid),
  };
}

const category: Row = { uuid: 'cat', id: 7, interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: 1, advance_interest: 0 };
const customer: Row = { uuid: 'cus' };
const newTicket: Row = { uuid: 'loan', category_uuid: 'cat', customer_uuid: 'cus', loan_date: '2026-03-01', loan_amount: 1000, items: [{ uuid: 'item', description: 'Ring', appraisal_value: 1500 }] };

describe('a ticket written on the device carries its branch', () => {
  it('a new ticket is the acting branch\'s; without one it names none', async () => {
    const store = memoryStore([['categories', category], ['customers', customer]]);
    await applyOperation('CREATE_LOAN', newTicket, store, { now: '2026-03-01T01:00:00.000Z', branchId: 3 });
    expect(store.rows.get('loan')?.branch_id).toBe(3);
    const without = memoryStore([['categories', category], ['customers', customer]]);
    await applyOperation('CREATE_LOAN', newTicket, without, { now: '2026-03-01T01:00:00.000Z' });
    expect(without.rows.get('loan')).not.toHaveProperty('branch_id');
  });

  it('a renewal is recorded at the branch where it was written, else at the old ticket\'s', async () => {
    const old: Row = { uuid: 'old', branch_id: 1, status: 'active', category_uuid: 'cat', customer_uuid: 'cus', loan_date: '2026-01-05', maturity_date: '2026-02-05', expiry_date: '2026-05-06', loan_amount: 1000, appraisal_value: 1500, interest_rate: 3, penalty_rate: 2, paid_interest_amount: 0, paid_penalty_amount: 0 };
    const store = memoryStore([['categories', category], ['loans', old]]);
    await applyOperation('RENEW_LOAN', { uuid: 'old', new_uuid: 'next', renewal_date: '2026-03-01' }, store, { now: '2026-03-01T01:00:00.000Z', branchId: 2 });
    expect(store.rows.get('next')?.branch_id).toBe(2);
    const same = memoryStore([['categories', category], ['loans', old]]);
    await applyOperation('RENEW_LOAN', { uuid: 'old', new_uuid: 'next', renewal_date: '2026-03-01' }, same, { now: '2026-03-01T01:00:00.000Z' });
    expect(same.rows.get('next')?.branch_id).toBe(1);
  });
});
