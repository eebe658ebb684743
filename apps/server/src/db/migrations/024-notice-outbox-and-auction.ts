import { sql } from 'kysely';
import type { AnyDB } from './columns';

// The pawn notice's email goes through the outbox, and the notice names the auction (decisions 0192, 0194):
// - outbox.pawn_notice_id: the notice an email row sends (its words are read from the notice when it is sent).
//   Unique where set: one email per notice, whatever retries or processes do. The outbox's recipient_id is a user,
//   so a notice's row names the clerk who sent it there; the address is the notice's own (pawn_notices.email).
// - settings.pawn_auction_date / pawn_auction_place: the shop's next auction, printed on the notice when set.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('pawn_notice_id', 'integer', (c) => c.references('pawn_notices.id').onDelete('cascade')).execute();
  await sql`create unique index outbox_pawn_notice_uq on outbox (pawn_notice_id) where pawn_notice_id is not null`.execute(db);
  await db.schema.alterTable('settings').addColumn('pawn_auction_date', 'text').execute();
  await db.schema.alterTable('settings').addColumn('pawn_auction_place', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('pawn_auction_place').execute();
  await db.schema.alterTable('settings').dropColumn('pawn_auction_date').execute();
  await sql`drop index outbox_pawn_notice_uq`.execute(db);
  await db.schema.alterTable('outbox').dropColumn('pawn_notice_id').execute();
}
