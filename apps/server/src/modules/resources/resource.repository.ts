import { type Insertable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { ResourceRow, ResourcesTable } from '../../db/tables';
import { type RecordKey, recordKey } from '../../lib/input-limits';
import { likePattern, offsetOf } from '../../lib/pagination';

export type ResourceWithCategories = ResourceRow & { categories: { id: number; title: string }[] };

export type ResourceKey = RecordKey;
export const keyOf = recordKey;

export interface ResourceFilter {
  /** Drafts are left out unless the caller may manage resources. */
  includeDrafts: boolean;
  search?: string;
  /** A category id or uuid; resources in it only. */
  category?: string;
}

function filtered(db: DB, companyId: number, f: ResourceFilter) {
  let q = db.selectFrom('resources').where('resources.company_id', '=', companyId);
  if (!f.includeDrafts) q = q.where('resources.is_published', '=', 1);
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where(sql<boolean>`(lower(resources.title) like ${pattern} escape '\\' or lower(resources.content) like ${pattern} escape '\\')`);
  }
  if (f.category) {
    const key = f.category;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('category_resource')
          .innerJoin('categories', 'categories.id', 'category_resource.category_id')
          .select(sql`1`.as('one'))
          .whereRef('category_resource.resource_id', '=', 'resources.id')
          .where('categories.company_id', '=', companyId)
          .where((inner) => {
            const k = recordKey(key);
            return 'id' in k ? inner('categories.id', '=', k.id) : inner('categories.uuid', '=', k.uuid);
          }),
      ),
    );
  }
  return q;
}

/** The categories of the given resources, by resource id, titles in alphabetical order. */
async function categoriesOf(db: DB, companyId: number, resourceIds: number[]): Promise<Map<number, { id: number; title: string }[]>> {
  const map = new Map<number, { id: number; title: string }[]>();
  if (resourceIds.length === 0) return map;
  const rows = await db
    .selectFrom('category_resource')
    .innerJoin('categories', 'categories.id', 'category_resource.category_id')
    .select(['category_resource.resource_id', 'categories.id', 'categories.title'])
    .where('categories.company_id', '=', companyId)
    .where('category_resource.resource_id', 'in', resourceIds)
    .orderBy('categories.title')
    .execute();
  for (const r of rows) {
    const list = map.get(r.resource_id) ?? [];
    list.push({ id: r.id, title: r.title });
    map.set(r.resource_id, list);
  }
  return map;
}

/** One page of a company's resources, newest first, with search, category and draft filters combined. */
export async function listResources(
  db: DB,
  companyId: number,
  f: ResourceFilter & { page: number; perPage: number },
): Promise<{ rows: ResourceWithCategories[]; total: number }> {
  const [{ n }, rows] = await Promise.all([
    filtered(db, companyId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    filtered(db, companyId, f)
      .selectAll('resources')
      .orderBy('resources.created_at', 'desc')
      .orderBy('resources.id', 'desc')
      .limit(f.perPage)
      .offset(offsetOf(f.page, f.perPage))
      .execute(),
  ]);
  const cats = await categoriesOf(db, companyId, rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, categories: cats.get(r.id) ?? [] })), total: Number(n) };
}

export async function findResource(db: DB, companyId: number, key: ResourceKey, includeDrafts = true): Promise<ResourceWithCategories | undefined> {
  let q = db.selectFrom('resources').selectAll().where('company_id', '=', companyId);
  q = 'id' in key ? q.where('id', '=', key.id) : q.where('uuid', '=', key.uuid);
  if (!includeDrafts) q = q.where('is_published', '=', 1);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const cats = await categoriesOf(db, companyId, [row.id]);
  return { ...row, categories: cats.get(row.id) ?? [] };
}

/** Keeps only the ids that are counselling categories of this company (resources are not filed under lending ones). */
async function ownCategoryIds(db: DB, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select('id').where('company_id', '=', companyId).where('kind', '=', 'counselling').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Inserts a resource and links its categories in one transaction. */
export async function insertResource(db: DB, companyId: number, row: Omit<Insertable<ResourcesTable>, 'company_id'>, categoryIds: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('resources').values({ ...row, company_id: companyId }).returning('id').executeTakeFirstOrThrow();
    const own = await ownCategoryIds(trx, companyId, categoryIds);
    if (own.length > 0) await trx.insertInto('category_resource').values(own.map((c) => ({ category_id: c, resource_id: id }))).execute();
    return id;
  });
}

/** The resource's row, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
function lockResource(trx: DB, companyId: number, id: number) {
  return forUpdate(trx, trx.selectFrom('resources').select(['id', 'image_path']).where('company_id', '=', companyId).where('id', '=', id)).executeTakeFirst();
}

/**
 * Updates a resource and, when categoryIds is given, replaces its category links, in one transaction
 * holding the row's lock (two updates of one resource never interleave their link writes). Returns the
 * image the row had before, or undefined when the resource is gone.
 */
export async function updateResource(
  db: DB,
  companyId: number,
  id: number,
  changes: Updateable<ResourcesTable>,
  categoryIds: number[] | undefined,
): Promise<{ previousImage: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await lockResource(trx, companyId, id);
    if (!before) return undefined;
    await trx.updateTable('resources').set(changes).where('company_id', '=', companyId).where('id', '=', id).execute();
    if (categoryIds !== undefined) {
      await trx.deleteFrom('category_resource').where('resource_id', '=', id).execute();
      const own = await ownCategoryIds(trx, companyId, categoryIds);
      if (own.length > 0) await trx.insertInto('category_resource').values(own.map((c) => ({ category_id: c, resource_id: id }))).execute();
    }
    return { previousImage: before.image_path };
  });
}

/** Deletes a resource with its links; returns the image it had (to remove its file), or undefined when it was gone. */
export async function deleteResource(db: DB, companyId: number, id: number): Promise<{ image: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const owned = await lockResource(trx, companyId, id);
    if (!owned) return undefined;
    await trx.deleteFrom('category_resource').where('resource_id', '=', id).execute();
    await trx.deleteFrom('resources').where('company_id', '=', companyId).where('id', '=', id).execute();
    return { image: owned.image_path };
  });
}

/** Whether a stored file is the image of an unpublished (draft) resource: served only by signed URL. */
export async function isDraftResourceImage(db: DB, name: string): Promise<boolean> {
  const row = await db.selectFrom('resources').select('id').where('image_path', '=', name).where('is_published', '=', 0).executeTakeFirst();
  return row !== undefined;
}

/** Of the given ids, those that are categories of this company (for validation). */
export async function existingCategoryIds(db: DB, companyId: number, ids: number[]): Promise<number[]> {
  return ownCategoryIds(db, companyId, ids);
}
