import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  FORFEIT_MAX_REASON,
  FORFEIT_MIN_REASON,
  FORFEIT_NEEDS_NOTICE,
  FORFEIT_REASON_NEEDED,
  forfeitProblem,
  type LoanFigures,
  newLoanFigures,
} from './rules';

// Forfeiture needs the notice sent before the redemption period ended, or a manager's reason (decision 0217).

const loanOf = (loanDate: string): LoanFigures => {
  const f = newLoanFigures({ loan_date: loanDate, loan_amount: 100_000, appraisal_value: 200_000, terms: { interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true } });
  return { status: 'active', loan_date: loanDate, maturity_date: f.maturity_date, expiry_date: f.expiry_date, loan_amount: 100_000, interest_rate: 3, penalty_rate: 2 };
};
const loanDate = fc.integer({ min: 0, max: 9_000 }).map((n) => addDays('2000-01-01', n));
const reason = fc.string({ maxLength: 520 });

describe('forfeiting a ticket whose redemption period ended (decision 0217)', () => {
  it('with a sent notice: allowed to anyone; without one: refused, except to a manager with a reason of 3 to 500 characters', () => {
    fc.assert(
      fc.property(loanDate, fc.integer({ min: 1, max: 400 }), fc.boolean(), fc.boolean(), fc.option(reason), (d, after, sent, manager, why) => {
        const loan = loanOf(d);
        const on = addDays(loan.expiry_date, after);
        const problem = forfeitProblem(loan, on, { sent, mayOverride: manager, reason: why });
        const trimmed = (why ?? '').trim().length;
        if (sent) expect(problem).toBeNull();
        else if (!manager) expect(problem).toBe(FORFEIT_NEEDS_NOTICE);
        else expect(problem).toBe(trimmed >= FORFEIT_MIN_REASON && trimmed <= FORFEIT_MAX_REASON ? null : FORFEIT_REASON_NEEDED);
      }),
    );
  });

  it('the redemption period comes first: no reason forfeits a ticket still in it', () => {
    fc.assert(
      fc.property(loanDate, fc.integer({ min: 0, max: 120 }), (d, back) => {
        const loan = loanOf(d);
        const on = addDays(loan.expiry_date, -back);
        expect(forfeitProblem(loan, on, { sent: false, mayOverride: true, reason: 'The pawner left no address' })).toContain('redemption period');
      }),
    );
  });
});
