import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';

// Branches of a pawnshop chain (docs/decisions/0301-branches-schema.md):
// - branches: a company's counters, each with its own ticket series (ticket_prefix + last_ticket_number, bumped by
//   one conditional update per ticket), address and BSP registration printed on tickets and letters; `deleted` 0/1
//   closes a branch without losing its history. Every company has one from its creation (a trigger on companies),
//   existing companies get one named after the company, which keeps the 'PT' series and its last number.
// - user_branches: the branches a user works at (none: the company's first branch).
// - branch_id on loans (the branch whose series and book the ticket is in), items (the vault holding the item;
//   in_transit 1 while a transfer is under way: counted in no vault), transactions (the branch that acted),
//   cash_days and pawn_notices. Nullable in the schema (SQLite cannot add a referencing column with a default);
//   every write sets it and the backfill below sets it for existing rows.
// - item_transfers: an item sent by one branch and received by another (decision 0303).

const LENDING_TABLES = ['loans', 'items', 'transactions', 'cash_days', 'pawn_notices'] as const;

// The register's append-only guard (migration 022), recreated below with branch_id among the kept columns.
const REFUSED = 'The register is append-only: a transaction is never changed or deleted; reverse it instead.';
const KEPT = ['id', 'company_id', 'uuid', 'loan_id', 'loan_uuid', 'item_uuid', 'type', 'amount', 'version', 'created_at', 'entry_date', 'reverses_uuid', 'reason', 'action', 'created_by_name'];

function sqliteUuid(): string {
  return `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;
}

async function dropRegisterGuard(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger transactions_no_truncate on transactions').execute(db);
    await sql.raw('drop trigger transactions_append_only on transactions').execute(db);
    await sql.raw('drop function transactions_append_only()').execute(db);
  } else {
    await sql.raw('drop trigger transactions_append_only_delete').execute(db);
    await sql.raw('drop trigger transactions_append_only_update').execute(db);
  }
}

async function createRegisterGuard(db: AnyDB, kept: string[]): Promise<void> {
  if (isPostgres(db)) {
    const same = kept.map((c) => `new.${c} is not distinct from old.${c}`).join(' and ');
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
    const same = kept.map((c) => `new.${c} is old.${c}`).join(' and ');
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

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('branches'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('address', 'text')
    .addColumn('bsp_registration', 'text')
    .addColumn('ticket_prefix', 'text', notNull)
    .addColumn('last_ticket_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('branches_company_prefix_uq', ['company_id', 'ticket_prefix'])
    .execute();

  await db.schema
    .createTable('user_branches')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_branches_pk', ['user_id', 'branch_id'])
    .execute();
  await db.schema.createIndex('user_branches_branch_idx').on('user_branches').columns(['company_id', 'branch_id']).execute();

  // One branch for every company there is, named after it, keeping the company's ticket series.
  const uuid = isPostgres(db) ? 'gen_random_uuid()::text' : sqliteUuid();
  const now = new Date().toISOString();
  await sql
    .raw(
      `insert into branches (company_id, uuid, name, address, bsp_registration, ticket_prefix, last_ticket_number, deleted, created_at, updated_at)
       select c.id, ${uuid}, c.name, s.pawnshop_address, s.bsp_registration, 'PT', coalesce(lc.last_ticket_number, 0), 0, '${now}', '${now}'
       from companies c left join settings s on s.company_id = c.id left join lending_counters lc on lc.company_id = c.id`,
    )
    .execute(db);
  // ...and every company made later gets its first branch with it.
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function companies_first_branch() returns trigger language plpgsql as $$
        begin
          insert into branches (company_id, uuid, name, ticket_prefix, last_ticket_number, deleted, created_at, updated_at)
          values (new.id, gen_random_uuid()::text, new.name, 'PT', 0, 0, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
          return new;
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger companies_first_branch after insert on companies for each row execute function companies_first_branch()').execute(db);
  } else {
    await sql
      .raw(
        `create trigger companies_first_branch after insert on companies begin
          insert into branches (company_id, uuid, name, ticket_prefix, last_ticket_number, deleted, created_at, updated_at)
          values (new.id, ${sqliteUuid()}, new.name, 'PT', 0, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        end`,
      )
      .execute(db);
  }

  for (const table of LENDING_TABLES) {
    await db.schema.alterTable(table).addColumn('branch_id', 'integer', (c) => c.references('branches.id')).execute();
  }
  await db.schema.alterTable('items').addColumn('in_transit', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await dropRegisterGuard(db);
  for (const table of LENDING_TABLES) {
    await sql.raw(`update ${table} set branch_id = (select min(b.id) from branches b where b.company_id = ${table}.company_id)`).execute(db);
  }
  await createRegisterGuard(db, [...KEPT, 'branch_id']);

  await db.schema.createIndex('loans_company_branch_version_idx').on('loans').columns(['company_id', 'branch_id', 'version']).execute();
  await db.schema.createIndex('items_company_branch_idx').on('items').columns(['company_id', 'branch_id', 'status']).execute();
  await db.schema.createIndex('transactions_company_branch_day_idx').on('transactions').columns(['company_id', 'branch_id', 'entry_date']).execute();
  await db.schema.createIndex('cash_days_company_branch_day_idx').on('cash_days').columns(['company_id', 'branch_id', 'day']).execute();

  // A fresh database got the permission from migration 001 (PERMISSIONS includes it); an older one gets it here,
  // and the administrators of existing companies with it (new companies get every permission).
  await sql`insert into permissions (name) select 'manage branches' where not exists (select 1 from permissions where name = 'manage branches')`.execute(db);
  await sql`insert into role_permission (role_id, permission_id)
    select r.id, p.id from roles r cross join permissions p
    where r.name = 'admin' and p.name = 'manage branches'
      and not exists (select 1 from role_permission rp where rp.role_id = r.id and rp.permission_id = p.id)`.execute(db);

  await withId(db, db.schema.createTable('item_transfers'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('from_branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('to_branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent','received')`))
    .addColumn('note', 'text')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', notNull)
    .addColumn('received_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('received_at', 'text')
    .execute();
  await db.schema.createIndex('item_transfers_company_status_idx').on('item_transfers').columns(['company_id', 'status', 'to_branch_id']).execute();
  await db.schema.createIndex('item_transfers_item_idx').on('item_transfers').columns(['company_id', 'item_id']).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await sql`delete from permissions where name = 'manage branches'`.execute(db);
  await db.schema.dropTable('item_transfers').execute();
  await db.schema.dropIndex('cash_days_company_branch_day_idx').execute();
  await db.schema.dropIndex('transactions_company_branch_day_idx').execute();
  await db.schema.dropIndex('items_company_branch_idx').execute();
  await db.schema.dropIndex('loans_company_branch_version_idx').execute();
  await dropRegisterGuard(db);
  await db.schema.alterTable('items').dropColumn('in_transit').execute();
  for (const table of LENDING_TABLES) await db.schema.alterTable(table).dropColumn('branch_id').execute();
  await createRegisterGuard(db, KEPT);
  if (isPostgres(db)) {
    await sql.raw('drop trigger companies_first_branch on companies').execute(db);
    await sql.raw('drop function companies_first_branch()').execute(db);
  } else {
    await sql.raw('drop trigger companies_first_branch').execute(db);
  }
  await db.schema.dropTable('user_branches').execute();
  await db.schema.dropTable('branches').execute();
}
