import { ALLOWED_STATUS_CHANGES, type Appointment, type AppointmentStatus, type updateAppointmentBodySchema } from '@kalinga/contracts/appointments';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { findCounselor } from '../schedule/schedule.repository';
import {
  categoryExists,
  deleteAppointmentRow,
  findAppointmentByUuid,
  insertStatusChange,
  type NewAppointment,
  updateAppointmentRow,
} from './appointment.repository';
import { type AppointmentEventKind, recordAppointmentEvent } from '../notifications/notification-events';
import { lockClient } from './attendance.repository';
import { appointmentFor, isManagerOf, reload, scopeOf } from './appointment-view';
import { assertAppointmentContentWritable } from '../client-record/client-access';
import { checkSlot, holdCounselorTime, slotRace } from './slot-check';
import { assertClientFree } from './client-overlap';

// Changing an appointment (its details, its status) and deleting one.

const EDIT_FIELDS = ['counselor_id', 'appointment_date', 'reason', 'category_id', 'location_type', 'location', 'notes'] as const;

/** The reason the previous counselor reads when a manager assigns their appointment to another counselor. */
export const REASSIGNED = 'The appointment was assigned to another counselor.';

export const COMPLETED_TOO_EARLY = 'A session can be marked completed only after it has started.';
export const NO_SHOW_TOO_EARLY = 'A session can be marked as a no-show only after it has started.';

/** A status another request changed between our read and our write; the update is decided again. */
const STALE = Symbol('stale');
const UPDATE_ATTEMPTS = 5;

/**
 * Edits fields and/or changes the status. The write is conditional on the status read
 * (`… where id = ? and status = ?`): when a concurrent request changed it first, the whole request is
 * decided again on the new row, so of many concurrent changes only the legal ones apply, each once,
 * with one history row each (docs/decisions/0075-atomic-state-changes.md). The status graph has
 * two steps, so a request is decided at most three times; UPDATE_ATTEMPTS leaves room.
 */
export async function updateAppointment(db: DB, auth: AuthContext, uuid: string, body: z.output<typeof updateAppointmentBodySchema>): Promise<Appointment> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const result = await tryUpdate(db, auth, uuid, body);
    if (result !== STALE) return result;
  }
  throw conflict('The appointment was changed by someone else. Please reload and try again.');
}

