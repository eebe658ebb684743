import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// The pawn counter's defects (decisions 0216, 0217, 0219, 0220):
// - ticket_prints: every print of a ticket, recorded on the server (who, when, on which device, and whether the
//   device printed it as an original or a reprint); the loan keeps the count, the first print and a flag when two
//   devices printed an original before either synced (decision 0216).
// - loans.notice_sent_at: when the notice before the redemption period's end was recorded (stamped with the notice,
//   so the offline book learns it by the pull); forfeit_reason / forfeit_override_by: a forfeiture without a sent
//   notice, allowed only to a manager with a reason (decision 0217).
// - categories/category_terms_history.advance_interest (0 none, 1 one term) and loans.advance_interest (centavos
//   deducted from the proceeds when the ticket was written; decision 0219).
// - settings.pawnshop_name / pawnshop_address: the lending business printed on tickets and notices, when the company
//   runs its pawnshop under another name than its own (decision 0220).

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('ticket_prints'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'text', notNull)
    .addColumn('printed_at', 'text', notNull)
    .addColumn('as_reprint', 'integer', notNull)
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('ticket_prints_loan_idx').on('ticket_prints').columns(['company_id', 'loan_id']).execute();
  await db.schema.alterTable('loans').addColumn('prints', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('loans').addColumn('first_printed_at', 'text').execute();
  await db.schema.alterTable('loans').addColumn('print_conflict', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('loans').addColumn('notice_sent_at', 'text').execute();
  await sql`update loans set notice_sent_at = (select n.sent_at from pawn_notices n where n.loan_id = loans.id)`.execute(db);
  await db.schema.alterTable('loans').addColumn('forfeit_reason', 'text').execute();
  await db.schema.alterTable('loans').addColumn('forfeit_override_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('loans').addColumn('advance_interest', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('categories').addColumn('advance_interest', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('category_terms_history').addColumn('advance_interest', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('settings').addColumn('pawnshop_name', 'text').execute();
  await db.schema.alterTable('settings').addColumn('pawnshop_address', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('pawnshop_address').execute();
  await db.schema.alterTable('settings').dropColumn('pawnshop_name').execute();
  await db.schema.alterTable('category_terms_history').dropColumn('advance_interest').execute();
  await db.schema.alterTable('categories').dropColumn('advance_interest').execute();
  for (const column of ['advance_interest', 'forfeit_override_by', 'forfeit_reason', 'notice_sent_at', 'print_conflict', 'first_printed_at', 'prints']) {
    await db.schema.alterTable('loans').dropColumn(column).execute();
  }
  await db.schema.dropTable('ticket_prints').execute();
}
