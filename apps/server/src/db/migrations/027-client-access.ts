import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';

// One access model for confidential client content (docs/decisions/0200-client-access-model.md):
//  - client_access_log: every opening of a client's content and every list row that shows a screened client's name
//    or band (who, whose, what, by which right, when, under which break-the-glass grant). Append-only: a trigger
//    refuses updates and deletes, except the foreign keys' own "set null" when a user is removed. The rows of
//    screening_views (migration 015) move in here (via 'recorded_before'), and that table goes: one log.
//  - break_glass_grants: a counselor outside the care team opens a client's file with a reason, for a set time.
//  - client_referrals: a client referred from one counselor to another (the receiver joins the care team).
//  - clinical_grants: a change of roles, permissions or user type that gave someone clinical access.
//  - users.is_trainee (0/1) and users.clinical_supervisor_id (a counselor who reads their supervisees' clients).
//  - settings.break_glass_hours (default 24).
//  - the permission 'view access log' and the built-in role 'privacy officer' holding it, in every company.

const REFUSED = 'The access log is append-only: an entry is never changed or deleted.';
const KEPT = ['id', 'company_id', 'kind', 'via', 'grant_id', 'at'];
const PERMISSION = 'view access log';
const ROLE = 'privacy officer';

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('users').addColumn('is_trainee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('clinical_supervisor_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('settings').addColumn('break_glass_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();

  await withId(db, db.schema.createTable('break_glass_grants'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    // Kept when either user is removed (set null), as the log entries that name the grant are.
    .addColumn('counselor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('break_glass_grants_lookup_idx').on('break_glass_grants').columns(['company_id', 'counselor_id', 'client_id', 'expires_at']).execute();

  await withId(db, db.schema.createTable('client_access_log'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', notNull)
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('self', 'care_team', 'supervisor', 'break_glass', 'list', 'recorded_before')`))
    .addColumn('grant_id', 'integer', (c) => c.references('break_glass_grants.id'))
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema.createIndex('client_access_log_company_at_idx').on('client_access_log').columns(['company_id', 'at', 'id']).execute();
  await db.schema.createIndex('client_access_log_client_idx').on('client_access_log').columns(['company_id', 'client_id', 'at']).execute();
  await db.schema.createIndex('client_access_log_viewer_idx').on('client_access_log').columns(['company_id', 'viewer_id', 'at']).execute();

  await withId(db, db.schema.createTable('client_referrals'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_counselor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_counselor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('client_referrals_to_idx').on('client_referrals').columns(['company_id', 'to_counselor_id', 'client_id']).execute();
  await db.schema.createIndex('client_referrals_client_idx').on('client_referrals').columns(['company_id', 'client_id']).execute();

  await withId(db, db.schema.createTable('clinical_grants'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('what', 'text', notNull)
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema.createIndex('clinical_grants_company_idx').on('clinical_grants').columns(['company_id', 'at']).execute();

  // One log: what screening_views recorded moves here, with the right it was read by unknown.
  await sql`insert into client_access_log (company_id, viewer_id, client_id, kind, via, grant_id, at)
    select company_id, viewer_id, client_id, 'screenings', 'recorded_before', null, viewed_at from screening_views order by id`.execute(db);
  await db.schema.dropTable('screening_views').execute();

  await appendOnly(db);

  // A fresh database got the permission from migration 001 (PERMISSIONS includes it); an older one gets it here.
  await sql`insert into permissions (name) select ${PERMISSION} where not exists (select 1 from permissions where name = ${PERMISSION})`.execute(db);
  const now = new Date().toISOString();
  await sql`insert into roles (company_id, name, created_at) select c.id, ${ROLE}, ${now} from companies c
    where not exists (select 1 from roles r where r.company_id = c.id and r.name = ${ROLE})`.execute(db);
  await sql`insert into role_permission (role_id, permission_id) select r.id, p.id from roles r, permissions p
    where r.name = ${ROLE} and p.name = ${PERMISSION}
    and not exists (select 1 from role_permission x where x.role_id = r.id and x.permission_id = p.id)`.execute(db);
}

/**
 * Refuses every update and delete of the log, except the foreign keys' own "set null" of a removed user. Migration
 * 051 lays it again over the log it rebuilds.
 */
export async function appendOnly(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    const same = KEPT.map((c) => `new.${c} is not distinct from old.${c}`).join(' and ');
    const nulled = `(new.viewer_id is not distinct from old.viewer_id or new.viewer_id is null) and (new.client_id is not distinct from old.client_id or new.client_id is null)`;
    await sql
      .raw(
        `create function client_access_log_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and ${same} and ${nulled} then return new; end if;
          raise exception '${REFUSED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger client_access_log_append_only before update or delete on client_access_log for each row execute function client_access_log_append_only()`).execute(db);
  } else {
    const same = KEPT.map((c) => `new.${c} is old.${c}`).join(' and ');
    const nulled = `(new.viewer_id is old.viewer_id or new.viewer_id is null) and (new.client_id is old.client_id or new.client_id is null)`;
    await sql.raw(`create trigger client_access_log_append_only_update before update on client_access_log when not (${same} and ${nulled}) begin select raise(abort, '${REFUSED}'); end`).execute(db);
    await sql.raw(`create trigger client_access_log_append_only_delete before delete on client_access_log begin select raise(abort, '${REFUSED}'); end`).execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  await sql`delete from role_user where role_id in (select id from roles where name = ${ROLE})`.execute(db);
  await sql`delete from role_permission where role_id in (select id from roles where name = ${ROLE})`.execute(db);
  await sql`delete from roles where name = ${ROLE}`.execute(db);
  await withId(db, db.schema.createTable('screening_views'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('screening_views_client_idx').on('screening_views').columns(['company_id', 'client_id', 'id']).execute();
  await sql`insert into screening_views (company_id, viewer_id, client_id, viewed_at)
    select company_id, viewer_id, client_id, at from client_access_log where kind = 'screenings' and client_id is not null order by id`.execute(db);
  if (isPostgres(db)) {
    await sql.raw('drop trigger client_access_log_append_only on client_access_log').execute(db);
    await sql.raw('drop function client_access_log_append_only()').execute(db);
  } else {
    await sql.raw('drop trigger client_access_log_append_only_update').execute(db);
    await sql.raw('drop trigger client_access_log_append_only_delete').execute(db);
  }
  for (const t of ['clinical_grants', 'client_referrals', 'client_access_log', 'break_glass_grants']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('settings').dropColumn('break_glass_hours').execute();
  await db.schema.alterTable('users').dropColumn('clinical_supervisor_id').execute();
  await db.schema.alterTable('users').dropColumn('is_trainee').execute();
}
