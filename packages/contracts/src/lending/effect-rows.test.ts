import { describe, expect, it } from 'vitest';
import { extensionChanges, renewalRows } from './effects';
import { categoryTerms } from './terms';
import { toPesos } from './rules';

// The renewal's rows and an extension's changes are built once (decision 0260): the server's, read from centavos, and the device's, read from
// pesos, are the same rows in their units.

const server = {
  uuid: 'old',
  status: 'active',
  loan_date: '2026-01-05',
  maturity_date: '2026-02-05',
  expiry_date: '2026-05-06',
  loan_amount: 1000000,
  appraisal_value: 1500000,
  interest_rate: 3,
  penalty_rate: 2,
  interest_from: null,
  paid_interest_amount: 5000,
  paid_penalty_amount: 0,
};
const device = { ...server, loan_amount: 10000, appraisal_value: 15000, paid_interest_amount: 50 };
const terms = categoryTerms({ interest_rate: 3.5, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: 1, advance_interest: 0 });
const MONEY = ['paid_interest_amount', 'paid_penalty_amount', 'appraisal_value', 'loan_amount', 'service_charge', 'amount_disbursed', 'advance_interest'];

/** A row's money fields in pesos. */
const inPesos = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, MONEY.includes(k) ? toPesos(Number(v)) : v]));

describe('renewalRows', () => {
  it('writes the same renewed loan and new ticket from the server row and the device copy', () => {
    const onServer = renewalRows(server, terms, '2026-03-01', 'new', 'centavos');
    const onDevice = renewalRows(device, terms, '2026-03-01', 'new', 'pesos');
    expect(inPesos(onServer.renewed)).toEqual(onDevice.renewed);
    expect(inPesos(onServer.next)).toEqual(onDevice.next);
  });

  it('charges the interest due on the old loan and starts the new one at the current terms', () => {
    const { plan, renewed, next } = renewalRows(server, terms, '2026-03-01', 'new', 'centavos');
    expect(plan.due.interest).toBeGreaterThan(0);
    expect(renewed).toMatchObject({ status: 'renewed', renewal_date: '2026-03-01', new_loan: 'new', paid_interest_amount: 5000 + plan.due.interest });
    expect(next).toMatchObject({ uuid: 'new', status: 'active', loan_date: '2026-03-01', loan_amount: 1000000, interest_rate: 3.5, renewed_from: 'old', paid_interest_amount: 0 });
    expect(next.maturity_date).toBe('2026-04-01');
  });
});

describe('extensionChanges', () => {
  it('changes the server row and the device copy the same way: the next maturity and the interest paid', () => {
    const onServer = extensionChanges(server, { ...terms, is_extendable: true }, '2026-02-01', 'centavos');
    const onDevice = extensionChanges(device, { ...terms, is_extendable: true }, '2026-02-01', 'pesos');
    expect(inPesos(onServer.changes)).toEqual(onDevice.changes);
    expect(onServer.changes.maturity_date).toBe('2026-03-05');
    expect(onServer.changes.paid_interest_amount).toBe(5000 + onServer.plan.due.interest);
  });
});
