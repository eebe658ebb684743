import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTEND_AFTER_EXPIRY, extendProblem, mayExtend, NOT_EXTENDABLE, NOTHING_TO_EXTEND, planExtension } from './extension';
import {
  addDays,
  addPeriod,
  amountsDue,
  daysBetween,
  type LendingTerms,
  type LoanFigures,
  newLoanFigures,
  planRedemption,
  redeemProblem,
  redemptionPeriodDays,
} from './rules';

// Properties of the interest-paid extension (decision 0189) over generated loans. Money is integer centavos.

const date = fc.integer({ min: 0, max: 15_000 }).map((n) => addDays('2000-01-01', n));
// From PHP 100, so that a month at the lowest rate (0.01 %) is at least a centavo.
const principal = fc.integer({ min: 10_000, max: 10_000_000_000 });
const rate = fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100);
const termsOf = (types: string[]): fc.Arbitrary<LendingTerms> =>
  fc.record({
    interest_rate: rate,
    penalty_rate: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    loan_period: fc.integer({ min: 1, max: 24 }),
    loan_period_type: fc.constantFrom(...types),
    loan_period_expiry: fc.integer({ min: 0, max: 200 }),
    is_renewable: fc.boolean(),
    fast_depreciating: fc.boolean(),
    is_extendable: fc.constant(true),
  });
const terms = termsOf(['day', 'week', 'month', 'year']);
const monthly = termsOf(['month', 'year']);

function loanOf(loanDate: string, amount: number, t: LendingTerms): LoanFigures {
  const f = newLoanFigures({ loan_date: loanDate, loan_amount: amount, appraisal_value: amount, terms: t });
  return { status: 'active', loan_date: loanDate, maturity_date: f.maturity_date, expiry_date: f.expiry_date, loan_amount: amount, interest_rate: t.interest_rate, penalty_rate: t.penalty_rate };
}

/** The loan after the extension: what the server and the device write on it. */
function extended(loan: LoanFigures, t: LendingTerms, on: string): LoanFigures {
  const plan = planExtension(loan, t, on);
  return { ...loan, maturity_date: plan.maturity_date, expiry_date: plan.expiry_date, interest_from: plan.interest_from };
}

/** A day from the loan date to the expiry date, at a fraction of the way. */
const dayOf = (loan: LoanFigures, fraction: number) => addDays(loan.loan_date, Math.round(fraction * daysBetween(loan.loan_date, loan.expiry_date)));

