import type { AnyDB } from './columns';

// Same-day slots (docs/decisions/0165-same-day-slots.md).
//  - counselor_schedules.held_times: the weekday's slot starts (HH:mm, comma-separated, sorted) held back for urgent
//    cases; empty for none. They are never offered or bookable in the normal way.
//  - urgent_cases.appointment_id: the same-day session booked for the case (at most one).

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('counselor_schedules').addColumn('held_times', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .alterTable('urgent_cases')
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('urgent_cases').dropColumn('appointment_id').execute();
  await db.schema.alterTable('counselor_schedules').dropColumn('held_times').execute();
}
