import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ActionDateBound,
  actionDateProblem,
  addDays,
  addMonths,
  amountsDue,
  BEFORE_LOAN_DATE,
  dateBefore,
  daysBackdated,
  daysBetween,
  DEFAULT_BACKDATE_DAYS,
  FAST_DEPRECIATING_MIN_DAYS,
  forfeitProblem,
  isBelowLowLoanFloor,
  isCalendarDate,
  loanStage,
  LOW_LOAN_NEEDS_REQUEST,
  newLoanProblem,
  REDEMPTION_PERIOD_DAYS,
  redemptionPeriodDays,
  type LendingTerms,
  loanDateFloor,
  type LoanFigures,
  monthsStarted,
  newLoanFigures,
  planRedemption,
  planRenewal,
  redeemProblem,
  renewProblem,
  SERVICE_CHARGE_CAP,
  serviceCharge,
  toCentavos,
  toPesos,
} from './rules';

// Properties of the pawn rules over generated loans (docs/decisions/0060). Money is integer centavos.

// A forfeiture whose pawner was notified (the notice's own rule is tested in pawn-forfeit.test.ts).
const SENT = { sent: true, mayOverride: false };
const MAX_CENTAVOS = 10_000_000_000; // PHP 100,000,000.00, the largest amount the API accepts
const date = fc.integer({ min: 0, max: 15_000 }).map((n) => addDays('2000-01-01', n));
const principal = fc.integer({ min: 1, max: MAX_CENTAVOS });
const rate = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100); // 0 to 100 % a month, two decimals
const terms: fc.Arbitrary<LendingTerms> = fc.record({
  interest_rate: rate,
  penalty_rate: rate,
  loan_period: fc.integer({ min: 1, max: 1000 }),
  loan_period_type: fc.constantFrom('day', 'week', 'month', 'year'),
  loan_period_expiry: fc.integer({ min: 0, max: 1000 }),
  is_renewable: fc.boolean(),
  fast_depreciating: fc.boolean(),
});

function loanOf(loanDate: string, amount: number, t: LendingTerms): LoanFigures & { appraisal_value: number } {
  const f = newLoanFigures({ loan_date: loanDate, loan_amount: amount, appraisal_value: amount, terms: t });
  return {
    status: 'active',
    loan_date: loanDate,
    maturity_date: f.maturity_date,
    expiry_date: f.expiry_date,
    loan_amount: amount,
    interest_rate: t.interest_rate,
    penalty_rate: t.penalty_rate,
    appraisal_value: amount,
  };
}

/** Exact interest: principal × rate × months / 100, rounded half up, in BigInt. */
function exactPercent(p: number, percent: number, months: number): number {
  const n = BigInt(p) * BigInt(Math.round(percent * 100)) * BigInt(months);
  return Number((n + 5000n) / 10000n);
}

describe('money', () => {
  it('centavos survive the trip through pesos', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (c) => toCentavos(toPesos(c)) === c));
  });

  it('the service charge is 1 % of the principal, never negative, never above PHP 5.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (p) => {
        const sc = serviceCharge(p);
        expect(sc).toBeGreaterThanOrEqual(0);
        expect(sc).toBeLessThanOrEqual(SERVICE_CHARGE_CAP);
        expect(sc).toBeLessThanOrEqual(p);
        expect(Number.isInteger(sc)).toBe(true);
      }),
    );
  });
});

describe('a new ticket', () => {
  it('orders its dates loan ≤ maturity ≤ expiry and disburses the principal less the charge, never negative', () => {
    fc.assert(
      fc.property(date, principal, terms, (loanDate, p, t) => {
        const f = newLoanFigures({ loan_date: loanDate, loan_amount: p, appraisal_value: p, terms: t });
        expect(loanDate < f.maturity_date).toBe(true);
        expect(f.maturity_date <= f.expiry_date).toBe(true);
        expect(f.expiry_date).toBe(addDays(f.maturity_date, redemptionPeriodDays(t)));
        // The redemption period: 90 days at least, 30 for fast-depreciating gadgets; longer when the category says so.
        expect(daysBetween(f.maturity_date, f.expiry_date)).toBeGreaterThanOrEqual(t.fast_depreciating ? FAST_DEPRECIATING_MIN_DAYS : REDEMPTION_PERIOD_DAYS);
        expect(daysBetween(f.maturity_date, f.expiry_date)).toBeGreaterThanOrEqual(t.loan_period_expiry);
        expect(f.amount_disbursed).toBe(p - f.service_charge);
        expect(f.amount_disbursed).toBeGreaterThanOrEqual(0);
        expect(f.service_charge).toBeLessThanOrEqual(SERVICE_CHARGE_CAP);
        expect(f.interest_to_maturity).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(f.interest_to_maturity)).toBe(true);
      }),
    );
  });
});

