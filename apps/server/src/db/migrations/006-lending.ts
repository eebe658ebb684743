import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Lending: customers, pawn loans, items, transactions, the per-company change counter the
// sync cursor reads, tombstones, and stored replies of idempotent writes. Agreed schema:
// why: docs/decisions/0060 and 0061-0064.
// Money is integer centavos: bigint, as PHP 100,000,000.00 is 10^10 centavos (above PostgreSQL's 32-bit integer).
// Calendar dates are 'YYYY-MM-DD' text, instants ISO text.

const LENDING_PERMISSIONS = ['view lending', 'manage lending'];

const version = (c: Parameters<typeof notNull>[0]) => c.notNull().defaultTo(0);
const money = (c: Parameters<typeof notNull>[0]) => c.notNull().defaultTo(0);

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('lending_counters')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('sync_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_ticket_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('customers'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('phone_number', 'text')
    .addColumn('address', 'text')
    .addColumn('id_type', 'text')
    .addColumn('id_number', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('version', 'integer', version)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('customers_company_version_idx').on('customers').columns(['company_id', 'version']).execute();
  await db.schema.createIndex('customers_company_name_idx').on('customers').columns(['company_id', 'last_name', 'first_name']).execute();

  await withId(db, db.schema.createTable('loans'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('pawn_ticket_number', 'text', notNull)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('customer_uuid', 'text', notNull)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('category_uuid', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active','renewed','redeemed','forfeited')`))
    .addColumn('loan_date', 'text', notNull)
    .addColumn('maturity_date', 'text', notNull)
    .addColumn('expiry_date', 'text', notNull)
    .addColumn('renewal_date', 'text')
    .addColumn('redemption_date', 'text')
    .addColumn('forfeiture_date', 'text')
    .addColumn('appraisal_value', 'bigint', money)
    .addColumn('loan_amount', 'bigint', money)
    .addColumn('service_charge', 'bigint', money)
    .addColumn('interest_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('penalty_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_disbursed', 'bigint', money)
    .addColumn('paid_interest_amount', 'bigint', money)
    .addColumn('paid_penalty_amount', 'bigint', money)
    .addColumn('new_loan', 'text')
    .addColumn('renewed_from', 'text')
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', version)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('loans_company_ticket_uq', ['company_id', 'pawn_ticket_number'])
    .execute();
  await db.schema.createIndex('loans_company_version_idx').on('loans').columns(['company_id', 'version']).execute();
  await db.schema.createIndex('loans_company_status_maturity_idx').on('loans').columns(['company_id', 'status', 'maturity_date']).execute();
  await db.schema.createIndex('loans_company_customer_idx').on('loans').columns(['company_id', 'customer_uuid']).execute();
  // A renewal is keyed by the old loan: at most one loan renews another, even when two renewals race.
  await db.schema.createIndex('loans_renewed_from_uq').on('loans').column('renewed_from').unique().execute();
  await db.schema.createIndex('loans_customer_idx').on('loans').column('customer_id').execute();
  await db.schema.createIndex('loans_category_idx').on('loans').column('category_id').execute();

  await withId(db, db.schema.createTable('items'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id'))
    .addColumn('loan_uuid', 'text', notNull)
    .addColumn('customer_uuid', 'text', notNull)
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('category_uuid', 'text')
    .addColumn('description', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pawned','redeemed','forfeited','for_sale','sold')`))
    .addColumn('appraisal_value', 'bigint', money)
    .addColumn('market_value', 'bigint')
    .addColumn('selling_price', 'bigint')
    .addColumn('final_selling_price', 'bigint')
    .addColumn('sold_at', 'text')
    .addColumn('buyer_name', 'text')
    .addColumn('buyer_contact', 'text')
    .addColumn('sale_notes', 'text')
    .addColumn('version', 'integer', version)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('items_company_version_idx').on('items').columns(['company_id', 'version']).execute();
  await db.schema.createIndex('items_company_loan_idx').on('items').columns(['company_id', 'loan_uuid']).execute();
  await db.schema.createIndex('items_company_status_idx').on('items').columns(['company_id', 'status']).execute();
  await db.schema.createIndex('items_loan_idx').on('items').column('loan_id').execute();
  await db.schema.createIndex('items_category_idx').on('items').column('category_id').execute();

  await withId(db, db.schema.createTable('transactions'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id'))
    .addColumn('loan_uuid', 'text', notNull)
    .addColumn('item_uuid', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('disbursement','interest','penalty','redemption','renewal','sale')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('version', 'integer', version)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('transactions_company_version_idx').on('transactions').columns(['company_id', 'version']).execute();
  await db.schema.createIndex('transactions_company_loan_idx').on('transactions').columns(['company_id', 'loan_uuid']).execute();
  await db.schema.createIndex('transactions_loan_idx').on('transactions').column('loan_id').execute();

  await db.schema.alterTable('categories').addColumn('version', 'integer', version).execute();
  await db.schema.createIndex('categories_company_version_idx').on('categories').columns(['company_id', 'version']).execute();

  await withId(db, db.schema.createTable('sync_tombstones'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('table_name', 'text', notNull)
    .addColumn('uuid', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .execute();
  await db.schema.createIndex('sync_tombstones_company_version_idx').on('sync_tombstones').columns(['company_id', 'version']).execute();

  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('key', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer', notNull)
    .addColumn('reply', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('idempotency_keys_company_key_uq', ['company_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  // A fresh database got these from migration 001 (PERMISSIONS includes them); an older one gets them here.
  for (const name of LENDING_PERMISSIONS) {
    await sql`insert into permissions (name) select ${name} where not exists (select 1 from permissions where name = ${name})`.execute(db);
  }
  // Administrators of existing companies get both (new companies get every permission: DEFAULT_ROLES.admin).
  await sql`insert into role_permission (role_id, permission_id)
    select r.id, p.id from roles r cross join permissions p
    where r.name = 'admin' and p.name in (${sql.join(LENDING_PERMISSIONS)})
      and not exists (select 1 from role_permission rp where rp.role_id = r.id and rp.permission_id = p.id)`.execute(db);
}

export async function down(db: AnyDB): Promise<void> {
  await sql`delete from permissions where name in (${sql.join(LENDING_PERMISSIONS)})`.execute(db);
  await db.schema.dropIndex('categories_company_version_idx').execute();
  await db.schema.alterTable('categories').dropColumn('version').execute();
  for (const t of ['idempotency_keys', 'sync_tombstones', 'transactions', 'items', 'loans', 'customers', 'lending_counters']) {
    await db.schema.dropTable(t).execute();
  }
}
