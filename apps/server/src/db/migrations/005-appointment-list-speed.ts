import { sql } from 'kysely';
import { type AnyDB, isPostgres } from './columns';

// GET /api/appointments at 100,000 rows (docs/decisions/0025-appointments-list-performance.md).
// 1. appointment_versions: a per-company counter that the database itself bumps in the same
//    transaction as every insert, update or delete of that company's appointments (and every rename
//    of a user, whose name the list's search matches). The server caches list totals per version, so
//    a cached total is never used after any write, from any process.
//    No foreign key: a company's deletion cascades to its appointments, whose triggers write here.
// 2. (company_id, appointment_date, id): the list's order including its tie-break, so PostgreSQL reads
//    a page straight from the index (SQLite appends the rowid to every index, so it already did).
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('appointment_versions')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const bump = (from: string) =>
    `insert into appointment_versions (company_id, version) ${from} on conflict (company_id) do update set version = appointment_versions.version + 1`;

  if (isPostgres(db)) {
    // Statement-level triggers: one bump per company per statement, however many rows it wrote.
    await sql.raw(`create function appointment_versions_inserted() returns trigger language plpgsql as $$
      begin ${bump('select distinct company_id, 1 from new_rows')}; return null; end $$`).execute(db);
    await sql.raw(`create function appointment_versions_deleted() returns trigger language plpgsql as $$
      begin ${bump('select distinct company_id, 1 from old_rows')}; return null; end $$`).execute(db);
    await sql.raw(`create function appointment_versions_updated() returns trigger language plpgsql as $$
      begin ${bump('select company_id, 1 from old_rows union select company_id, 1 from new_rows')}; return null; end $$`).execute(db);
    await sql.raw(`create trigger appointments_version_ins after insert on appointments referencing new table as new_rows
      for each statement execute function appointment_versions_inserted()`).execute(db);
    await sql.raw(`create trigger appointments_version_del after delete on appointments referencing old table as old_rows
      for each statement execute function appointment_versions_deleted()`).execute(db);
    await sql.raw(`create trigger appointments_version_upd after update on appointments referencing old table as old_rows new table as new_rows
      for each statement execute function appointment_versions_updated()`).execute(db);
    await sql.raw(`create function appointment_versions_user_renamed() returns trigger language plpgsql as $$
      begin ${bump('select company_id, 1 from company_user where user_id = new.id')}; return null; end $$`).execute(db);
    await sql.raw(`create trigger users_name_appointment_version after update of name on users for each row
      when (old.name is distinct from new.name) execute function appointment_versions_user_renamed()`).execute(db);
  } else {
    await sql.raw(`create trigger appointments_version_ins after insert on appointments begin
      ${bump('values (new.company_id, 1)')}; end`).execute(db);
    await sql.raw(`create trigger appointments_version_del after delete on appointments begin
      ${bump('values (old.company_id, 1)')}; end`).execute(db);
    await sql.raw(`create trigger appointments_version_upd after update on appointments begin
      ${bump('values (old.company_id, 1)')}; ${bump('select new.company_id, 1 where new.company_id <> old.company_id')}; end`).execute(db);
    await sql.raw(`create trigger users_name_appointment_version after update of name on users when old.name is not new.name begin
      ${bump('select company_id, 1 from company_user where user_id = new.id')}; end`).execute(db);
  }

  await db.schema.createIndex('appointments_company_date_id_idx').on('appointments').columns(['company_id', 'appointment_date', 'id']).execute();
  await db.schema.dropIndex('appointments_company_date_idx').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.createIndex('appointments_company_date_idx').on('appointments').columns(['company_id', 'appointment_date']).execute();
  await db.schema.dropIndex('appointments_company_date_id_idx').execute();
  for (const name of ['appointments_version_ins', 'appointments_version_del', 'appointments_version_upd']) {
    await sql.raw(`drop trigger ${name}${isPostgres(db) ? ' on appointments' : ''}`).execute(db);
  }
  await sql.raw(`drop trigger users_name_appointment_version${isPostgres(db) ? ' on users' : ''}`).execute(db);
  if (isPostgres(db)) {
    for (const fn of ['inserted', 'deleted', 'updated', 'user_renamed']) await sql.raw(`drop function appointment_versions_${fn}()`).execute(db);
  }
  await db.schema.dropTable('appointment_versions').execute();
}
