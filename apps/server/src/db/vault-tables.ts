import type { Generated, Selectable } from 'kysely';

// The vault's tables (migration 039; docs/decisions/0308-vault-tags-and-places.md, 0309-vault-counts.md,
// 0310-item-photos.md), joined to the Database type in tables.ts.

/** One tagging or move of an item, appended by every PLACE_ITEM; never changed. */
export interface ItemMovesTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  item_uuid: string;
  tag_number: string | null;
  from_kind: string | null;
  from_name: string | null;
  to_kind: string;
  to_name: string;
  moved_by: number | null;
  moved_by_name: string | null;
  moved_at: string;
}

/** A vault count as it was saved: what the book expected, what was found missing and what was not expected. */
export interface VaultCountsTable {
  id: Generated<number>;
  company_id: number;
  /** The branch whose vault was counted; null where the company has no branches yet. */
  branch_id: number | null;
  uuid: string;
  counted_by: number | null;
  counted_by_name: string | null;
  counted_at: string;
  expected_count: number;
  present_count: number;
  missing_count: number;
  unexpected_count: number;
  missing_json: string;
  unexpected_json: string;
}

/** An item's photo; `photo` is the stored file's name under the uploads folder, served only signed. */
export interface ItemPhotosTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  item_id: number;
  item_uuid: string;
  photo: string;
  width: number;
  height: number;
  taken_by: number | null;
  created_at: string;
}

export interface VaultTables {
  item_moves: ItemMovesTable;
  vault_counts: VaultCountsTable;
  item_photos: ItemPhotosTable;
}

export type ItemMoveRow = Selectable<ItemMovesTable>;
export type VaultCountRow = Selectable<VaultCountsTable>;
export type ItemPhotoRow = Selectable<ItemPhotosTable>;
