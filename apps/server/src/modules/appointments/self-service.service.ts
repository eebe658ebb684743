import type { Appointment } from '@kalinga/contracts/appointments';
import { type ClientCancelBody, type ClientRescheduleBody, noticePassedMessage, withinNotice } from '@kalinga/contracts/self-service';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { readBookingSettings } from '../schedule/schedule.repository';
import { type AppointmentView, findAppointmentByUuid, updateAppointmentRow } from './appointment.repository';
import { checkSlot, holdCounselorTime, slotRace } from './slot-check';
import { assertClientFree } from './client-overlap';
import { appointmentFor, reload, scopeOf } from './appointment-view';
import { recordAppointmentEvent } from '../notifications/notification-events';
import { insertHistoryEntry, moveAppointmentRow, readCancellationNotice } from './self-service.repository';
import { lockClient } from './attendance.repository';

// A client cancels or moves their own appointment (docs/decisions/0057-client-self-service.md).
// Like updateAppointment (decision 0075), each write is conditional on what was read; when another request
// changed the appointment in between, the request is decided again on the new row.

const STALE = Symbol('stale');
const ATTEMPTS = 5;
const LIVE = new Set(['pending', 'confirmed']);

/** The caller's own appointment: invisible ones are 404; one they see but are not the client of is 403. */
async function ownAppointment(db: DB, auth: AuthContext, uuid: string): Promise<AppointmentView> {
  const row = await findAppointmentByUuid(db, auth.companyId, scopeOf(auth), uuid);
  if (!row) throw notFound('Appointment');
  if (row.client_id !== auth.user.id) throw forbidden('Only the client of an appointment can cancel or reschedule it here.');
  return row;
}

/** The appointment as its notifications need it (decision 0067), starting at `start`. */
function partiesOf(row: AppointmentView, start: string) {
  return { id: row.id, counselorId: row.counselor_id, clientId: row.client_id, start };
}

async function decided(attempt: () => Promise<Appointment | typeof STALE>): Promise<Appointment> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const result = await attempt();
    if (result !== STALE) return result;
  }
  throw conflict('The appointment was changed by someone else. Please reload and try again.');
}

/** 422 with a sentence naming whom to contact once the notice period has passed. */
async function checkNotice(db: DB, auth: AuthContext, row: AppointmentView, action: 'cancelled' | 'rescheduled'): Promise<void> {
  const notice = await readCancellationNotice(db, auth.companyId);
  if (!withinNotice(row.appointment_date, notice, Date.now())) {
    throw unprocessable({ appointment_date: [noticePassedMessage(action, notice, row.counselor_name)] });
  }
}

/** Cancels the caller's own pending or confirmed appointment before it starts; cancelling it again changes nothing. */
export async function cancelOwnAppointment(db: DB, auth: AuthContext, uuid: string, body: ClientCancelBody): Promise<Appointment> {
  const scope = scopeOf(auth);
  return decided(async () => {
    const row = await ownAppointment(db, auth, uuid);
    if (row.status === 'cancelled') return appointmentFor(db, auth, scope, row);
    if (!LIVE.has(row.status)) throw unprocessable({ status: ['Only pending or confirmed appointments can be cancelled.'] });
    // Until the session starts the client may cancel; inside the notice period it is recorded as late.
    if (Date.now() >= Date.parse(row.appointment_date)) throw unprocessable({ appointment_date: [noticePassedMessage('cancelled', 0, row.counselor_name)] });
    const late = !withinNotice(row.appointment_date, await readCancellationNotice(db, auth.companyId), Date.now());
    const now = nowIso();
    const applied = await db.transaction().execute(async (trx) => {
      // A late cancellation changes the client's record, which a booking of theirs reads under this lock.
      if (late) await lockClient(trx, auth.companyId, row.client_id);
      if (!(await updateAppointmentRow(trx, auth.companyId, row.id, row.status, { status: 'cancelled', late_cancellation: late ? 1 : 0, updated_at: now }))) return false;
      await insertHistoryEntry(trx, auth.companyId, { appointmentId: row.id, from: row.status, to: 'cancelled', by: auth.user.id, at: now, reason: body.reason ?? null });
      await recordAppointmentEvent(trx, { kind: 'cancelled', companyId: auth.companyId, appointment: partiesOf(row, row.appointment_date), actorId: auth.user.id, reason: body.reason ?? null, now });
      return true;
    });
    return applied ? reload(db, auth, scope, row.id) : STALE;
  });
}

/**
 * Moves the caller's own pending or confirmed appointment to another free slot of the same counselor, in
 * one conditional update (old slot freed, new one taken, or neither). The moved appointment is pending
 * again: the counselor confirms the new time. Moving it to where it already is changes nothing.
 */
export async function rescheduleOwnAppointment(db: DB, auth: AuthContext, uuid: string, body: ClientRescheduleBody): Promise<Appointment> {
  const scope = scopeOf(auth);
  const target = new Date(Date.parse(body.appointment_date)).toISOString();
  return decided(async () => {
    const row = await ownAppointment(db, auth, uuid);
    if (!LIVE.has(row.status)) throw unprocessable({ status: ['Only pending or confirmed appointments can be rescheduled.'] });
    if (row.appointment_date === target) return appointmentFor(db, auth, scope, row);
    if (auth.user.user_type === 'student' && !(await readBookingSettings(db, auth.companyId)).studentsCanBook) {
      throw forbidden('Students cannot book appointments.');
    }
    await checkNotice(db, auth, row, 'rescheduled');
    try {
      const slot = await checkSlot(db, auth, row.counselor_id, target, Date.parse(row.appointment_date));
      const now = nowIso();
      const applied = await db.transaction().execute(async (trx) => {
        const changes = { appointment_date: target, local_date: slot.localDate, duration_minutes: slot.duration, status: 'pending' as const, updated_at: now };
        // Not onto another of their own appointments (decision 0221), checked under their lock like a booking.
        await holdCounselorTime(trx, auth.companyId, { counselorId: row.counselor_id, clientId: row.client_id, startMs: slot.startMs, duration: slot.duration, ignoreStart: Date.parse(row.appointment_date) });
        await assertClientFree(trx, auth.companyId, row.client_id, slot.startMs, slot.duration, true, [row.id]);
        if (!(await moveAppointmentRow(trx, auth.companyId, row.id, row, changes))) return false;
        await insertHistoryEntry(trx, auth.companyId, { appointmentId: row.id, from: row.status, to: 'pending', by: auth.user.id, at: now, previousDate: row.appointment_date, newDate: target });
        await recordAppointmentEvent(trx, { kind: 'rescheduled', companyId: auth.companyId, appointment: partiesOf(row, target), actorId: auth.user.id, previousStart: row.appointment_date, now });
        return true;
      });
      if (applied) return reload(db, auth, scope, row.id);
    } catch (error) {
      // The slot may look taken because this very appointment was just moved there by a concurrent
      // request (a double click): when the row changed since it was read, decide again on the new row.
      if (!(await changedSince(db, auth, row))) slotRace(error);
    }
    return STALE;
  });
}

/** Whether the appointment's status or start differ from what was read (or it is gone). */
async function changedSince(db: DB, auth: AuthContext, row: AppointmentView): Promise<boolean> {
  const current = await findAppointmentByUuid(db, auth.companyId, scopeOf(auth), row.uuid);
  return !current || current.status !== row.status || current.appointment_date !== row.appointment_date;
}
