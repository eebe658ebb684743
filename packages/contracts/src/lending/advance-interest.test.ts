import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, amountsDue, type LendingTerms, MAX_ADVANCE_MONTHS, monthsStarted, newLoanFigures, planRedemption, planRenewal, serviceCharge } from './rules';

// Interest deducted in advance (decision 0219): none, or the first term's, at most a year's; deducted from the
// proceeds, never charged again, and the same total interest over a term as a ticket without it.

const date = fc.integer({ min: 0, max: 12_000 }).map((n) => addDays('2000-01-01', n));
const principal = fc.integer({ min: 100_000, max: 100_000_000 });
const terms: fc.Arbitrary<LendingTerms> = fc.record({
  interest_rate: fc.integer({ min: 0, max: 800 }).map((n) => n / 100), // up to 8 % a month: a year's stays below the principal
  penalty_rate: fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
  loan_period: fc.integer({ min: 1, max: 40 }),
  loan_period_type: fc.constantFrom('day', 'week', 'month', 'year'),
  loan_period_expiry: fc.constant(90),
  is_renewable: fc.constant(true),
});

const loanFrom = (loanDate: string, amount: number, t: LendingTerms) => {
  const f = newLoanFigures({ loan_date: loanDate, loan_amount: amount, appraisal_value: amount, terms: t });
  return { f, loan: { status: 'active' as const, loan_date: loanDate, maturity_date: f.maturity_date, expiry_date: f.expiry_date, loan_amount: amount, interest_rate: t.interest_rate, penalty_rate: t.penalty_rate, interest_from: f.interest_paid_to } };
};

describe('interest deducted in advance', () => {
  it('none: as before, nothing deducted and interest runs from the loan date', () => {
    fc.assert(
      fc.property(date, principal, terms, (d, p, t) => {
        const { f } = loanFrom(d, p, { ...t, advance_interest: 'none' });
        expect(f.advance_interest).toBe(0);
        expect(f.interest_paid_to).toBeNull();
        expect(f.amount_disbursed).toBe(p - serviceCharge(p));
      }),
    );
  });

  it('one term: at most a year’s interest, taken from the proceeds, and nothing charged twice', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.integer({ min: 0, max: 400 }), (d, p, t, late) => {
        const withAdvance = loanFrom(d, p, { ...t, advance_interest: 'one_term' });
        const without = loanFrom(d, p, { ...t, advance_interest: 'none' });
        const months = monthsStarted(d, withAdvance.f.maturity_date);
        const paidMonths = Math.min(months, MAX_ADVANCE_MONTHS);
        // The principal is paid out less the service charge and the interest taken in advance.
        expect(withAdvance.f.amount_disbursed + withAdvance.f.service_charge + withAdvance.f.advance_interest).toBe(p);
        expect(withAdvance.f.advance_interest).toBe(amountsDue(without.loan, addMonths(d, paidMonths) < withAdvance.f.maturity_date ? addMonths(d, paidMonths) : withAdvance.f.maturity_date).interest);
        expect(withAdvance.f.interest_paid_to).toBe(paidMonths === months ? withAdvance.f.maturity_date : addMonths(d, paidMonths));
        // Redeemed on a day up to maturity: what was taken in advance plus what is due then is never less than what a
        // ticket without it owes (a month started is a month owed either way). After maturity the interest paid in
        // advance is not owed, so it no longer earns interest itself (decision 0181's base), as after an extension.
        // The two charges are each rounded to the centavo, so together they may come to one centavo less than the one
        // charge of a ticket without it (12 x and x each rounded down, 13 x rounded up): never more than that (decision 0251).
        const on = addDays(d, late);
        if (on <= withAdvance.f.maturity_date) {
          const paidThen = withAdvance.f.advance_interest + planRedemption(withAdvance.loan, on).due.interest;
          expect(paidThen).toBeGreaterThanOrEqual(amountsDue(without.loan, on).interest - 1);
        }
        // On the maturity date of a term of a year or less, the pawner owes the principal only.
        if (months <= MAX_ADVANCE_MONTHS) expect(planRedemption(withAdvance.loan, withAdvance.f.maturity_date).due.interest).toBe(0);
      }),
    );
  });

  it('a renewal into a category with advance interest pays the new ticket’s interest with the renewal, as an interest entry', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.integer({ min: 0, max: 60 }), (d, p, t, after) => {
        const { loan } = loanFrom(d, p, { ...t, advance_interest: 'none' });
        const on = addDays(loan.loan_date, after);
        const plan = planRenewal({ ...loan, appraisal_value: p }, { ...t, advance_interest: 'one_term' }, on);
        const entries = plan.transactions.newLoan;
        expect(entries.find((e) => e.type === 'interest')?.amount ?? 0).toBe(plan.next.advance_interest);
        expect(plan.total).toBe(plan.due.interest + plan.due.penalty + plan.next.service_charge + plan.next.advance_interest);
        expect(plan.next.amount_disbursed).toBe(0);
      }),
    );
  });
});
