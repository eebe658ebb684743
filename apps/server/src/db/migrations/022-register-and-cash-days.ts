import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';

// The register and the day's cash (docs/decisions/0187-0189):
// - transactions become an append-only register: a trigger refuses every update and delete on both databases,
//   except the one change the database itself makes when a user is removed (created_by set to null by the
//   foreign key). A mistake is corrected by a new row that reverses it: reverses_uuid (at most one reversal per
//   row: unique), reason. entry_date is the day the money moved (the action's date), which a closed day guards;
//   action says which counter action wrote the row ('extension' for a paid-interest extension of the term).
// - cash_days: each clerk's day at the counter, opened with a float and closed with the count.
// - loans.interest_from: where interest runs from after an extension (null: the loan date); loans.extensions counts them.

const REFUSED = 'The register is append-only: a transaction is never changed or deleted; reverse it instead.';

// Every column but created_by must stay as it was: only the foreign key's "set null" may touch a row.
const KEPT = ['id', 'company_id', 'uuid', 'loan_id', 'loan_uuid', 'item_uuid', 'type', 'amount', 'version', 'created_at', 'entry_date', 'reverses_uuid', 'reason', 'action', 'created_by_name'];

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('entry_date', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('transactions').addColumn('reverses_uuid', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('reason', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('action', 'text').execute();
  // Who wrote the row, as their name read then: the register still says who after the user is removed.
  await db.schema.alterTable('transactions').addColumn('created_by_name', 'text').execute();
  await sql`update transactions set created_by_name = (select name from users where users.id = transactions.created_by)`.execute(db);
  await sql`update transactions set entry_date = substr(created_at, 1, 10)`.execute(db);
  await db.schema.createIndex('transactions_reverses_uq').on('transactions').column('reverses_uuid').unique().execute();
  await db.schema.createIndex('transactions_company_user_day_idx').on('transactions').columns(['company_id', 'created_by', 'entry_date']).execute();

  await db.schema.alterTable('loans').addColumn('interest_from', 'text').execute();
  await db.schema.alterTable('loans').addColumn('extensions', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await withId(db, db.schema.createTable('cash_days'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('day', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open','closed')`))
    .addColumn('opening_float', 'bigint', (c) => c.notNull().check(sql`opening_float >= 0`))
    .addColumn('opened_at', 'text', notNull)
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('counted', 'bigint')
    .addColumn('expected', 'bigint')
    .addColumn('difference', 'bigint')
    // The day's position at the close (JSON: centavos per kind), so the close reads the same later.
    .addColumn('position', 'text')
    .addColumn('close_note', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('cash_days_company_user_day_uq', ['company_id', 'user_id', 'day'])
    .execute();
  await db.schema.createIndex('cash_days_company_version_idx').on('cash_days').columns(['company_id', 'version']).execute();

  if (isPostgres(db)) {
    const same = KEPT.map((c) => `new.${c} is not distinct from old.${c}`).join(' and ');
    await sql
      .raw(
        `create function transactions_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and new.created_by is null and old.created_by is not null and ${same} then return new; end if;
          raise exception '${REFUSED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger transactions_append_only before update or delete on transactions for each row execute function transactions_append_only()`).execute(db);
    await sql.raw(`create trigger transactions_no_truncate before truncate on transactions for each statement execute function transactions_append_only()`).execute(db);
  } else {
    const same = KEPT.map((c) => `new.${c} is old.${c}`).join(' and ');
    await sql
      .raw(
        `create trigger transactions_append_only_update before update on transactions
        when not (new.created_by is null and old.created_by is not null and ${same})
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
    await sql.raw(`create trigger transactions_append_only_delete before delete on transactions begin select raise(abort, '${REFUSED}'); end`).execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger transactions_no_truncate on transactions').execute(db);
    await sql.raw('drop trigger transactions_append_only on transactions').execute(db);
    await sql.raw('drop function transactions_append_only()').execute(db);
  } else {
    await sql.raw('drop trigger transactions_append_only_delete').execute(db);
    await sql.raw('drop trigger transactions_append_only_update').execute(db);
  }
  await db.schema.dropTable('cash_days').execute();
  await db.schema.alterTable('loans').dropColumn('extensions').execute();
  await db.schema.alterTable('loans').dropColumn('interest_from').execute();
  await db.schema.dropIndex('transactions_company_user_day_idx').execute();
  await db.schema.dropIndex('transactions_reverses_uq').execute();
  for (const c of ['created_by_name', 'action', 'reason', 'reverses_uuid', 'entry_date']) await db.schema.alterTable('transactions').dropColumn(c).execute();
}
