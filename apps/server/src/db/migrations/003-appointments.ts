import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('counselor_schedules'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) =>
      c.notNull().check(sql`day in ('monday','tuesday','wednesday','thursday','friday','saturday','sunday')`),
    )
    .addColumn('is_available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'text', notNull)
    .addColumn('end_time', 'text', notNull)
    .addColumn('break_start', 'text')
    .addColumn('break_end', 'text')
    .addUniqueConstraint('counselor_schedules_day_uq', ['company_id', 'counselor_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('excluded_dates'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('excluded_date', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('excluded_dates_uq', ['company_id', 'counselor_id', 'excluded_date'])
    .execute();

  await withId(db, db.schema.createTable('appointments'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('counselor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('appointment_date', 'text', notNull)
    .addColumn('local_date', 'text', notNull)
    .addColumn('duration_minutes', 'integer', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending','confirmed','completed','cancelled')`),
    )
    .addColumn('location_type', 'text', (c) => c.notNull().check(sql`location_type in ('online','on-site')`))
    .addColumn('location', 'text')
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('student','personnel')`))
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // No double booking: one live (pending or confirmed) appointment per counselor per start instant.
  await sql`create unique index appointments_live_slot_uq on appointments (counselor_id, appointment_date) where status in ('pending', 'confirmed')`.execute(db);
  await db.schema.createIndex('appointments_company_local_date_idx').on('appointments').columns(['company_id', 'local_date']).execute();
  await db.schema.createIndex('appointments_company_date_idx').on('appointments').columns(['company_id', 'appointment_date']).execute();
  // Tabs and counts filter on status and date together; this index answers them without reading rows.
  await db.schema.createIndex('appointments_company_status_date_idx').on('appointments').columns(['company_id', 'status', 'appointment_date']).execute();
  await db.schema.createIndex('appointments_client_idx').on('appointments').columns(['company_id', 'client_id', 'appointment_date']).execute();
  await db.schema.createIndex('appointments_counselor_idx').on('appointments').columns(['company_id', 'counselor_id', 'appointment_date']).execute();
  await db.schema.createIndex('appointments_category_idx').on('appointments').column('category_id').execute();

  await withId(db, db.schema.createTable('appointment_status_changes'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('appointment_status_changes_appt_idx').on('appointment_status_changes').column('appointment_id').execute();
}

export async function down(db: AnyDB): Promise<void> {
  for (const t of ['appointment_status_changes', 'appointments', 'excluded_dates', 'counselor_schedules']) {
    await db.schema.dropTable(t).execute();
  }
}
