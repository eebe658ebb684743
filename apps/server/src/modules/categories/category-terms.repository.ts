import { mayExtend } from '@kalinga/contracts/pawn-extension';
import type { LendingTerms } from '@kalinga/contracts/pawn-rules';
import type { DB } from '../../db/database';
import type { CategoryRow } from '../../db/tables';

// Each category's lending terms by change-counter version (docs/decisions/0104): written in the transaction that
// creates a category or changes its terms, so a ticket printed offline from an older copy of the category can be
// checked against what the category really said at that version.

const TERM_COLUMNS = ['interest_rate', 'penalty_rate', 'loan_period', 'loan_period_type', 'loan_period_expiry', 'is_renewable', 'fast_depreciating', 'is_extendable'] as const;

type TermsRow = Pick<CategoryRow, (typeof TERM_COLUMNS)[number]>;

export function termsOfRow(row: TermsRow): LendingTerms {
  return {
    interest_rate: Number(row.interest_rate),
    penalty_rate: Number(row.penalty_rate),
    loan_period: Number(row.loan_period),
    loan_period_type: row.loan_period_type,
    loan_period_expiry: Number(row.loan_period_expiry),
    is_renewable: Number(row.is_renewable) === 1,
    fast_depreciating: Number(row.fast_depreciating) === 1,
    is_extendable: Number(row.is_extendable) === 1,
  };
}

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
    mayExtend(a) === mayExtend(b)
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
  if (last && sameTerms(termsOfRow(last), termsOfRow(current))) return;
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
  return row ? termsOfRow(row) : undefined;
}
