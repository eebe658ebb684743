// Zod-free, so the Categories screen can read it on its first paint without building the schemas (decision 0091);
// categories.ts re-exports it for the server.

/** A category is for counselling (appointments, resources) or for lending (loans, items, pawn terms): decision 0121. */
export const CATEGORY_KINDS = ['counselling', 'lending'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** Defaults of a new category (product-rules.md#constants). */
export const CATEGORY_DEFAULTS = {
  interest_rate: 0,
  penalty_rate: 0,
  loan_period: 1,
  loan_period_type: 'month',
  loan_period_expiry: 0,
  is_renewable: true,
  /** Not among the original defaults: the Philippine rules' gadget class (decision 0180); off, so a new category gives 90 days. */
  fast_depreciating: false,
  /** Not among the original defaults: paying the interest extends a loan by a term, the rules' renewal without a new principal (decision 0189). */
  is_extendable: true,
} as const;
