import type { AnyDB } from './columns';

// Self-service for clients (docs/decisions/0057-client-self-service.md):
//  - settings.cancellation_notice_hours: how long before the start a client may still cancel or move
//    their appointment themselves (0 = any time before it starts);
//  - the appointment's history says why it was cancelled (reason) and where a move came from and went to
//    (previous_date, new_date; ISO instants), beside who and when (changed_by, changed_at).
export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').addColumn('cancellation_notice_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();
  await db.schema.alterTable('appointment_status_changes').addColumn('reason', 'text').execute();
  await db.schema.alterTable('appointment_status_changes').addColumn('previous_date', 'text').execute();
  await db.schema.alterTable('appointment_status_changes').addColumn('new_date', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  for (const column of ['new_date', 'previous_date', 'reason']) await db.schema.alterTable('appointment_status_changes').dropColumn(column).execute();
  await db.schema.alterTable('settings').dropColumn('cancellation_notice_hours').execute();
}