describe('calendar', () => {
  it('adds days and months in any year from 1 to 9000, the years 1-99 included', () => {
    const anyDate = fc.integer({ min: 0, max: 3_280_000 }).map((n) => addDays('0001-01-01', n));
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 120 }), (d, days, months) => {
        expect(isCalendarDate(d)).toBe(true);
        const later = addDays(d, days);
        expect(isCalendarDate(later) && later >= d).toBe(true);
        expect(addDays(later, -days)).toBe(d);
        const m = addMonths(d, months);
        expect(isCalendarDate(m) && m >= d).toBe(true);
      }),
      { examples: [['0050-01-01', 1, 1], ['0099-12-31', 1, 2], ['0004-02-28', 1, 12]] },
    );
    expect(addDays('0050-01-01', 1)).toBe('0050-01-02');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
  });
});

describe('what is due', () => {
  it('to renew is one amount with its parts: interest, penalty and the new ticket\'s service charge', () => {
    const t: LendingTerms = { interest_rate: 2, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true };
    const loan = loanOf('2026-10-01', 1_000_000, t);
    const due = amountsDue(loan, '2026-10-20');
    expect([due.interest, due.penalty, due.renewal_charge, due.renew_total]).toEqual([20_000, 0, 500, 20_500]);
    const plan = planRenewal(loan, t, '2026-10-20');
    expect([...plan.transactions.oldLoan, ...plan.transactions.newLoan].reduce((sum, x) => sum + x.amount, 0)).toBe(due.renew_total);
  });

  it('monthsStarted is at least 1 and never falls as the day moves on', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -40, max: 4000 }), fc.integer({ min: 0, max: 400 }), (from, a, step) => {
        const d1 = addDays(from, a);
        const d2 = addDays(d1, step);
        const m1 = monthsStarted(from, d1);
        expect(m1).toBeGreaterThanOrEqual(1);
        expect(monthsStarted(from, d2)).toBeGreaterThanOrEqual(m1);
      }),
    );
  });

  it('interest and penalty are exact integer centavos, not negative, and only grow; no penalty before maturity', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (loanDate, p, t, a, step) => {
        const loan = loanOf(loanDate, p, t);
        const d1 = addDays(loanDate, a);
        const due1 = amountsDue(loan, d1);
        const due2 = amountsDue(loan, addDays(d1, step));
        for (const due of [due1, due2]) {
          expect(due.interest).toBeGreaterThanOrEqual(0);
          expect(due.penalty).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(due.interest) && Number.isSafeInteger(due.penalty)).toBe(true);
          expect(due.redeem_total).toBe(p + due.interest + due.penalty);
        }
        // Until maturity: the rate on the principal per month started. After it: the interest to maturity, then the
        // rate (and the penalty rate) on principal plus that interest per month started after maturity (decision 0181).
        const toMaturity = exactPercent(p, t.interest_rate, monthsStarted(loanDate, d1 <= loan.maturity_date ? d1 : loan.maturity_date));
        const base = d1 > loan.maturity_date ? p + toMaturity : p;
        expect(due1.interest_to_maturity).toBe(toMaturity);
        expect(due1.interest).toBe(toMaturity + exactPercent(base, t.interest_rate, due1.penalty_months));
        expect(due1.penalty).toBe(exactPercent(base, t.penalty_rate, due1.penalty_months));
        if (d1 <= loan.maturity_date) expect(due1.penalty).toBe(0);
        expect(due2.interest).toBeGreaterThanOrEqual(due1.interest);
        expect(due2.penalty).toBeGreaterThanOrEqual(due1.penalty);
      }),
    );
  });

  it('stays exact for the largest principal, rate and term (no float drift above 2^53)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_CENTAVOS / 10, max: MAX_CENTAVOS }),
        fc.integer({ min: 5000, max: 10_000 }).map((n) => n / 100),
        fc.integer({ min: 100, max: 3000 }),
        (p, r, months) => {
          const loan = { ...loanOf('2000-01-01', p, { interest_rate: r, penalty_rate: r, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: true }) };
          const due = amountsDue(loan, addDays(addMonths('2000-01-01', months), 1));
          const first = exactPercent(p, r, 1);
          expect(due.interest).toBe(first + exactPercent(p + first, r, due.penalty_months));
          expect(due.penalty).toBe(exactPercent(p + first, r, due.penalty_months));
        },
      ),
      // Found by search: float arithmetic was a centavo off for these (p × rate × months above 2^53).
      { examples: [[3_238_585_299, 90, 2574], [6_677_210_633, 98.9, 1526], [8_007_121_255, 76.27, 2686]] },
    );
  });
});

