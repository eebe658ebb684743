import { sql } from 'kysely';
import { type AnyDB, isPostgres } from './columns';

// The counselling side's fixes (decisions 0222, 0223):
//  - appointments.ics_sequence: the RFC 5545 SEQUENCE of the appointment's calendar event, raised by the database on
//    every change a calendar shows (start, length, status, counselor, place), whichever code path makes it, so an
//    invite about a later change always carries a higher number than the one before.
//  - outbox.calendar_snapshot: the sessions an email is about as they were when the change was made (JSON), so an
//    email sent a moment later describes what was booked, not what the sessions have become since.
//  - settings.waitlist_cooldown_hours: after a client lets a held time go, no new time is offered to them for this
//    many hours (0 = at once, as before); and an index to find every offer a client was ever made.

const WATCHED = ['appointment_date', 'duration_minutes', 'status', 'counselor_id', 'location_type', 'location'];

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('calendar_snapshot', 'text').execute();
  await db.schema.alterTable('settings').addColumn('waitlist_cooldown_hours', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('waitlist_entries_client_idx').on('waitlist_entries').columns(['company_id', 'client_id']).execute();

  if (isPostgres(db)) {
    const changed = WATCHED.map((c) => `new.${c} is distinct from old.${c}`).join(' or ');
    await sql
      .raw(
        `create function appointments_ics_sequence() returns trigger language plpgsql as $$
        begin
          if ${changed} then new.ics_sequence := old.ics_sequence + 1; end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger appointments_ics_sequence before update on appointments for each row execute function appointments_ics_sequence()').execute(db);
  } else {
    // After the update, a second one on the same row: SQLite's triggers cannot assign to NEW. It names only
    // ics_sequence, which the trigger does not watch, so it does not fire itself.
    const changed = WATCHED.map((c) => `new.${c} is not old.${c}`).join(' or ');
    await sql
      .raw(
        `create trigger appointments_ics_sequence after update of ${WATCHED.join(', ')} on appointments
        when ${changed}
        begin update appointments set ics_sequence = old.ics_sequence + 1 where id = new.id; end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger appointments_ics_sequence on appointments').execute(db);
    await sql.raw('drop function appointments_ics_sequence()').execute(db);
  } else {
    await sql.raw('drop trigger appointments_ics_sequence').execute(db);
  }
  await db.schema.dropIndex('waitlist_entries_client_idx').execute();
  await db.schema.alterTable('settings').dropColumn('waitlist_cooldown_hours').execute();
  await db.schema.alterTable('outbox').dropColumn('calendar_snapshot').execute();
  await db.schema.alterTable('appointments').dropColumn('ics_sequence').execute();
}
