import { type AnyDB, notNull, withId } from './columns';

// The pawnshop's notices, registration and know-your-customer record (decisions 0184-0186):
//  - settings.bsp_registration: the shop's registration with the Bangko Sentral, printed on every ticket;
//    settings.pawn_notice_days: tickets whose redemption period ends within this many days are listed to notify;
//    settings.kyc_loan_threshold: centavos; a customer's first loan above it needs their full record (null: none).
//  - customers.email, nationality, occupation, source_of_funds: the rest of the record the rules ask for (the ID,
//    address and date of birth were there already).
//  - pawn_notices: the one notice a ticket gets before its redemption period ends. loan_id is unique, so two
//    clerks, tabs or processes sending at once write one row and one of them sends.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').addColumn('bsp_registration', 'text').execute();
  await db.schema.alterTable('settings').addColumn('pawn_notice_days', 'integer', (c) => c.notNull().defaultTo(15)).execute();
  await db.schema.alterTable('settings').addColumn('kyc_loan_threshold', 'bigint').execute();
  for (const column of ['email', 'nationality', 'occupation', 'source_of_funds']) {
    await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  }
  await withId(db, db.schema.createTable('pawn_notices'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('loan_id', 'integer', (c) => c.notNull().unique().references('loans.id').onDelete('cascade'))
    // The dates and amount the notice stated, kept as sent (the auction list shows them).
    .addColumn('expiry_date', 'text', notNull)
    .addColumn('amount_due', 'bigint', notNull)
    .addColumn('email', 'text')
    .addColumn('email_status', 'text', notNull)
    .addColumn('email_error', 'text')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('pawn_notices_company_idx').on('pawn_notices').columns(['company_id', 'sent_at']).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pawn_notices').execute();
  for (const column of ['source_of_funds', 'occupation', 'nationality', 'email']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
  await db.schema.alterTable('settings').dropColumn('kyc_loan_threshold').execute();
  await db.schema.alterTable('settings').dropColumn('pawn_notice_days').execute();
  await db.schema.alterTable('settings').dropColumn('bsp_registration').execute();
}
