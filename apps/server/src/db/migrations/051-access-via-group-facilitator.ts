import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';
import { appendOnly } from './027-client-access';

// The access log says when a group's facilitator read their group's content (decision 0340): the `via` check of
// client_access_log (migration 027) takes 'group_facilitator'. PostgreSQL swaps the check; SQLite cannot change a
// check in place, so the log is made again with the new one, every row kept with its id, and its indexes and
// append-only triggers laid again. Down turns the facilitators' rows back into 'care_team', as 027 knew them.

const BEFORE = ['self', 'care_team', 'supervisor', 'break_glass', 'list', 'recorded_before'];
const AFTER = ['self', 'care_team', 'group_facilitator', 'supervisor', 'break_glass', 'list', 'recorded_before'];
const COLUMNS = 'id, company_id, viewer_id, client_id, kind, via, grant_id, at';

const inList = (vias: readonly string[]) => sql.raw(`via in (${vias.map((v) => `'${v}'`).join(', ')})`);

async function rebuildOnSqlite(db: AnyDB, vias: readonly string[], via: string): Promise<void> {
  await sql.raw('drop trigger client_access_log_append_only_update').execute(db);
  await sql.raw('drop trigger client_access_log_append_only_delete').execute(db);
  await withId(db, db.schema.createTable('client_access_log_next'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', notNull)
    .addColumn('via', 'text', (c) => c.notNull().check(inList(vias)))
    .addColumn('grant_id', 'integer', (c) => c.references('break_glass_grants.id'))
    .addColumn('at', 'text', notNull)
    .execute();
  await sql.raw(`insert into client_access_log_next (${COLUMNS}) select ${COLUMNS.replace(' via,', ` ${via},`)} from client_access_log order by id`).execute(db);
  await db.schema.dropTable('client_access_log').execute();
  await db.schema.alterTable('client_access_log_next').renameTo('client_access_log').execute();
  await db.schema.createIndex('client_access_log_company_at_idx').on('client_access_log').columns(['company_id', 'at', 'id']).execute();
  await db.schema.createIndex('client_access_log_client_idx').on('client_access_log').columns(['company_id', 'client_id', 'at']).execute();
  await db.schema.createIndex('client_access_log_viewer_idx').on('client_access_log').columns(['company_id', 'viewer_id', 'at']).execute();
  await appendOnly(db);
}

export async function up(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table client_access_log drop constraint client_access_log_via_check`.execute(db);
    await sql`alter table client_access_log add constraint client_access_log_via_check check (${inList(AFTER)})`.execute(db);
  } else {
    await rebuildOnSqlite(db, AFTER, 'via');
  }
}

export async function down(db: AnyDB): Promise<void> {
  const back = "case via when 'group_facilitator' then 'care_team' else via end";
  if (isPostgres(db)) {
    await sql`alter table client_access_log drop constraint client_access_log_via_check`.execute(db);
    // The log refuses every update: its trigger rests while the rows 027 did not know are named as it named them.
    await sql`alter table client_access_log disable trigger client_access_log_append_only`.execute(db);
    await sql.raw(`update client_access_log set via = ${back} where via = 'group_facilitator'`).execute(db);
    await sql`alter table client_access_log enable trigger client_access_log_append_only`.execute(db);
    await sql`alter table client_access_log add constraint client_access_log_via_check check (${inList(BEFORE)})`.execute(db);
  } else {
    await rebuildOnSqlite(db, BEFORE, back);
  }
}
