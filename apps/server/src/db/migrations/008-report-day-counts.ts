import { sql } from 'kysely';
import { type AnyDB, isPostgres } from './columns';

// Reports that stay cheap (docs/decisions/0045-report-day-counts.md).
// report_day_counts holds, per company and local day, how many appointments (every status but cancelled)
// fall in each category, department and age group: one row per (company, dimension, day, group). The
// database keeps it exact in the same transaction as every write, from any process or script:
//  - triggers on appointments (insert, delete, update of status, day, category, client or company) take the
//    old row's groups away and add the new row's;
//  - a trigger on users moves the counts of every appointment of a client whose department or birth date
//    changes, so reports keep grouping by the client's *current* department and birth date, as before.
// Category rows are keyed by category id (the title is looked up when reading, so a rename costs nothing).
// Rows that fall to zero are deleted. No foreign key: deleting a company cascades to its appointments,
// whose triggers write here (the same reason as appointment_versions, migration 005).
// The labels below are the report's own (decision 0041), written out here so this migration never changes.

const NA = `'N/A'`;
const department = (col: string) => `coalesce(nullif(trim(${col}), ''), ${NA})`;

/** The age group on `day` of someone born on `birth` (both 'YYYY-MM-DD'); 'N/A' without a well-formed birth date. */
function ageGroup(pg: boolean, day: string, birth: string): string {
  const wellFormed = pg ? `${birth} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'` : `${birth} glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;
  const ymd = (col: string) => `cast(replace(${col}, '-', '') as integer)`;
  const years = `(${ymd(day)} - ${ymd(birth)}) / 10000`;
  return `case when ${birth} is null or not (${wellFormed}) then ${NA}
    when ${years} < 18 then 'Under 18' when ${years} <= 21 then '18-21' when ${years} <= 25 then '22-25'
    when ${years} <= 35 then '26-35' when ${years} <= 50 then '36-50' else 'Over 50' end`;
}

/**
 * Rows (company_id, dimension, day, grp, delta) for the appointments of `from` (a relation aliased `a`
 * with company_id, local_date, category_id, client_id, status), each counted `delta` times; the client's
 * department and birth date come from `person` (an expression for the users row, joined on `joinOn`).
 */
function appointmentDeltas(pg: boolean, from: string, delta: string, users = 'users u', joinOn = 'u.id = a.client_id'): string {
  const live = `a.status <> 'cancelled'`;
  return `select a.company_id, 'category' as dimension, a.local_date as day, cast(a.category_id as text) as grp, ${delta} as delta from ${from} where ${live}
    union all select a.company_id, 'department', a.local_date, ${department('u.department')}, ${delta} from ${from} join ${users} on ${joinOn} where ${live}
    union all select a.company_id, 'age', a.local_date, ${ageGroup(pg, 'a.local_date', 'u.birth_date')}, ${delta} from ${from} join ${users} on ${joinOn} where ${live}`;
}

/** Adds the summed deltas to report_day_counts (in key order, so concurrent writers lock rows alike). */
function applyDeltas(deltas: string): string {
  return `insert into report_day_counts (company_id, dimension, day, grp, count)
    select company_id, dimension, day, grp, sum(delta) from (${deltas}) d
    group by company_id, dimension, day, grp having sum(delta) <> 0 order by company_id, dimension, day, grp
    on conflict (company_id, dimension, day, grp) do update set count = report_day_counts.count + excluded.count`;
}

/** Deletes the rows among those `deltas` touch that fell to zero. */
function dropZeros(deltas: string): string {
  return `delete from report_day_counts where count = 0
    and (company_id, dimension, day, grp) in (select company_id, dimension, day, grp from (${deltas}) d)`;
}

export async function up(db: AnyDB): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('report_day_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull().check(sql`dimension in ('category', 'department', 'age')`))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('grp', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_day_counts_pk', ['company_id', 'dimension', 'day', 'grp'])
    // SQLite: the rows are stored in key order, so a report reads one contiguous range.
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  // Backfill from the appointments already there.
  await sql.raw(applyDeltas(appointmentDeltas(pg, 'appointments a', '1'))).execute(db);

  // A user's new department or birth date regroups every appointment of theirs: the old labels out, the new in.
  // Every company is visited through appointments' (company_id, client_id, …) index.
  const userDeltas = (who: string, delta: string) =>
    appointmentDeltas(pg, `appointments a`, delta, `(select ${who}.department as department, ${who}.birth_date as birth_date) u`, `a.company_id in (select id from companies) and a.client_id = ${who}.id`);
  const regroupUser = `${applyDeltas(`${userDeltas('old', '-1')} union all ${userDeltas('new', '1')}`)}; ${dropZeros(userDeltas('old', '-1'))}`;

  if (pg) {
    // Statement-level triggers: one aggregated write per statement, however many rows it touched.
    // PostgreSQL fires a table's triggers in name order: the zz_ names run after appointment_versions' bump
    // (migration 005), which locks the company's version row until commit. Appointment writes of one company
    // are thus already serialised when they reach these counts (no deadlock between two transactions that
    // each touch several count rows), and each function's statements take a fresh snapshot after that wait,
    // so a client's department or birth date is read as committed by whoever held the lock before.
    const fn = async (name: string, body: string) =>
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
    await fn('report_day_counts_inserted', `${applyDeltas(appointmentDeltas(pg, 'new_rows a', '1'))}`);
    await fn('report_day_counts_deleted', `${applyDeltas(appointmentDeltas(pg, 'old_rows a', '-1'))}; ${dropZeros(appointmentDeltas(pg, 'old_rows a', '-1'))}`);
    await fn(
      'report_day_counts_updated',
      `${applyDeltas(`${appointmentDeltas(pg, 'old_rows a', '-1')} union all ${appointmentDeltas(pg, 'new_rows a', '1')}`)}; ${dropZeros(appointmentDeltas(pg, 'old_rows a', '-1'))}`,
    );
    // A client's regrouping first takes the version rows of the companies they belong to or have appointments
    // in (key order), so it waits for those companies' appointment writes and they wait for it; its reads then
    // see their committed rows. Without it, a status change racing a birth-date change leaves a count behind.
    const lockCompanies = `insert into appointment_versions (company_id, version)
      select company_id, 1 from (select company_id from company_user where user_id = new.id
        union select company_id from appointments where company_id in (select id from companies) and client_id = new.id) c
      order by company_id on conflict (company_id) do update set version = appointment_versions.version + 1`;
    await fn('report_day_counts_user_changed', `${lockCompanies}; ${regroupUser}`);
    await sql.raw(`create trigger appointments_zz_report_counts_ins after insert on appointments referencing new table as new_rows
      for each statement execute function report_day_counts_inserted()`).execute(db);
    await sql.raw(`create trigger appointments_zz_report_counts_del after delete on appointments referencing old table as old_rows
      for each statement execute function report_day_counts_deleted()`).execute(db);
    await sql.raw(`create trigger appointments_zz_report_counts_upd after update on appointments referencing old table as old_rows new table as new_rows
      for each statement execute function report_day_counts_updated()`).execute(db);
    await sql.raw(`create trigger users_report_counts after update of department, birth_date on users for each row
      when (old.department is distinct from new.department or old.birth_date is distinct from new.birth_date)
      execute function report_day_counts_user_changed()`).execute(db);
  } else {
    const one = (row: 'new' | 'old') => `(select ${row}.company_id as company_id, ${row}.local_date as local_date, ${row}.category_id as category_id, ${row}.client_id as client_id, ${row}.status as status) a`;
    await sql.raw(`create trigger appointments_zz_report_counts_ins after insert on appointments when new.status <> 'cancelled' begin
      ${applyDeltas(appointmentDeltas(pg, one('new'), '1'))}; end`).execute(db);
    await sql.raw(`create trigger appointments_zz_report_counts_del after delete on appointments when old.status <> 'cancelled' begin
      ${applyDeltas(appointmentDeltas(pg, one('old'), '-1'))}; ${dropZeros(appointmentDeltas(pg, one('old'), '-1'))}; end`).execute(db);
    // Only changes that move a count: pending → confirmed → completed touch nothing here.
    await sql.raw(`create trigger appointments_zz_report_counts_upd after update of status, local_date, category_id, client_id, company_id on appointments
      when (old.status = 'cancelled') <> (new.status = 'cancelled') or (new.status <> 'cancelled' and (old.local_date <> new.local_date
        or old.category_id <> new.category_id or old.client_id <> new.client_id or old.company_id <> new.company_id)) begin
      ${applyDeltas(`${appointmentDeltas(pg, one('old'), '-1')} union all ${appointmentDeltas(pg, one('new'), '1')}`)}; ${dropZeros(appointmentDeltas(pg, one('old'), '-1'))}; end`).execute(db);
    await sql.raw(`create trigger users_report_counts after update of department, birth_date on users
      when old.department is not new.department or old.birth_date is not new.birth_date begin ${regroupUser}; end`).execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  const pg = isPostgres(db);
  for (const name of ['appointments_zz_report_counts_ins', 'appointments_zz_report_counts_del', 'appointments_zz_report_counts_upd']) {
    await sql.raw(`drop trigger ${name}${pg ? ' on appointments' : ''}`).execute(db);
  }
  await sql.raw(`drop trigger users_report_counts${pg ? ' on users' : ''}`).execute(db);
  if (pg) {
    for (const fn of ['inserted', 'deleted', 'updated', 'user_changed']) await sql.raw(`drop function report_day_counts_${fn}()`).execute(db);
  }
  await db.schema.dropTable('report_day_counts').execute();
}
