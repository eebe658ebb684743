// Zod-free, so the Categories screen can read it on its first paint without building the schemas (issue 16);
// categories.ts re-exports it for the server.

/** Defaults of a new category (spec section 9). */
export const CATEGORY_DEFAULTS = {
  interest_rate: 0,
  penalty_rate: 0,
  loan_period: 1,
  loan_period_type: 'month',
  loan_period_expiry: 0,
  is_renewable: true,
} as const;