async function tryUpdate(db: DB, auth: AuthContext, uuid: string, body: z.output<typeof updateAppointmentBodySchema>): Promise<Appointment | typeof STALE> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  const manager = isManagerOf(auth, scope);
  const changes: Partial<NewAppointment> = {};

  // Field edits (product-rules.md#screen-appointments): managers on pending or confirmed; others on their own pending appointment.
  const editing = EDIT_FIELDS.some((f) => body[f] !== undefined && (f !== 'notes' || scope.kind !== 'client'));
  // Only who reads the reason and notes writes them (decision 0377); an edit without them keeps them.
  if (body.reason !== undefined || (body.notes !== undefined && scope.kind !== 'client')) await assertAppointmentContentWritable(db, auth, [row]);
  if (editing) {
    if (row.status !== 'pending' && row.status !== 'confirmed') throw unprocessable({ status: ['Only pending or confirmed appointments can be edited.'] });
    if (!manager && row.status !== 'pending') throw forbidden('Only pending appointments can be edited.');
    const errors: Record<string, string[]> = {};
    const counselorId = body.counselor_id ?? row.counselor_id;
    if (counselorId !== row.counselor_id) {
      if (scope.kind !== 'all') errors.counselor_id = ['Only a manager can assign the appointment to another counselor.'];
      else if (!(await findCounselor(db, auth.companyId, counselorId))) errors.counselor_id = ['The selected counselor is invalid.'];
    }
    if (body.category_id !== undefined && body.category_id !== row.category_id && !(await categoryExists(db, auth.companyId, body.category_id))) {
      errors.category_id = ['The selected category is invalid.'];
    }
    const locationType = body.location_type ?? row.location_type;
    const location = body.location !== undefined ? body.location : row.location;
    if (locationType === 'on-site' && !location) errors.location = ['The location field is required when location type is on-site.'];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const newStart = body.appointment_date !== undefined ? new Date(Date.parse(body.appointment_date)).toISOString() : row.appointment_date;
    if (newStart !== row.appointment_date || counselorId !== row.counselor_id) {
      const slot = await checkSlot(db, auth, counselorId, newStart, counselorId === row.counselor_id ? Date.parse(row.appointment_date) : undefined);
      changes.appointment_date = newStart;
      changes.local_date = slot.localDate;
      changes.duration_minutes = slot.duration;
      changes.counselor_id = counselorId;
    }
    if (body.reason !== undefined) changes.reason = body.reason;
    if (body.category_id !== undefined) changes.category_id = body.category_id;
    changes.location_type = locationType;
    changes.location = location;
    if (body.notes !== undefined && scope.kind !== 'client') changes.notes = body.notes;
  }

  // Status (product-rules.md#appointments): counselors and managers only, along the allowed changes.
  let statusChange: { from: AppointmentStatus; to: AppointmentStatus } | null = null;
  if (body.status !== undefined && body.status !== row.status) {
    if (scope.kind === 'client' || !(isCounselor(auth) || auth.permissions.has('manage appointments'))) {
      throw forbidden('You may not change the status of this appointment.');
    }
    if (!ALLOWED_STATUS_CHANGES[row.status].includes(body.status)) {
      throw unprocessable({ status: [`The status cannot change from ${row.status} to ${body.status}.`] });
    }
    if (body.status === 'completed' && Date.parse(row.appointment_date) > Date.parse(nowIso())) {
      throw unprocessable({ status: [COMPLETED_TOO_EARLY] });
    }
    if (body.status === 'no_show' && Date.parse(row.appointment_date) > Date.parse(nowIso())) {
      throw unprocessable({ status: [NO_SHOW_TOO_EARLY] });
    }
    statusChange = { from: row.status, to: body.status };
    changes.status = body.status;
  }

  if (Object.keys(changes).length === 0) return appointmentFor(db, auth, scope, row);
  const now = nowIso();
  changes.updated_at = now;
  let applied = false;
  try {
    applied = await db.transaction().execute(async (trx) => {
      // A no-show changes the client's record, which a booking of theirs reads under this lock.
      if (statusChange?.to === 'no_show') await lockClient(trx, auth.companyId, row.client_id);
      // A new time may not overlap another of the client's appointments; checked under their lock like a booking (decision 0221).
      const counselorId = changes.counselor_id ?? row.counselor_id;
      if (changes.appointment_date !== undefined && (changes.appointment_date !== row.appointment_date || counselorId !== row.counselor_id)) {
        // The counselor's time, held as a group's creation holds it (decision 0298).
        const ignoreStart = counselorId === row.counselor_id ? Date.parse(row.appointment_date) : undefined;
        await holdCounselorTime(trx, auth.companyId, { counselorId, clientId: row.client_id, startMs: Date.parse(changes.appointment_date), duration: changes.duration_minutes ?? row.duration_minutes, ignoreStart });
      }
      if (changes.appointment_date !== undefined && changes.appointment_date !== row.appointment_date) {
        await assertClientFree(trx, auth.companyId, row.client_id, Date.parse(changes.appointment_date), changes.duration_minutes ?? row.duration_minutes, scope.kind === 'client', [row.id]);
      }
      if (!(await updateAppointmentRow(trx, auth.companyId, row.id, row.status, changes))) return false;
      if (statusChange) await insertStatusChange(trx, auth.companyId, row.id, statusChange.from, statusChange.to, auth.user.id, now);
      // A new time or counselor first (it schedules reminders anew), then the status (which may cancel them).
      if (changes.counselor_id !== undefined && changes.counselor_id !== row.counselor_id) {
        // The counselor taken off it learns that it is no longer theirs (its reminders go with it).
        const previous = { id: row.id, counselorId: row.counselor_id, clientId: row.client_id, start: row.appointment_date };
        await recordAppointmentEvent(trx, { kind: 'cancelled', companyId: auth.companyId, appointment: previous, actorId: auth.user.id, onlyTo: [row.counselor_id], reason: REASSIGNED, now });
      }
      const kinds: AppointmentEventKind[] = [];
      if (changes.appointment_date !== undefined) kinds.push('rescheduled');
      // A no-show is not sent to anyone: the client sees it in their list, and is told why if a booking then waits.
      if (statusChange && statusChange.to !== 'pending' && statusChange.to !== 'no_show') kinds.push(statusChange.to);
      const appointment = { id: row.id, counselorId: changes.counselor_id ?? row.counselor_id, clientId: row.client_id, start: changes.appointment_date ?? row.appointment_date };
      for (const kind of kinds) {
        await recordAppointmentEvent(trx, { kind, companyId: auth.companyId, appointment, actorId: auth.user.id, previousStart: kind === 'rescheduled' ? row.appointment_date : null, now });
      }
      return true;
    });
  } catch (error) {
    slotRace(error);
  }
  if (!applied) return STALE;
  return reload(db, auth, scope, row.id);
}

/** Counselors only (route), and only their own appointments (scope). */
export async function deleteAppointment(db: DB, auth: AuthContext, uuid: string): Promise<void> {
  const row = await findAppointmentByUuid(db, auth.companyId, scopeOf(auth), uuid);
  if (!row) throw notFound('Appointment');
  await deleteAppointmentRow(db, auth.companyId, row.id);
}
