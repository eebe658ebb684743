import { sql } from 'kysely';
import { type AnyDB, isPostgres } from './columns';

// No-shows and late cancellations (docs/decisions/0154-no-shows-and-late-cancellations.md).
//  - appointments.status may be 'no_show': the client did not come (never written as 'cancelled').
//  - appointments.late_cancellation: 1 when the client cancelled inside the notice period.
//  - appointments.approval_reason: why a booking waits for the counselor's approval (the no-show policy); null otherwise.
//  - settings.no_show_limit: after this many no-shows or late cancellations in a row, a client's next booking
//    waits for approval (0 = off).
// The report counts (migration 008) count every status but 'cancelled', so a no-show stays counted as booked.

const OLD_CHECK = `status in ('pending','confirmed','completed','cancelled')`;
const NEW_CHECK = `status in ('pending','confirmed','completed','cancelled','no_show')`;

/**
 * SQLite cannot change a CHECK in place: the table is rebuilt (SQLite's documented twelve steps) with foreign keys
 * off, so dropping the old table neither cascades to the rows that refer to it nor fails on them. Its indexes
 * and triggers are read before and created again after, exactly as they were.
 */
async function rebuildSqliteAppointments(db: AnyDB, from: string, to: string): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'appointments'`.execute(db);
  const create = table.rows[0].sql;
  if (!create.includes(from)) throw new Error('The appointments table does not carry the expected status rule.');
  const dependents = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = 'appointments' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  // Triggers on other tables name appointments in their bodies: the rename must not re-check them mid-way.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(create.replace(/^CREATE TABLE "?appointments"?/i, 'create table "appointments_019"').replace(from, to)).execute(db);
      await sql`insert into appointments_019 select * from appointments`.execute(db);
      await sql`drop table appointments`.execute(db);
      await sql`alter table appointments_019 rename to appointments`.execute(db);
      for (const { sql: statement } of dependents.rows) await sql.raw(statement).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('Rebuilding appointments left rows without their parents.');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function setStatusRule(db: AnyDB, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table appointments drop constraint appointments_status_check`.execute(db);
    await sql.raw(`alter table appointments add constraint appointments_status_check check (${to})`).execute(db);
  } else {
    await rebuildSqliteAppointments(db, from, to);
  }
}

export async function up(db: AnyDB): Promise<void> {
  await setStatusRule(db, OLD_CHECK, NEW_CHECK);
  await db.schema.alterTable('appointments').addColumn('late_cancellation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appointments').addColumn('approval_reason', 'text').execute();
  await db.schema.alterTable('settings').addColumn('no_show_limit', 'integer', (c) => c.notNull().defaultTo(2)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('no_show_limit').execute();
  await db.schema.alterTable('appointments').dropColumn('approval_reason').execute();
  await db.schema.alterTable('appointments').dropColumn('late_cancellation').execute();
  // A no-show goes back to what the older build knows: the session is in the past and did not happen.
  await sql`update appointments set status = 'cancelled' where status = 'no_show'`.execute(db);
  await setStatusRule(db, NEW_CHECK, OLD_CHECK);
}
