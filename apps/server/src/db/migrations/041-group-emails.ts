import type { AnyDB } from './columns';

// Emails about groups and workshops (docs/decisions/0277-groups-and-workshops.md, 0282): an outbox row may point at a
// group session (`outbox.group_session_id`: the session a reminder, invite or cancellation is about; the invite's and
// the cancellation's writers read the group's other sessions from it), and every session carries its calendar
// version (`group_sessions.ics_sequence`, raised when it is cancelled) as an appointment does (migration 031).

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('group_sessions').addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('group_session_id', 'integer', (c) => c.references('group_sessions.id').onDelete('cascade')).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('group_session_id').execute();
  await db.schema.alterTable('group_sessions').dropColumn('ics_sequence').execute();
}
