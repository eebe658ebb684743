import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// The vault (docs/decisions/0308-vault-tags-and-places.md, 0309-vault-counts.md, 0310-item-photos.md): an item's
// tag (unique in its company) and place, the history of its moves, the counts kept, and the items' photos (their
// file in `photo`, a name the backups and the upload sweep find by itself: db/upload-references.ts).

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('items').addColumn('tag_number', 'text').execute();
  await db.schema.alterTable('items').addColumn('place_kind', 'text', (c) => c.check(sql`place_kind in ('vault', 'drawer', 'tray')`)).execute();
  await db.schema.alterTable('items').addColumn('place_name', 'text').execute();
  await db.schema.createIndex('items_tag_uq').unique().on('items').columns(['company_id', 'tag_number']).execute();

  await withId(db, db.schema.createTable('item_moves'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('item_uuid', 'text', notNull)
    .addColumn('tag_number', 'text')
    .addColumn('from_kind', 'text')
    .addColumn('from_name', 'text')
    .addColumn('to_kind', 'text', notNull)
    .addColumn('to_name', 'text', notNull)
    .addColumn('moved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('moved_by_name', 'text')
    .addColumn('moved_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('item_moves_item_idx').on('item_moves').columns(['company_id', 'item_id', 'id']).execute();

  await withId(db, db.schema.createTable('vault_counts'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer')
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('counted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('counted_by_name', 'text')
    .addColumn('counted_at', 'text', notNull)
    .addColumn('expected_count', 'integer', notNull)
    .addColumn('present_count', 'integer', notNull)
    .addColumn('missing_count', 'integer', notNull)
    .addColumn('unexpected_count', 'integer', notNull)
    /** JSON: the missing items ({ uuid, tag_number, description }) and the unexpected tags, as the count found them. */
    .addColumn('missing_json', 'text', notNull)
    .addColumn('unexpected_json', 'text', notNull)
    .execute();
  await db.schema.createIndex('vault_counts_company_idx').on('vault_counts').columns(['company_id', 'counted_at']).execute();

  await withId(db, db.schema.createTable('item_photos'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('item_uuid', 'text', notNull)
    .addColumn('photo', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('item_photos_item_idx').on('item_photos').columns(['company_id', 'item_id']).execute();
  await db.schema.createIndex('item_photos_photo_idx').on('item_photos').column('photo').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('item_photos').execute();
  await db.schema.dropTable('vault_counts').execute();
  await db.schema.dropTable('item_moves').execute();
  await db.schema.dropIndex('items_tag_uq').execute();
  await db.schema.alterTable('items').dropColumn('place_name').execute();
  await db.schema.alterTable('items').dropColumn('place_kind').execute();
  await db.schema.alterTable('items').dropColumn('tag_number').execute();
}
