import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { ItemRow } from '../../db/tables';
import type { ItemMoveRow, ItemMovesTable, ItemPhotoRow, ItemPhotosTable, VaultCountRow, VaultCountsTable } from '../../db/vault-tables';
import { offsetOf } from '../../lib/pagination';

// The vault's rows: moves, counts and photos (migration 039; decisions 0308 to 0310). Every query takes the company.

/** The company's item holding this tag, if any. */
export async function findTagHolder(db: DB, companyId: number, tag: string): Promise<Pick<ItemRow, 'id' | 'uuid'> | undefined> {
  return db.selectFrom('items').select(['id', 'uuid']).where('company_id', '=', companyId).where('tag_number', '=', tag).executeTakeFirst();
}

export async function insertMove(trx: DB, row: Insertable<ItemMovesTable>): Promise<void> {
  await trx.insertInto('item_moves').values(row).execute();
}

/** An item's moves, newest first. */
export async function movesOfItem(db: DB, companyId: number, itemId: number): Promise<ItemMoveRow[]> {
  return db.selectFrom('item_moves').selectAll().where('company_id', '=', companyId).where('item_id', '=', itemId).orderBy('id', 'desc').limit(500).execute();
}

/** The tagged items the book has in a branch's vault: not in transit between branches (decisions 0303, 0309). */
export async function itemsInVault(db: DB, companyId: number, branchId: number, statuses: readonly ItemRow['status'][]): Promise<{ uuid: string; description: string; tag_number: string }[]> {
  const rows = await db
    .selectFrom('items')
    .select(['uuid', 'description', 'tag_number'])
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('in_transit', '=', 0)
    .where('status', 'in', [...statuses])
    .where('tag_number', 'is not', null)
    .execute();
  return rows.map((r) => ({ uuid: r.uuid, description: r.description, tag_number: r.tag_number ?? '' }));
}

export async function findCount(db: DB, companyId: number, uuid: string): Promise<VaultCountRow | undefined> {
  return db.selectFrom('vault_counts').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** A count by its uuid in any company (uuids are unique across the table): the caller checks the company. */
export async function findCountAnyCompany(db: DB, uuid: string): Promise<VaultCountRow | undefined> {
  return db.selectFrom('vault_counts').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertCount(db: DB, row: Insertable<VaultCountsTable>): Promise<VaultCountRow> {
  return db.insertInto('vault_counts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A branch's counts, newest first. */
export async function listCounts(db: DB, companyId: number, branchId: number, page: number, perPage: number): Promise<{ rows: VaultCountRow[]; total: number }> {
  const base = db.selectFrom('vault_counts').where('company_id', '=', companyId).where('branch_id', '=', branchId);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('counted_at', 'desc').orderBy('id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A photo by its uuid in any company (uuids are unique across the table): the caller checks the company. */
export async function findPhotoAnyCompany(db: DB, uuid: string): Promise<ItemPhotoRow | undefined> {
  return db.selectFrom('item_photos').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertPhoto(db: DB, row: Insertable<ItemPhotosTable>): Promise<ItemPhotoRow> {
  return db.insertInto('item_photos').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function photosOfItem(db: DB, companyId: number, itemId: number): Promise<ItemPhotoRow[]> {
  return db.selectFrom('item_photos').selectAll().where('company_id', '=', companyId).where('item_id', '=', itemId).orderBy('id').execute();
}

/** Whether a stored file is an item's photo: /uploads serves it only with a signed URL (decision 0310). */
export async function isItemPhoto(db: DB, name: string): Promise<boolean> {
  // Any company's: the question is whether the file is private at all, the signature says whose it is.
  const row = await db.selectFrom('item_photos').select('id').where('photo', '=', name).executeTakeFirst();
  return row !== undefined;
}
