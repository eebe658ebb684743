import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// The waitlist (docs/decisions/0151-waitlist.md, 0152-waitlist-offers.md).
//  - waitlist_entries: a client waiting for a time (a counselor or any, a date range, weekdays as JSON text, a time
//    window) with what the booking will carry (reason, category, place). At most one waiting entry per client.
//  - waitlist_offers: a freed slot offered to one entry and held until expires_at. At most one open offer per slot
//    (company, counselor, start) and one per entry: never two people holding one slot.
//  - settings.waitlist_hold_minutes: how long an offer is held (default 30).

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('waitlist_entries'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('from_date', 'text', notNull)
    .addColumn('to_date', 'text', notNull)
    .addColumn('days', 'text', notNull)
    .addColumn('time_from', 'text', notNull)
    .addColumn('time_to', 'text', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('location_type', 'text', notNull)
    .addColumn('location', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting').check(sql`status in ('waiting', 'booked', 'left', 'ended')`))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('closed_at', 'text')
    .execute();
  await sql`create unique index waitlist_entries_waiting_uq on waitlist_entries (company_id, client_id) where status = 'waiting'`.execute(db);
  await sql`create index waitlist_entries_queue_idx on waitlist_entries (company_id, created_at) where status = 'waiting'`.execute(db);

  await withId(db, db.schema.createTable('waitlist_offers'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_at', 'text', notNull)
    .addColumn('duration_minutes', 'integer', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'accepted', 'declined', 'expired', 'withdrawn')`))
    .addColumn('offered_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('answered_at', 'text')
    .execute();
  await sql`create unique index waitlist_offers_slot_uq on waitlist_offers (company_id, counselor_id, start_at) where status = 'open'`.execute(db);
  await sql`create unique index waitlist_offers_entry_uq on waitlist_offers (entry_id) where status = 'open'`.execute(db);
  await db.schema.createIndex('waitlist_offers_entry_idx').on('waitlist_offers').columns(['entry_id', 'start_at']).execute();
  await sql`create index waitlist_offers_due_idx on waitlist_offers (expires_at) where status = 'open'`.execute(db);

  await db.schema.alterTable('settings').addColumn('waitlist_hold_minutes', 'integer', (c) => c.notNull().defaultTo(30)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('waitlist_hold_minutes').execute();
  await db.schema.dropTable('waitlist_offers').execute();
  await db.schema.dropTable('waitlist_entries').execute();
}
