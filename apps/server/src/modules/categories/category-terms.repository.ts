import { mayExtend } from '@kalinga/contracts/lending/extension';
import type { LendingTerms } from '@kalinga/contracts/lending/rules';
import { categoryTerms } from '@kalinga/contracts/lending/terms';
import type { DB } from '../../db/database';

// Each category's lending terms by change-counter version (docs/decisions/0104): written in the transaction that
// creates a category or changes its terms, so a ticket printed offline from an older copy of the category can be
// checked against what the category really said at that version.

const TERM_COLUMNS = ['interest_rate', 'penalty_rate', 'loan_period', 'loan_period_type', 'loan_period_expiry', 'is_renewable', 'fast_depreciating', 'is_extendable', 'advance_interest', 'ltv_percent'] as const;

/** Whether two sets of terms are the same (rates to a millionth of a percent). */
export function sameTerms(a: LendingTerms, b: LendingTerms): boolean {
  const rate = (n: number) => Math.round(n * 1_000_000);
  return (
    rate(a.interest_rate) === rate(b.interest_rate) &&
    rate(a.penalty_rate) === rate(b.penalty_rate) &&
    a.loan_period === b.loan_period &&
    a.loan_period_type === b.loan_period_type &&
    a.loan_period_expiry === b.loan_period_expiry &&
    a.is_renewable === b.is_renewable &&
    Boolean(a.fast_depreciating) === Boolean(b.fast_depreciating) &&
    // Printed terms sent before the setting existed carry none: they meant what is_renewable said.
    mayExtend(a) === mayExtend(b) &&
    // Printed terms sent before advance interest existed carry none: none was taken (decision 0219).
    (a.advance_interest ?? 'none') === (b.advance_interest ?? 'none')
  );
}

/**
 * Records the category's terms at `version` when they differ from its last recorded ones (a create always records).
 * Runs in the writing transaction, after the category's row was written with that version.
 */
export async function recordCategoryTerms(trx: DB, companyId: number, categoryId: number, version: number, now: string): Promise<void> {
  const current = await trx.selectFrom('categories').select(TERM_COLUMNS).where('company_id', '=', companyId).where('id', '=', categoryId).executeTakeFirst();
  if (!current) return;
  const last = await trx
    .selectFrom('category_terms_history')
    .select(TERM_COLUMNS)
    .where('company_id', '=', companyId)
    .where('category_id', '=', categoryId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  // The suggested share of a piece's value is kept with the terms (decision 0305), though no ticket prints it.
  if (last && sameTerms(categoryTerms(last), categoryTerms(current)) && last.ltv_percent === current.ltv_percent) return;
  await trx
    .insertInto('category_terms_history')
    .values({ company_id: companyId, category_id: categoryId, version, ...current, created_at: now })
    .execute();
}

/**
 * The category's terms as of `version`: its last recorded terms at or before it. For a version before its first
 * record, its first terms: a category made on a device prints tickets before the device learns its server version
 * (it sends 0), from the terms it was created with. Undefined when none are recorded at all (a category written
 * before the history, e.g. by an old seed).
 */
export async function categoryTermsAt(db: DB, companyId: number, categoryId: number, version: number): Promise<LendingTerms | undefined> {
  const history = db.selectFrom('category_terms_history').select(TERM_COLUMNS).where('company_id', '=', companyId).where('category_id', '=', categoryId);
  const row =
    (await history.where('version', '<=', version).orderBy('version', 'desc').limit(1).executeTakeFirst()) ??
    (await history.orderBy('version', 'asc').limit(1).executeTakeFirst());
  return row ? categoryTerms(row) : undefined;
}
