import type { AnyDB } from './columns';

// pawn_notices.auction_date / auction_place: the shop's next auction as the settings named it when the notice was
// sent (decision 0194), so the email and a letter printed later say what the notice said, whatever the settings say
// now. Notices recorded before keep null: they are printed with the settings as they stand.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('pawn_notices').addColumn('auction_date', 'text').execute();
  await db.schema.alterTable('pawn_notices').addColumn('auction_place', 'text').execute();
  await db.schema.alterTable('pawn_notices').addColumn('auction_recorded', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('pawn_notices').dropColumn('auction_recorded').execute();
  await db.schema.alterTable('pawn_notices').dropColumn('auction_place').execute();
  await db.schema.alterTable('pawn_notices').dropColumn('auction_date').execute();
}
