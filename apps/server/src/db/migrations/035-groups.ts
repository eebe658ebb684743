import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Groups and workshops (docs/decisions/0277-groups-and-workshops.md).
//  - groups: a closed group (members added by a facilitator) or an open workshop (sign-up until full); one or two
//    facilitators; `seats_taken` counts members plus seats held for a waitlist offer, and the check keeps it within
//    the capacity whatever writes race (a sign-up is one conditional update of it).
//  - group_sessions: the group's sessions (one, or a weekly/fortnightly series), each a busy time of both facilitators.
//  - group_members: who is in the group (a cancelled sign-up keeps its row, status 'cancelled').
//  - group_waitlist: people waiting for a seat of a full workshop; a freed seat is offered to the first of them and
//    held until `expires_at` (decision 0279).

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('groups'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('closed', 'workshop')`))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('description', 'text')
    .addColumn('capacity', 'integer', notNull)
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location_type', 'text', (c) => c.notNull().check(sql`location_type in ('online', 'on-site')`))
    .addColumn('location', 'text')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('both').check(sql`audience in ('students', 'personnel', 'both')`))
    .addColumn('screening_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('facilitator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('co_facilitator_id', 'integer', (c) => c.references('users.id'))
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('once', 'weekly', 'fortnightly')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'cancelled')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('groups_seats_within_capacity', sql`capacity > 0 and seats_taken >= 0 and seats_taken <= capacity`)
    .execute();
  await db.schema.createIndex('groups_company_idx').on('groups').columns(['company_id', 'kind', 'status']).execute();

  await withId(db, db.schema.createTable('group_sessions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('session_index', 'integer', notNull)
    .addColumn('starts_at', 'text', notNull)
    .addColumn('local_date', 'text', notNull)
    .addColumn('duration_minutes', 'integer', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'cancelled')`))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('group_sessions_index_uq', ['group_id', 'session_index'])
    .execute();
  await db.schema.createIndex('group_sessions_company_start_idx').on('group_sessions').columns(['company_id', 'starts_at']).execute();

  await withId(db, db.schema.createTable('group_members'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'cancelled')`))
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('joined_at', 'text', notNull)
    .addColumn('left_at', 'text')
    .addUniqueConstraint('group_members_uq', ['group_id', 'client_id'])
    .execute();
  await db.schema.createIndex('group_members_client_idx').on('group_members').columns(['company_id', 'client_id']).execute();

  await withId(db, db.schema.createTable('group_waitlist'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'offered', 'accepted', 'expired', 'left')`))
    .addColumn('created_at', 'text', notNull)
    .addColumn('offered_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  // One live place in the line per person and workshop.
  await sql`create unique index group_waitlist_live_uq on group_waitlist (group_id, client_id) where status in ('waiting', 'offered')`.execute(db);
  await db.schema.createIndex('group_waitlist_group_idx').on('group_waitlist').columns(['group_id', 'status', 'id']).execute();
}

export async function down(db: AnyDB): Promise<void> {
  for (const t of ['group_waitlist', 'group_members', 'group_sessions', 'groups']) await db.schema.dropTable(t).execute();
}