describe('the life of a loan', () => {
  it('the money the pawner paid equals the sum of the transactions, all of them positive', () => {
    const life = fc.record({
      loanDate: date,
      p: principal,
      t: terms.map((x) => ({ ...x, is_renewable: true })),
      // Each renewal happens some fraction of the way to expiry; then the loan is redeemed or forfeited.
      renewals: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
      end: fc.oneof(fc.record({ kind: fc.constant('redeem' as const), after: fc.integer({ min: 0, max: 800 }) }), fc.record({ kind: fc.constant('forfeit' as const), after: fc.integer({ min: 1, max: 800 }) })),
    });
    fc.assert(
      fc.property(life, ({ loanDate, p, t, renewals, end }) => {
        const first = newLoanFigures({ loan_date: loanDate, loan_amount: p, appraisal_value: p, terms: t });
        const transactions: { type: string; amount: number }[] = first.amount_disbursed > 0 ? [{ type: 'disbursement', amount: first.amount_disbursed }] : [];
        let paidByPawner = 0;
        let loan = loanOf(loanDate, p, t);
        for (const fraction of renewals) {
          const span = Math.round(fraction * daysBetween(loan.loan_date, loan.expiry_date));
          const on = addDays(loan.loan_date, span);
          expect(renewProblem(loan, t, on)).toBeNull();
          const plan = planRenewal(loan, t, on);
          // The one renewal amount the screens show is what the renewal moves: interest, penalty, the new ticket's charge.
          expect(plan.due.renew_total).toBe(plan.due.interest + plan.due.penalty + plan.next.service_charge);
          expect(plan.due.renewal_charge).toBe(plan.next.service_charge);
          paidByPawner += plan.due.renew_total;
          transactions.push(...plan.transactions.oldLoan, ...plan.transactions.newLoan);
          expect(plan.next.amount_disbursed).toBe(0);
          expect(on <= plan.next.maturity_date && plan.next.maturity_date <= plan.next.expiry_date).toBe(true);
          loan = { ...loan, loan_date: on, maturity_date: plan.next.maturity_date, expiry_date: plan.next.expiry_date };
        }
        if (end.kind === 'redeem') {
          const on = addDays(loan.loan_date, end.after);
          expect(redeemProblem(loan, on)).toBeNull();
          const plan = planRedemption(loan, on);
          paidByPawner += plan.due.redeem_total;
          transactions.push(...plan.transactions);
        } else {
          const on = addDays(loan.expiry_date, end.after);
          expect(forfeitProblem(loan, on, SENT)).toBeNull();
          expect(forfeitProblem(loan, loan.expiry_date, SENT)).not.toBeNull();
        }
        for (const tx of transactions) {
          expect(tx.amount).toBeGreaterThan(0);
          expect(Number.isSafeInteger(tx.amount)).toBe(true);
        }
        const collected = transactions.filter((tx) => tx.type !== 'disbursement').reduce((s, tx) => s + tx.amount, 0);
        expect(collected).toBe(paidByPawner);
        const disbursed = transactions.filter((tx) => tx.type === 'disbursement').reduce((s, tx) => s + tx.amount, 0);
        expect(disbursed + first.service_charge).toBe(p);
      }),
    );
  });

  it('no action applies to a loan that is not active', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.constantFrom('renewed', 'redeemed', 'forfeited') as fc.Arbitrary<'renewed' | 'redeemed' | 'forfeited'>, (loanDate, p, t, status) => {
        const loan = { ...loanOf(loanDate, p, t), status };
        const later = addDays(loan.expiry_date, 1);
        expect(renewProblem(loan, { is_renewable: true }, loanDate)).toBe(`This loan is ${status}, not active.`);
        expect(redeemProblem(loan, later)).toBe(`This loan is ${status}, not active.`);
        expect(forfeitProblem(loan, later, SENT)).toBe(`This loan is ${status}, not active.`);
      }),
    );
  });
});

