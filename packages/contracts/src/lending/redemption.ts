/**
 * The Philippine pawn rules on redemption, pure and zod-free (the offline counter and the server import the same):
 * the redemption period after maturity, where a loan stands in it, and the pawner's written request a loan below
 * 30 % of the appraised value needs. Money is integer centavos, dates 'YYYY-MM-DD'.
 * Sources and choices: docs/decisions/0180-redemption-period.md, 0181-interest-after-maturity.md,
 * 0182-loans-below-thirty-percent.md.
 */

/** Days after maturity the pawner may still redeem before the item may be forfeited: the default. */
export const REDEMPTION_PERIOD_DAYS = 90;
/** The shortest period a pawner may agree to for fast-depreciating items such as gadgets. */
export const FAST_DEPRECIATING_MIN_DAYS = 30;

/** What the redemption period depends on: the category's days after maturity and whether its items depreciate fast. */
export interface RedemptionTerms {
  /** The category's own days after maturity (0, the default of a new category, means the regulatory floor). */
  loan_period_expiry: number;
  /** Fast-depreciating items (gadgets): the pawner agrees to a shorter period, never below 30 days. */
  fast_depreciating?: boolean;
}

/** The days of the redemption period a ticket gives: the category's days, never below the floor of its kind. */
export function redemptionPeriodDays(terms: RedemptionTerms): number {
  const floor = terms.fast_depreciating ? FAST_DEPRECIATING_MIN_DAYS : REDEMPTION_PERIOD_DAYS;
  return Math.max(Math.round(terms.loan_period_expiry), floor);
}

/**
 * Where an active loan stands on `asOf`: running until maturity, then in its redemption period (the pawner may
 * still redeem or renew; the shop may not forfeit), then forfeitable the day after the period ends.
 */
export type LoanStage = 'running' | 'redemption_period' | 'forfeitable';

export function loanStage(loan: { maturity_date: string; expiry_date: string }, asOf: string): LoanStage {
  if (asOf <= loan.maturity_date) return 'running';
  if (asOf <= loan.expiry_date) return 'redemption_period';
  return 'forfeitable';
}

/** The sentence that refuses a forfeiture inside the redemption period. */
export const inRedemptionPeriod = (expiryDate: string) =>
  `This loan is in its redemption period until ${expiryDate}; it can be forfeited only after that date.`;

// ---------- a loan below 30 % of the appraised value ----------

/** A loan below this percent of the appraised value is made only at the pawner's written request. */
export const LOW_LOAN_PERCENT = 30;
export const LOW_LOAN_NEEDS_REQUEST = `A loan below ${LOW_LOAN_PERCENT} % of the appraised value needs the pawner's written request.`;
/** Printed on a ticket whose loan is below 30 %: the pawner signs under it. */
export const LOW_LOAN_REQUEST_NOTE = `The pawner asked in writing for a loan below ${LOW_LOAN_PERCENT} % of the appraised value.`;

/** Whether a loan of `loanAmount` against `appraisal` (centavos) is below 30 % of it, in integers. */
export function isBelowLowLoanFloor(loanAmount: number, appraisal: number): boolean {
  return loanAmount * 100 < appraisal * LOW_LOAN_PERCENT;
}
