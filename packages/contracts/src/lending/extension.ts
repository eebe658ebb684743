/**
 * Paying the interest due extends a loan by one term on the same ticket (decision 0189): the P.D. 114
 * "renewal" in which the pawner pays the interest and no new principal is lent. Pure and zod-free, so the offline
 * counter and the server compute the same amount and dates. Money is integer centavos, dates 'YYYY-MM-DD'.
 * Source and choices: docs/decisions/0189-interest-paid-extension.md.
 */

import { addDays, addMonths, addPeriod, amountsDue, BEFORE_LOAN_DATE, lateInterestFrom, NOT_ACTIVE } from './rules';
import type { AmountsDue, LendingTerms, LoanFigures, PlannedTransaction } from './rules';
import { redemptionPeriodDays } from './redemption';

export const NOT_EXTENDABLE = "This loan's category does not allow extending a loan by paying its interest.";
export const EXTEND_AFTER_EXPIRY = 'This loan expired and can no longer be extended; it can only be redeemed or forfeited.';
export const NOTHING_TO_EXTEND = 'No interest is due on this loan, so paying it cannot extend the loan.';
/** The device extended the loan from a maturity it no longer has: another extension got there first. */
export const EXTENDED_MEANWHILE = (maturity: string) => `This loan was extended meanwhile; it now matures on ${maturity}.`;

/** Whether the category allows the extension; a copy from before the setting existed follows is_renewable (decision 0189). */
export function mayExtend(terms: Pick<LendingTerms, 'is_renewable' | 'is_extendable'>): boolean {
  return terms.is_extendable ?? terms.is_renewable;
}

/** The day the extension pays the interest as of: the day itself, but never before maturity (the term is paid in full). */
function paidAsOf(loan: LoanFigures, asOf: string): string {
  return asOf > loan.maturity_date ? asOf : loan.maturity_date;
}

export interface ExtensionPlan {
  /** What is due on the later of the day and the maturity date: interest to maturity, then interest and penalty after it. */
  due: AmountsDue;
  /** What the pawner pays: interest plus penalty (no service charge: no new ticket). */
  total: number;
  /** One term after the old maturity date. */
  maturity_date: string;
  /** The new maturity plus the redemption period. */
  expiry_date: string;
  /** The day the interest is now paid to (loans.interest_from): it runs again from the day after. */
  interest_from: string;
  /** The register entries, each marked action 'extension' by the writer. */
  transactions: PlannedTransaction[];
}

/**
 * What an extension on `asOf` takes and gives. Before maturity the pawner pays the interest of the whole term (to
 * maturity); after it, also the interest and penalty of each month started since, as amountsDue computes them
 * (decision 0181), which pays the interest to the end of the last month started. The maturity moves one term of the
 * category on from the old maturity, and the redemption period with it.
 */
export function planExtension(loan: LoanFigures, terms: LendingTerms, asOf: string): ExtensionPlan {
  const due = amountsDue(loan, paidAsOf(loan, asOf));
  const maturity_date = addPeriod(loan.maturity_date, terms.loan_period, terms.loan_period_type);
  const transactions: PlannedTransaction[] = [
    { type: 'interest' as const, amount: due.interest },
    { type: 'penalty' as const, amount: due.penalty },
  ].filter((t) => t.amount > 0);
  return {
    due,
    total: due.interest + due.penalty,
    maturity_date,
    expiry_date: addDays(maturity_date, redemptionPeriodDays(terms)),
    interest_from: addMonths(lateInterestFrom(loan), due.penalty_months),
    transactions,
  };
}

/** Why the loan may not be extended on `asOf`, or null: the same sentence offline and on the server. */
export function extendProblem(loan: LoanFigures, terms: Pick<LendingTerms, 'is_renewable' | 'is_extendable'>, asOf: string): string | null {
  if (loan.status !== 'active') return NOT_ACTIVE(loan.status);
  if (!mayExtend(terms)) return NOT_EXTENDABLE;
  if (asOf < loan.loan_date) return BEFORE_LOAN_DATE;
  if (asOf > loan.expiry_date) return EXTEND_AFTER_EXPIRY;
  const due = amountsDue(loan, paidAsOf(loan, asOf));
  if (due.interest + due.penalty <= 0) return NOTHING_TO_EXTEND;
  return null;
}
