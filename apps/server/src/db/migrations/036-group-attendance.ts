import { sql } from 'kysely';
import { type AnyDB, notNull, withId } from './columns';

// Attendance of group sessions (docs/decisions/0280-group-attendance.md): one outcome per session and member,
// recorded by a facilitator; `settings.group_absences_count` (0/1) says whether group absences and late
// cancellations count toward the no-show policy.

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('group_attendance'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('group_session_id', 'integer', (c) => c.notNull().references('group_sessions.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('present', 'absent', 'late_cancellation')`))
    .addColumn('starts_at', 'text', notNull)
    .addColumn('local_date', 'text', notNull)
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', notNull)
    .addUniqueConstraint('group_attendance_uq', ['group_session_id', 'client_id'])
    .execute();
  await db.schema.createIndex('group_attendance_client_idx').on('group_attendance').columns(['company_id', 'client_id', 'starts_at']).execute();
  await db.schema.alterTable('settings').addColumn('group_absences_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('group_absences_count').execute();
  await db.schema.dropTable('group_attendance').execute();
}
