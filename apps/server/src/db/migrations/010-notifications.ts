import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Notifications and reminders (docs/decisions/0067-notification-outbox.md, 0073).
//  - notifications: the in-app rows, one per recipient and event (written in the appointment change's transaction,
//    or by the worker when a reminder falls due).
//  - notification_preferences: a user's choice per kind; no row = DEFAULT_NOTIFICATION_PREFERENCES.
//  - outbox: every email to send, and every reminder (due at its time; it makes the in-app row and the email).
//    The worker claims due pending rows with a lease (claimed_until); an expired lease is claimed again.
//  - settings.reminder_hours_before: how long before the start reminders fall due (0 = no reminders).

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('appointment_date', 'text')
    .addColumn('previous_date', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_appointment_idx').on('notifications').column('appointment_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    // Booleans as 0/1 integers on both databases (decision 0002).
    .addColumn('in_app', 'integer', notNull)
    .addColumn('email', 'integer', notNull)
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    // 'email': one message to send. 'reminder': falls due before the start, then writes the in-app row and the email.
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'reminder')`))
    .addColumn('kind', 'text', notNull)
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('appointment_date', 'text')
    .addColumn('previous_date', 'text')
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed', 'cancelled')`))
    .addColumn('due_at', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    // Stable Message-ID: a message sent again after a crash carries the same id (decision 0067).
    .addColumn('message_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .execute();
  // The worker's claim: pending rows in due order.
  await sql`create index outbox_due_idx on outbox (due_at) where status = 'pending'`.execute(db);
  // Moving or cancelling an appointment finds its pending reminders.
  await db.schema.createIndex('outbox_appointment_idx').on('outbox').columns(['appointment_id', 'channel']).execute();
  // Administrators list a company's failed and pending rows.
  await db.schema.createIndex('outbox_company_status_idx').on('outbox').columns(['company_id', 'status', 'id']).execute();

  await db.schema.alterTable('settings').addColumn('reminder_hours_before', 'integer', (c) => c.notNull().defaultTo(24)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('reminder_hours_before').execute();
  for (const t of ['outbox', 'notification_preferences', 'notifications']) await db.schema.dropTable(t).execute();
}
