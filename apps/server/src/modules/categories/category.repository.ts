import { CATEGORY_DEFAULTS, type CategoryCreate, type CategoryKind } from '@kalinga/contracts/categories';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { CategoriesTable, CategoryRow } from '../../db/tables';
import { bumpVersion, writeTombstone } from '../../db/sync-version';
import { type Page, type SyncWindow, windowed } from '../../db/sync-window';
import { nowIso } from '../../lib/clock';
import { recordCategoryTerms } from './category-terms.repository';
import { type RecordKey, recordKey } from '../../lib/input-limits';
import { likePattern, offsetOf } from '../../lib/pagination';

type CategoryTerms = Pick<CategoryCreate, 'interest_rate' | 'penalty_rate' | 'loan_period' | 'loan_period_type' | 'loan_period_expiry' | 'is_renewable' | 'fast_depreciating' | 'is_extendable' | 'advance_interest' | 'ltv_percent'>;

/** A new category's pawn terms as stored: those sent, the defaults (CATEGORY_DEFAULTS) for the rest. */
export function newCategoryTerms(sent: Partial<CategoryTerms> = {}) {
  return {
    interest_rate: sent.interest_rate ?? CATEGORY_DEFAULTS.interest_rate,
    penalty_rate: sent.penalty_rate ?? CATEGORY_DEFAULTS.penalty_rate,
    loan_period: sent.loan_period ?? CATEGORY_DEFAULTS.loan_period,
    loan_period_type: sent.loan_period_type ?? CATEGORY_DEFAULTS.loan_period_type,
    loan_period_expiry: sent.loan_period_expiry ?? CATEGORY_DEFAULTS.loan_period_expiry,
    is_renewable: (sent.is_renewable ?? CATEGORY_DEFAULTS.is_renewable) ? 1 : 0,
    fast_depreciating: (sent.fast_depreciating ?? CATEGORY_DEFAULTS.fast_depreciating) ? 1 : 0,
    // Left out, as renewable: the extension is a renewal without a new principal (decision 0189).
    is_extendable: (sent.is_extendable ?? sent.is_renewable ?? CATEGORY_DEFAULTS.is_extendable) ? 1 : 0,
    // Left out: none (decision 0219).
    advance_interest: sent.advance_interest === 'one_term' ? 1 : 0,
    // Left out: the default share (decision 0305).
    ltv_percent: sent.ltv_percent ?? null,
  };
}

export type CategoryWithCount = CategoryRow & { resources_count: number };

/** A route parameter names a category by numeric id or by uuid. */
export type CategoryKey = RecordKey;
export const keyOf = recordKey;

/** A company's categories with their resource counts (also read by the sync pull). */
export function baseQuery(db: DB, companyId: number) {
  return db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) =>
      eb
        .selectFrom('category_resource')
        .whereRef('category_resource.category_id', '=', 'categories.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('resources_count'),
    )
    .where('categories.company_id', '=', companyId);
}

function searchFilter(search: string | undefined) {
  const pattern = search ? likePattern(search) : null;
  return pattern
    ? sql<boolean>`(lower(categories.title) like ${pattern} escape '\\' or lower(coalesce(categories.description, '')) like ${pattern} escape '\\')`
    : null;
}

/** One page of a company's categories of one kind, newest first, optionally filtered by a case-insensitive search. */
export async function listCategories(
  db: DB,
  companyId: number,
  opts: { page: number; perPage: number; search?: string; kind: CategoryKind },
): Promise<{ rows: CategoryWithCount[]; total: number }> {
  const filter = searchFilter(opts.search);
  let count = db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('kind', '=', opts.kind);
  let rows = baseQuery(db, companyId).where('categories.kind', '=', opts.kind);
  if (filter) {
    count = count.where(filter);
    rows = rows.where(filter);
  }
  const [{ n }, list] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows.orderBy('categories.created_at', 'desc').orderBy('categories.id', 'desc').limit(opts.perPage).offset(offsetOf(opts.page, opts.perPage)).execute(),
  ]);
  return { rows: list.map(normalise), total: Number(n) };
}