describe('how far back an action may be dated (decision 0120)', () => {
  const today = '2026-11-25';
  const bound = (over: Partial<ActionDateBound> = {}): ActionDateBound => ({
    today,
    latest: addDays(today, 1),
    notBefore: [loanDateFloor({ loan_date: '2026-05-09' })],
    backdateDays: DEFAULT_BACKDATE_DAYS,
    mayBackdateFurther: false,
    ...over,
  });

  it('refuses the future, the loan date and anything further back than the setting', () => {
    expect(actionDateProblem(today, 'redemption date', bound())).toBeNull();
    expect(actionDateProblem(addDays(today, 1), 'redemption date', bound())).toBeNull();
    expect(actionDateProblem(addDays(today, 2), 'redemption date', bound())).toBe('The redemption date may not be in the future.');
    expect(actionDateProblem(addDays(today, -7), 'redemption date', bound())).toBeNull();
    expect(actionDateProblem(addDays(today, -8), 'redemption date', bound())).toBe(
      'The redemption date may be at most 7 days before today; only a supervisor may date it earlier.',
    );
    // The review's case: a 200-day loan redeemed on its own loan date.
    expect(actionDateProblem('2026-05-09', 'redemption date', bound())).toMatch(/at most 7 days/);
    expect(actionDateProblem('2026-05-08', 'redemption date', bound({ mayBackdateFurther: true }))).toBe(BEFORE_LOAN_DATE);
    expect(actionDateProblem('2026-05-09', 'redemption date', bound({ mayBackdateFurther: true }))).toBeNull();
  });

  it('0 days means today only; one day reads as a day', () => {
    expect(actionDateProblem(today, 'loan date', bound({ backdateDays: 0, notBefore: [] }))).toBeNull();
    expect(actionDateProblem(addDays(today, -1), 'loan date', bound({ backdateDays: 0, notBefore: [] }))).toBe(
      'The loan date must be today; only a supervisor may date it earlier.',
    );
    expect(actionDateProblem(addDays(today, -2), 'loan date', bound({ backdateDays: 1, notBefore: [] }))).toMatch(/at most 1 day before/);
  });

  it('no earlier than the record’s last action, even for a supervisor', () => {
    const floors = [loanDateFloor({ loan_date: '2026-01-01' }), { date: '2026-11-20', message: dateBefore('sale date', 'the forfeiture', '2026-11-20') }];
    expect(actionDateProblem('2026-11-19', 'sale date', bound({ notBefore: floors, mayBackdateFurther: true }))).toBe(
      'The sale date may not be before the forfeiture (2026-11-20).',
    );
  });

  it('counts the days backdated across months and leap days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-11-25', '2026-11-18')).toBe(-7);
    expect(daysBackdated('2026-11-18', today)).toBe(7);
    expect(daysBackdated(addDays(today, 1), today)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: -3000, max: 3000 }), (n) => daysBetween(today, addDays(today, n)) === n));
  });
});

describe('the redemption period (decision 0180)', () => {
  it('forfeiture is refused on every day up to the end of the redemption period and allowed the day after; the stage says the same', () => {
    fc.assert(
      fc.property(date, principal, terms, fc.integer({ min: -5, max: 1200 }), (loanDate, p, t, after) => {
        const loan = loanOf(loanDate, p, t);
        const on = addDays(loan.maturity_date, after);
        const stage = loanStage(loan, on);
        const problem = forfeitProblem(loan, on, SENT);
        if (daysBetween(loan.maturity_date, on) <= redemptionPeriodDays(t)) {
          expect(problem).toBe(`This loan is in its redemption period until ${loan.expiry_date}; it can be forfeited only after that date.`);
          expect(stage).toBe(on <= loan.maturity_date ? 'running' : 'redemption_period');
        } else {
          expect(problem).toBeNull();
          expect(stage).toBe('forfeitable');
        }
      }),
    );
  });

  it('the days are the category’s, never below 90, or 30 for fast-depreciating gadgets', () => {
    expect(redemptionPeriodDays({ loan_period_expiry: 0 })).toBe(90);
    expect(redemptionPeriodDays({ loan_period_expiry: 45 })).toBe(90);
    expect(redemptionPeriodDays({ loan_period_expiry: 120 })).toBe(120);
    expect(redemptionPeriodDays({ loan_period_expiry: 0, fast_depreciating: true })).toBe(30);
    expect(redemptionPeriodDays({ loan_period_expiry: 45, fast_depreciating: true })).toBe(45);
  });
});

describe('a loan below 30 % of the appraised value (decision 0182)', () => {
  it('is refused without the pawner’s written request and written with it; at 30 % or more no request is needed', () => {
    fc.assert(
      fc.property(principal, fc.integer({ min: 1, max: MAX_CENTAVOS }), fc.boolean(), (loanAmount, appraisal, asked) => {
        fc.pre(loanAmount <= appraisal);
        const below = loanAmount / appraisal < 0.3 && 10 * loanAmount < 3 * appraisal;
        expect(isBelowLowLoanFloor(loanAmount, appraisal)).toBe(below);
        const problem = newLoanProblem({ loan_date: '2026-11-25', today: '2026-11-25', loan_amount: loanAmount, appraisal_value: appraisal, written_request: asked });
        expect(problem).toBe(below && !asked ? LOW_LOAN_NEEDS_REQUEST : null);
      }),
      { examples: [[3_000, 10_000, false], [2_999, 10_000, false], [2_999, 10_000, true]] },
    );
  });
});
