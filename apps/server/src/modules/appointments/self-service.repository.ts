import type { Kysely } from 'kysely';
import { signalChange } from '../../db/change-signals';
import type { DB } from '../../db/database';
import type { AppointmentRow, Database } from '../../db/tables';
import type { NewAppointment } from './appointment.repository';

type Conn = DB | Kysely<Database>;

/** The company's cancellation notice in hours (24 when the settings row is missing). */
export async function readCancellationNotice(db: Conn, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('cancellation_notice_hours').where('company_id', '=', companyId).executeTakeFirst();
  return row?.cancellation_notice_hours ?? 24;
}

/**
 * Moves an appointment only while it still has the status and start the caller decided on; false when
 * another request changed it first. One statement: the old slot is freed and the new one taken together,
 * and the live-slot unique index refuses the new one if someone holds it (decision 0057).
 */
export async function moveAppointmentRow(
  db: Conn,
  companyId: number,
  id: number,
  expected: Pick<AppointmentRow, 'status' | 'appointment_date'>,
  changes: Pick<NewAppointment, 'appointment_date' | 'local_date' | 'duration_minutes' | 'status' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', '=', expected.status)
    .where('appointment_date', '=', expected.appointment_date)
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await signalChange(db, companyId, 'appointments');
  return moved;
}

export interface HistoryEntry {
  appointmentId: number;
  from: string;
  to: string;
  by: number;
  at: string;
  reason?: string | null;
  previousDate?: string;
  newDate?: string;
}

/** A history row for a client's cancellation (with its reason) or move (with both starts). */
export async function insertHistoryEntry(db: Conn, companyId: number, e: HistoryEntry): Promise<void> {
  await db
    .insertInto('appointment_status_changes')
    .values({
      company_id: companyId,
      appointment_id: e.appointmentId,
      from_status: e.from,
      to_status: e.to,
      changed_by: e.by,
      changed_at: e.at,
      reason: e.reason ?? null,
      previous_date: e.previousDate ?? null,
      new_date: e.newDate ?? null,
    })
    .execute();
}