export async function findCategory(db: DB, companyId: number, key: CategoryKey): Promise<CategoryWithCount | undefined> {
  const q = baseQuery(db, companyId);
  const row = await ('id' in key ? q.where('categories.id', '=', key.id) : q.where('categories.uuid', '=', key.uuid)).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** Whether a uuid is taken by any company's category (uuids are unique across the table). */
export async function uuidTaken(db: DB, uuid: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('uuid', '=', uuid).executeTakeFirst());
}

/** Inserts a category stamped with a new change-counter value (the offline store pulls categories too). */
export async function insertCategory(db: DB, row: Insertable<CategoriesTable>): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, row.company_id);
    const inserted = await trx.insertInto('categories').values({ ...row, version }).returningAll().executeTakeFirstOrThrow();
    // Its terms at this version, for tickets printed from this copy (decision 0104).
    await recordCategoryTerms(trx, inserted.company_id, inserted.id, version, inserted.created_at);
    return inserted;
  });
}

/** The category's row, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
function lockCategory(trx: DB, companyId: number, id: number) {
  return forUpdate(trx, trx.selectFrom('categories').select(['id', 'image_path']).where('company_id', '=', companyId).where('id', '=', id)).executeTakeFirst();
}

/** Updates a category; returns the image it had just before (to remove its file once replaced), or undefined when it is gone. */
export async function updateCategory(db: DB, companyId: number, id: number, changes: Updateable<CategoriesTable>): Promise<{ previousImage: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    // The counter first, then the row: lending writes take them in that order too (no deadlock).
    const version = await bumpVersion(trx, companyId);
    const before = await lockCategory(trx, companyId, id);
    if (!before) return undefined;
    await trx.updateTable('categories').set({ ...changes, version }).where('company_id', '=', companyId).where('id', '=', id).execute();
    // Changed terms are recorded at this version (decision 0104); other changes record nothing.
    await recordCategoryTerms(trx, companyId, id, version, nowIso());
    return { previousImage: before.image_path };
  });
}

/** How many of the company's appointments name this category. */
export async function countAppointmentsUsing(db: DB, companyId: number, categoryId: number): Promise<number> {
  const { n } = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether any of the company's loans or items name this category. */
export async function lendingUses(db: DB, companyId: number, categoryId: number): Promise<boolean> {
  const [loan, item] = await Promise.all([
    db.selectFrom('loans').select('id').where('company_id', '=', companyId).where('category_id', '=', categoryId).limit(1).executeTakeFirst(),
    db.selectFrom('items').select('id').where('company_id', '=', companyId).where('category_id', '=', categoryId).limit(1).executeTakeFirst(),
  ]);
  return Boolean(loan ?? item);
}

/** Detaches the category from its resources and deletes it, in one transaction; returns its image, or undefined when it was gone. */
export async function deleteCategory(db: DB, companyId: number, id: number): Promise<{ image: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    const owned = await forUpdate(trx, trx.selectFrom('categories').select(['id', 'uuid', 'image_path']).where('company_id', '=', companyId).where('id', '=', id)).executeTakeFirst();
    if (!owned) return undefined;
    await trx.deleteFrom('category_resource').where('category_id', '=', id).execute();
    await trx.deleteFrom('categories').where('company_id', '=', companyId).where('id', '=', id).execute();
    await writeTombstone(trx, companyId, 'categories', owned.uuid, version);
    return { image: owned.image_path };
  });
}

// PostgreSQL returns counts and double precision columns as numbers here, SQLite too; pin the types anyway.
export function normalise<T extends CategoryRow & { resources_count: number | string | null }>(row: T): CategoryWithCount {
  return {
    ...row,
    interest_rate: Number(row.interest_rate),
    penalty_rate: Number(row.penalty_rate),
    resources_count: Number(row.resources_count ?? 0),
  };
}

/** The lending categories changed in a sync window, what the sync pull reads of this area (counselling ones are not in the lending book: decision 0121). */
export async function lendingCategoryRows(db: DB, w: SyncWindow, page?: Page): Promise<CategoryWithCount[]> {
  const rows = await windowed(baseQuery(db, w.companyId).where('categories.kind', '=', 'lending'), w, page).execute();
  return rows.map(normalise);
}

/** The company's first category of a kind (the oldest), if it has one. */
export async function firstCategoryOfKind(db: DB, companyId: number, kind: CategoryKind) {
  return db.selectFrom('categories').select(['id', 'title']).where('company_id', '=', companyId).where('kind', '=', kind).orderBy('id').executeTakeFirst();
}
