import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// The offline book converges (docs/decisions/0103-0105):
//  - idempotency_keys: a key belongs to (company, user), not only the company (decision 0105), and a stored reply
//    may be pruned (reply null) while the key row stays, so a late repeat still answers as applied. SQLite cannot
//    drop a table constraint, so the table is rebuilt (the same statements on both databases).
//  - lending_field_conflicts: a sent field that overwrote a value the sending device had not seen (field merge).
//  - category_terms_history: each category's lending terms by change-counter version, so a ticket printed offline
//    at older terms is checked against what the category really said then; loans record that version and whether
//    the category's terms had changed since (terms_changed 0/1).

/** idempotency_keys' columns; `reply` may be null from this migration on (a pruned reply). */
function keysTable(db: AnyDB, name: string, reply: 'nullable' | 'required') {
  return withId(db, db.schema.createTable(name))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('key', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer', notNull)
    .addColumn('reply', 'text', (c) => (reply === 'required' ? c.notNull() : c))
    .addColumn('created_at', 'text', notNull);
}

export async function up(db: AnyDB): Promise<void> {
  await keysTable(db, 'idempotency_keys_v2', 'nullable').execute();
  await sql`insert into idempotency_keys_v2 (company_id, user_id, key, method, path, request_hash, status_code, reply, created_at)
    select company_id, user_id, key, method, path, request_hash, status_code, reply, created_at from idempotency_keys`.execute(db);
  await db.schema.dropTable('idempotency_keys').execute();
  await sql`alter table idempotency_keys_v2 rename to idempotency_keys`.execute(db);
  await db.schema.createIndex('idempotency_keys_company_user_key_uq').on('idempotency_keys').columns(['company_id', 'user_id', 'key']).unique().execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await withId(db, db.schema.createTable('lending_field_conflicts'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('table_name', 'text', notNull)
    .addColumn('record_uuid', 'text', notNull)
    .addColumn('field', 'text', notNull)
    .addColumn('overwritten_value', 'text')
    .addColumn('device_was_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('lending_field_conflicts_company_record_idx').on('lending_field_conflicts').columns(['company_id', 'record_uuid', 'id']).execute();
  await db.schema.createIndex('lending_field_conflicts_company_idx').on('lending_field_conflicts').columns(['company_id', 'id']).execute();

  await withId(db, db.schema.createTable('category_terms_history'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('version', 'integer', notNull)
    .addColumn('interest_rate', 'double precision', notNull)
    .addColumn('penalty_rate', 'double precision', notNull)
    .addColumn('loan_period', 'integer', notNull)
    .addColumn('loan_period_type', 'text', notNull)
    .addColumn('loan_period_expiry', 'integer', notNull)
    .addColumn('is_renewable', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('category_terms_history_category_version_uq').on('category_terms_history').columns(['category_id', 'version']).unique().execute();
  // Every category's terms as they are now, at its current version: a ticket printed from this copy matches.
  await sql`insert into category_terms_history
      (company_id, category_id, version, interest_rate, penalty_rate, loan_period, loan_period_type, loan_period_expiry, is_renewable, created_at)
    select company_id, id, version, interest_rate, penalty_rate, loan_period, loan_period_type, loan_period_expiry, is_renewable, updated_at
    from categories`.execute(db);

  await db.schema.alterTable('loans').addColumn('category_version', 'integer').execute();
  await db.schema
    .alterTable('loans')
    .addColumn('terms_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('loans').dropColumn('terms_changed').execute();
  await db.schema.alterTable('loans').dropColumn('category_version').execute();
  await db.schema.dropTable('category_terms_history').execute();
  await db.schema.dropTable('lending_field_conflicts').execute();
  await db.schema.dropIndex('idempotency_keys_company_user_key_uq').execute();
  await db.schema.dropIndex('idempotency_keys_created_idx').execute();
  await sql`delete from idempotency_keys where reply is null`.execute(db);
  await keysTable(db, 'idempotency_keys_v1', 'required').addUniqueConstraint('idempotency_keys_company_key_uq', ['company_id', 'key']).execute();
  // Per company again: of two users' rows with the same key, the first is kept.
  await sql`insert into idempotency_keys_v1 (company_id, user_id, key, method, path, request_hash, status_code, reply, created_at)
    select company_id, user_id, key, method, path, request_hash, status_code, reply, created_at from idempotency_keys k
    where not exists (select 1 from idempotency_keys e where e.company_id = k.company_id and e.key = k.key and e.id < k.id)`.execute(db);
  await db.schema.dropTable('idempotency_keys').execute();
  await sql`alter table idempotency_keys_v1 rename to idempotency_keys`.execute(db);
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}