describe('extending a loan by paying its interest (decision 0189)', () => {
  it('pays interest and penalty as amountsDue says them, in positive entries; the maturity moves one term and the redemption period with it', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.double({ min: 0, max: 1, noNaN: true }), (loanDate, p, t, fraction) => {
        const loan = loanOf(loanDate, p, t);
        const on = dayOf(loan, fraction);
        expect(extendProblem(loan, t, on)).toBeNull();
        const plan = planExtension(loan, t, on);
        const due = amountsDue(loan, on > loan.maturity_date ? on : loan.maturity_date);
        expect(plan.total).toBe(due.interest + due.penalty);
        expect(plan.transactions.reduce((s, tx) => s + tx.amount, 0)).toBe(plan.total);
        for (const tx of plan.transactions) expect(tx.amount > 0 && Number.isSafeInteger(tx.amount)).toBe(true);
        expect(plan.maturity_date).toBe(addPeriod(loan.maturity_date, t.loan_period, t.loan_period_type));
        expect(plan.maturity_date > loan.maturity_date).toBe(true);
        expect(daysBetween(plan.maturity_date, plan.expiry_date)).toBe(redemptionPeriodDays(t));
        expect(plan.interest_from >= loan.maturity_date && plan.interest_from >= on).toBe(true);
      }),
    );
  });

  it('before maturity the whole term is paid, whatever the day; no penalty', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.double({ min: 0, max: 1, noNaN: true }), (loanDate, p, t, fraction) => {
        const loan = loanOf(loanDate, p, t);
        const on = addDays(loanDate, Math.round(fraction * daysBetween(loanDate, loan.maturity_date)));
        const plan = planExtension(loan, t, on);
        expect(plan.total).toBe(planExtension(loan, t, loan.maturity_date).total);
        expect(plan.due.penalty).toBe(0);
        expect(plan.interest_from).toBe(loan.maturity_date);
      }),
    );
  });

  it('nothing is charged twice: redeeming the day of an extension before maturity takes no interest, and interest only grows after', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.double({ min: 0, max: 1, noNaN: true }), fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 2, maxLength: 6 }), (loanDate, p, t, fraction, offsets) => {
        const loan = loanOf(loanDate, p, t);
        const on = addDays(loanDate, Math.round(fraction * daysBetween(loanDate, loan.maturity_date)));
        const next = extended(loan, t, on);
        expect(redeemProblem(next, on)).toBeNull();
        const same = planRedemption(next, on);
        expect(same.due.interest + same.due.penalty).toBe(0);
        expect(same.due.redeem_total).toBe(p);
        const days = [...offsets].sort((a, b) => a - b).map((n) => addDays(on, n));
        const dues = days.map((d) => amountsDue(next, d));
        for (let i = 1; i < dues.length; i++) {
          expect(dues[i].interest).toBeGreaterThanOrEqual(dues[i - 1].interest);
          expect(dues[i].penalty).toBeGreaterThanOrEqual(dues[i - 1].penalty);
        }
      }),
    );
  });

  it('extended on time n times and redeemed at the last maturity, monthly terms cost n + 1 terms of interest, no more', () => {
    fc.assert(
      fc.property(date, principal, monthly, fc.integer({ min: 1, max: 5 }), (loanDate, p, t, n) => {
        let loan = loanOf(loanDate, p, t);
        const oneTerm = amountsDue(loan, loan.maturity_date).interest;
        let paid = 0;
        for (let i = 0; i < n; i++) {
          const plan = planExtension(loan, t, loan.maturity_date);
          expect(plan.total).toBe(oneTerm);
          paid += plan.total;
          loan = extended(loan, t, loan.maturity_date);
        }
        paid += planRedemption(loan, loan.maturity_date).due.interest;
        expect(paid).toBe((n + 1) * oneTerm);
      }),
    );
  });

  it('a late extension pays to the end of the last month started, and the next one charges none of it again', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.integer({ min: 1, max: 200 }), (loanDate, p, t, late) => {
        const loan = loanOf(loanDate, p, t);
        const on = addDays(loan.maturity_date, Math.min(late, daysBetween(loan.maturity_date, loan.expiry_date)));
        const plan = planExtension(loan, t, on);
        expect(plan.due.penalty_months).toBeGreaterThan(0);
        const next = extended(loan, t, on);
        // Up to the day paid to, nothing more is due on the extended loan.
        const upTo = amountsDue(next, plan.interest_from);
        expect(upTo.interest + upTo.penalty).toBe(0);
      }),
    );
  });

  it('is refused when the category does not allow it, after the redemption period, before the loan date, and on a loan not active', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.constantFrom('renewed', 'redeemed', 'forfeited') as fc.Arbitrary<'renewed' | 'redeemed' | 'forfeited'>, (loanDate, p, t, status) => {
        const loan = loanOf(loanDate, p, t);
        expect(extendProblem(loan, { ...t, is_extendable: false }, loanDate)).toBe(NOT_EXTENDABLE);
        expect(extendProblem(loan, t, addDays(loan.expiry_date, 1))).toBe(EXTEND_AFTER_EXPIRY);
        expect(extendProblem(loan, t, loan.expiry_date)).toBeNull();
        expect(extendProblem(loan, t, addDays(loanDate, -1))).toBe('The date may not be before the loan date.');
        expect(extendProblem({ ...loan, status }, t, loanDate)).toBe(`This loan is ${status}, not active.`);
      }),
    );
  });

  it('a category copy without the setting follows is_renewable; an interest-free loan has nothing to pay', () => {
    expect(mayExtend({ is_renewable: true })).toBe(true);
    expect(mayExtend({ is_renewable: false })).toBe(false);
    expect(mayExtend({ is_renewable: false, is_extendable: true })).toBe(true);
    const free: LendingTerms = { interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true };
    const loan = loanOf('2026-01-10', 100_000, free);
    expect(extendProblem(loan, free, '2026-01-20')).toBe(NOTHING_TO_EXTEND);
  });

  it('an example: PHP 10,000 at 3 % a month, one month from Jan 10, extended on Feb 20 (11 days late, 2 % penalty)', () => {
    const t: LendingTerms = { interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true, is_extendable: true };
    const loan = loanOf('2026-01-10', 1_000_000, t);
    expect(loan.maturity_date).toBe('2026-02-10');
    const plan = planExtension(loan, t, '2026-02-20');
    // Interest to maturity 300.00; after it, one month started on 10,300.00: interest 309.00 and penalty 206.00.
    expect(plan.due.interest).toBe(30_000 + 30_900);
    expect(plan.due.penalty).toBe(20_600);
    expect(plan.total).toBe(81_500);
    expect(plan.maturity_date).toBe('2026-03-10');
    expect(plan.expiry_date).toBe('2026-06-08');
    expect(plan.interest_from).toBe('2026-03-10');
    // Paid to the new maturity: extending again needs the next month's interest, after it.
    const next = extended(loan, t, '2026-02-20');
    expect(extendProblem(next, t, '2026-02-21')).toBe(NOTHING_TO_EXTEND);
    expect(planExtension(next, t, '2026-03-11').due.interest).toBe(30_000);
  });
});
