import type { LendingTerms, LoanPeriodType } from './rules';

// A category's lending terms, as the pawn rules take them and a ticket prints them, read from any copy of a
// category: the server's row (flags as 0/1, advance interest as 0/1) or the API's and the device's (booleans,
// 'none' | 'one_term'). The one place a category becomes LendingTerms (decision 0260).

/** The columns the terms come from; each may arrive as the database, the API or the device stores it. */
export interface CategoryTermsRow {
  interest_rate?: unknown;
  penalty_rate?: unknown;
  loan_period?: unknown;
  loan_period_type?: unknown;
  loan_period_expiry?: unknown;
  is_renewable?: unknown;
  fast_depreciating?: unknown;
  is_extendable?: unknown;
  advance_interest?: unknown;
}

/** A flag as the database (0/1) or the API (boolean) keeps it. */
const flag = (value: unknown) => (typeof value === 'boolean' ? value : Number(value) === 1);

/** `row` is a typed row or the effects' plain record (docs/architecture.md#lending-slice). */
export function categoryTerms(row: CategoryTermsRow | Readonly<Record<string, unknown>>): LendingTerms & { loan_period_type: LoanPeriodType } {
  const category: CategoryTermsRow = row;
  const extendable = category.is_extendable;
  return {
    interest_rate: Number(category.interest_rate),
    penalty_rate: Number(category.penalty_rate),
    loan_period: Number(category.loan_period),
    loan_period_type: category.loan_period_type as LoanPeriodType,
    loan_period_expiry: Number(category.loan_period_expiry),
    is_renewable: flag(category.is_renewable),
    // A copy kept before the gadget class existed has none: not fast-depreciating, 90 days (decision 0180).
    fast_depreciating: flag(category.fast_depreciating),
    // A copy kept before the setting existed has none: the rules follow is_renewable (decision 0189).
    ...((typeof extendable === 'boolean' || typeof extendable === 'number') && { is_extendable: flag(extendable) }),
    // Left out when none was taken, as on a copy kept before the setting existed (decision 0219).
    ...((category.advance_interest === 'one_term' || category.advance_interest === 1) && { advance_interest: 'one_term' as const }),
  };
}
