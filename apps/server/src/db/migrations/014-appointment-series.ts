import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Recurring sessions (docs/decisions/0150-appointment-series.md).
//  - appointment_series: one row per booked series (weekly or every two weeks, one counselor and one client);
//    `total` is the number of sessions booked with it, so a card reads "3 of 12".
//  - appointments.series_id / series_index: the session's series and its place in it (1-based, in date order).
//  - notifications.series_id / series_count and outbox.series_id / series_count: a change to several sessions of a
//    series is told once per person (one in-app row, one email whose invite carries every session).

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('appointment_series'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('weekly', 'fortnightly')`))
    .addColumn('total', 'integer', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('appointment_series_company_idx').on('appointment_series').columns(['company_id', 'id']).execute();

  await db.schema.alterTable('appointments').addColumn('series_id', 'integer', (c) => c.references('appointment_series.id').onDelete('set null')).execute();
  await db.schema.alterTable('appointments').addColumn('series_index', 'integer').execute();
  await db.schema.createIndex('appointments_series_idx').on('appointments').columns(['series_id', 'series_index']).execute();

  for (const table of ['notifications', 'outbox']) {
    await db.schema.alterTable(table).addColumn('series_id', 'integer', (c) => c.references('appointment_series.id').onDelete('set null')).execute();
    await db.schema.alterTable(table).addColumn('series_count', 'integer').execute();
  }
}

export async function down(db: AnyDB): Promise<void> {
  for (const table of ['notifications', 'outbox']) {
    await db.schema.alterTable(table).dropColumn('series_count').execute();
    await db.schema.alterTable(table).dropColumn('series_id').execute();
  }
  await db.schema.dropIndex('appointments_series_idx').execute();
  await db.schema.alterTable('appointments').dropColumn('series_index').execute();
  await db.schema.alterTable('appointments').dropColumn('series_id').execute();
  await db.schema.dropTable('appointment_series').execute();
}
