import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Intake screening, the crisis path and urgent triage (docs/decisions/0160-0164).
//  - safety_settings: one row per company (none = the defaults): intake mode, crisis contacts and what happens next
//    (JSON text), the counselors on call (JSON ids) and the minutes before an unacknowledged case escalates.
//  - screenings: a client's PHQ-9 and GAD-7 answers (JSON text) with the scores and bands the server computed.
//  - screening_requests: a counselor's request for a repeat, closed by the client's next screening.
//  - screening_views: every read of a client's answers or scores (who, when).
//  - urgent_cases: "I need help now" or PHQ-9 item 9; at most one open (unacknowledged) case per client.
//  - the permission 'view screenings', given to the counselor role (not to administrators: decision 0162).

const PERMISSION = 'view screenings';

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('safety_settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('intake_mode', 'text', (c) => c.notNull().defaultTo('off').check(sql`intake_mode in ('off', 'offered', 'required')`))
    .addColumn('crisis_contacts', 'text', notNull)
    .addColumn('next_steps', 'text', notNull)
    .addColumn('on_call_ids', 'text', notNull)
    .addColumn('escalation_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('screenings'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('intake', 'follow-up')`))
    .addColumn('answers', 'text', notNull)
    .addColumn('phq9_score', 'integer', notNull)
    .addColumn('phq9_band', 'text', notNull)
    .addColumn('gad7_score', 'integer', notNull)
    .addColumn('gad7_band', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('screenings_client_idx').on('screenings').columns(['company_id', 'client_id', 'id']).execute();

  await withId(db, db.schema.createTable('screening_requests'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'text', notNull)
    .addColumn('answered_at', 'text')
    .execute();
  // One open request per client: asking twice keeps the first.
  await sql`create unique index screening_requests_open_uq on screening_requests (company_id, client_id) where answered_at is null`.execute(db);

  await withId(db, db.schema.createTable('screening_views'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('screening_views_client_idx').on('screening_views').columns(['company_id', 'client_id', 'id']).execute();

  await withId(db, db.schema.createTable('urgent_cases'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('button', 'screening')`))
    .addColumn('created_at', 'text', notNull)
    .addColumn('escalate_at', 'text', notNull)
    .addColumn('escalated_at', 'text')
    .addColumn('acknowledged_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('acknowledged_at', 'text')
    .execute();
  await sql`create unique index urgent_cases_open_uq on urgent_cases (company_id, client_id) where acknowledged_at is null`.execute(db);
  // The escalation sweep: open cases by due time.
  await sql`create index urgent_cases_due_idx on urgent_cases (escalate_at) where acknowledged_at is null and escalated_at is null`.execute(db);

  // A fresh database got the permission from migration 001 (PERMISSIONS includes it); an older one gets it here.
  await sql`insert into permissions (name) select ${PERMISSION} where not exists (select 1 from permissions where name = ${PERMISSION})`.execute(db);
  await sql`insert into role_permission (role_id, permission_id)
    select r.id, p.id from roles r cross join permissions p
    where r.name = 'counselor' and p.name = ${PERMISSION}
      and not exists (select 1 from role_permission rp where rp.role_id = r.id and rp.permission_id = p.id)`.execute(db);
}

export async function down(db: AnyDB): Promise<void> {
  await sql`delete from permissions where name = ${PERMISSION}`.execute(db);
  for (const t of ['urgent_cases', 'screening_views', 'screening_requests', 'screenings', 'safety_settings']) await db.schema.dropTable(t).execute();
}
