import { randomUUID } from 'node:crypto';
import {
  ALLOWED_STATUS_CHANGES,
  type Appointment,
  type AppointmentCounts,
  type AppointmentListReply,
  type appointmentCountsQuerySchema,
  type appointmentListQuerySchema,
  type AppointmentStatus,
  type AppointmentTab,
  type createAppointmentBodySchema,
  SLOT_TAKEN_MESSAGE,
  type StatusChange,
  type updateAppointmentBodySchema,
} from '@kalinga/contracts/appointments';
import { INTAKE_REQUIRED } from '@kalinga/contracts/screening-items';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { hashPassword } from '../../lib/passwords';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { publicFileUrl } from '../../lib/images';
import { intakeMissing } from '../screening/screening.service';
import { findCounselor, readBookingSettings } from '../schedule/schedule.repository';
import { loadSlotContext, slotsFromContext, todayIn } from '../schedule/schedule.service';
import { localDateOf } from '../schedule/zone-time';
import {
  type AppointmentView,
  categoryExists,
  appointmentVersion,
  type AppointmentFilters,
  countAppointmentList,
  deleteAppointmentRow,
  findAppointmentByUuid,
  findAppointmentsByIds,
  insertAppointment,
  insertStatusChange,
  listAppointmentPage,
  listStatusChanges,
  type NewAppointment,
  type Scope,
  updateAppointmentRow,
} from './appointment.repository';
import { insertNewStudent, resolveParties } from './booking-parties';
import { cachedTotal, rememberTotal, totalKey } from './appointment-totals';
import { appointmentCalendarEvent, appointmentLink, buildIcs } from '../../lib/ics';
import { isUniqueViolation } from '../../lib/db-errors';
import { type AppointmentEventKind, recordAppointmentEvent } from '../notifications/notification-events';
import { approvalReason, lockClient } from './attendance';


/** PRODUCT.md visibility: counselors see theirs, non-counselor managers all, everyone else their own. */
export function scopeOf(auth: AuthContext): Scope {
  if (isCounselor(auth)) return { kind: 'counselor', userId: auth.user.id };
  if (auth.permissions.has('manage appointments')) return { kind: 'all' };
  return { kind: 'client', userId: auth.user.id };
}

/** Managers of an appointment: the assigned counselor (scope) or a 'manage appointments' user. */
export function isManagerOf(auth: AuthContext, scope: Scope): boolean {
  return scope.kind === 'all' || (scope.kind === 'counselor' && auth.permissions.has('manage appointments'));
}

/** The reply shape; `notes` only for the assigned counselor and managers (never the client). */
export function toAppointment(row: AppointmentView, withNotes: boolean): Appointment {
  const out: Appointment = {
    id: row.id,
    uuid: row.uuid,
    appointment_date: row.appointment_date,
    local_date: row.local_date,
    duration_minutes: row.duration_minutes,
    reason: row.reason,
    category_id: row.category_id,
    category: row.category_title === null ? null : { id: row.category_id, title: row.category_title },
    status: row.status,
    location_type: row.location_type,
    location: row.location,
    counselor_id: row.counselor_id,
    counselor: { id: row.counselor_id, name: row.counselor_name, avatar: publicFileUrl(row.counselor_avatar) },
    student_id: row.client_id,
    student: { id: row.client_id, name: row.client_name, avatar: publicFileUrl(row.client_avatar), student_id: row.client_student_id },
    user_type: row.user_type,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    series: row.series_uuid === null ? null : { uuid: row.series_uuid, index: row.series_index ?? 0, total: row.series_total ?? 0 },
    late_cancellation: row.late_cancellation === 1,
    approval_reason: row.approval_reason ?? null,
  };
  if (withNotes) out.notes = row.notes;
  return out;
}

export async function listAppointments(db: DB, auth: AuthContext, query: z.output<typeof appointmentListQuerySchema>): Promise<AppointmentListReply> {
  const scope = scopeOf(auth);
  const { page, per_page: perPage, status, ...filters } = query;
  const now = nowIso();
  const { rows, version } = await listAppointmentPage(db, auth.companyId, scope, filters, status, now, perPage, offsetOf(page, perPage));
  const total = await listTotal(db, auth.companyId, scope, filters, status, now, version);
  return { data: rows.map((r) => toAppointment(r, scope.kind !== 'client')), meta: paginationMeta(page, perPage, total) };
}

/** A list's filtered total: the cached one while it still holds (appointment-totals.ts), else a fresh count. */
async function listTotal(db: DB, companyId: number, scope: Scope, filters: AppointmentFilters, tab: AppointmentTab | undefined, now: string, version: number): Promise<number> {
  const key = totalKey(companyId, scope, filters, tab);
  const cached = cachedTotal(db, key, version, now);
  if (cached !== undefined) return cached;
  const counted = await countAppointmentList(db, companyId, scope, filters, tab, now);
  rememberTotal(db, key, counted, tab !== undefined);
  return counted.total;
}

/**
 * The tab counts under the same filters as the list (and the same cached totals): pending and
 * upcoming are index ranges on (company, status, date); history is the rest of the filtered total,
 * so the three always add up to the list's total.
 */
export async function countAppointments(db: DB, auth: AuthContext, query: z.output<typeof appointmentCountsQuerySchema>): Promise<AppointmentCounts> {
  const scope = scopeOf(auth);
  const now = nowIso();
  const version = await appointmentVersion(db, auth.companyId);
  const [pending, upcoming, total] = await Promise.all([
    listTotal(db, auth.companyId, scope, query, 'pending', now, version),
    listTotal(db, auth.companyId, scope, query, 'upcoming', now, version),
    listTotal(db, auth.companyId, scope, query, undefined, now, version),
  ]);
  return { pending, upcoming, history: total - pending - upcoming };
}

export async function getAppointment(db: DB, auth: AuthContext, uuid: string): Promise<Appointment> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  return toAppointment(row, scope.kind !== 'client');
}

export async function reload(db: DB, auth: AuthContext, scope: Scope, id: number): Promise<Appointment> {
  const [row] = await findAppointmentsByIds(db, auth.companyId, [id]);
  return toAppointment(row, scope.kind !== 'client');
}

/**
 * Checks that `instantIso` is one of the counselor's slots (422 otherwise) and that no live
 * appointment holds it (409). Returns the start in ms, the company-zone date and the slot length.
 */
export async function checkSlot(db: DB, auth: AuthContext, counselorId: number, instantIso: string, ignoreStart?: number, held: 'skip' | 'only' = 'skip'): Promise<{ startMs: number; localDate: string; duration: number }> {
  const startMs = Date.parse(instantIso);
  const timeZone = auth.company.timezone;
  const localDate = localDateOf(new Date(startMs), timeZone);
  if (localDate < todayIn(timeZone)) throw unprocessable({ appointment_date: ['The appointment date must be today or later.'] });
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, counselorId, localDate, localDate);
  const now = Date.now();
  const onSchedule = slotsFromContext(ctx, localDate, { ignoreBusy: true, nowMs: now, held: 'include' }).some((s) => s.start === startMs);
  if (!onSchedule) throw unprocessable({ appointment_date: ["The selected time is not one of the counselor's available time slots."] });
  // A time held back for urgent cases is booked only from the Triage list; an urgent booking takes only those.
  const isHeld = slotsFromContext(ctx, localDate, { ignoreBusy: true, nowMs: now, held: 'only' }).some((s) => s.start === startMs);
  if (isHeld !== (held === 'only')) throw unprocessable({ appointment_date: [isHeld ? HELD_SLOT_MESSAGE : 'The selected time is not held for urgent cases.'] });
  const free = slotsFromContext(ctx, localDate, { nowMs: now, ignoreStart, held }).some((s) => s.start === startMs);
  if (!free) throw conflict(SLOT_TAKEN_MESSAGE);
  return { startMs, localDate, duration: ctx.durationMinutes };
}

export const HELD_SLOT_MESSAGE = 'This time is held for urgent cases and is booked from the Triage list.';

/** Maps the live-slot unique index (either driver) to the spec's 409; rethrows anything else. */
export function slotRace(error: unknown): never {
  if (isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')) throw conflict(SLOT_TAKEN_MESSAGE);
  throw error;
}

export async function createAppointment(db: DB, auth: AuthContext, body: z.output<typeof createAppointmentBodySchema>): Promise<Appointment> {
  const scope = scopeOf(auth);
  const settings = await readBookingSettings(db, auth.companyId);
  if (scope.kind === 'client' && auth.user.user_type === 'student' && !settings.studentsCanBook) {
    throw forbidden('Students cannot book appointments.');
  }
  // Who the appointment is for: clients book for themselves; counselors and managers choose (or add) a student.
  // The site may require the intake questionnaires before a client's first booking (decision 0160).
  if (scope.kind === 'client' && auth.user.user_type !== 'counselor' && (await intakeMissing(db, auth.companyId, auth.user.id))) {
    throw unprocessable({ intake: [INTAKE_REQUIRED] }, INTAKE_REQUIRED);
  }
  const parties = await resolveParties(db, auth, scope, body);
  const slot = await checkSlot(db, auth, body.counselor_id, body.appointment_date);
  const passwordHash = parties.newStudent ? await hashPassword(randomUUID()) : null;
  const now = nowIso();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      // The new student and the booking stand or fall together.
      const clientId = parties.newStudent ? await insertNewStudent(trx, auth.companyId, body, passwordHash!, now) : parties.clientId!;
      // A client booking for themselves after missed sessions waits for the counselor (the no-show policy); the
      // client's row is held so a no-show marked at this moment is counted or waits for this booking.
      let held: string | null = null;
      if (scope.kind === 'client') {
        await lockClient(trx, auth.companyId, clientId);
        held = await approvalReason(trx, auth.companyId, clientId);
      }
      const values: NewAppointment = {
        uuid: randomUUID(),
        company_id: auth.companyId,
        counselor_id: body.counselor_id,
        client_id: clientId,
        category_id: body.category_id,
        appointment_date: new Date(slot.startMs).toISOString(),
        local_date: slot.localDate,
        duration_minutes: slot.duration,
        reason: body.reason,
        status: 'pending',
        location_type: body.location_type,
        location: body.location ?? null,
        user_type: parties.newStudent ? 'student' : parties.userType,
        notes: scope.kind !== 'client' ? (body.notes ?? null) : null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        approval_reason: held,
      };
      const newId = await insertAppointment(trx, values);
      await insertStatusChange(trx, auth.companyId, newId, null, 'pending', auth.user.id, now);
      await recordAppointmentEvent(trx, {
        kind: 'booked',
        companyId: auth.companyId,
        appointment: { id: newId, counselorId: values.counselor_id, clientId: values.client_id, start: values.appointment_date },
        actorId: auth.user.id,
        now,
      });
      return newId;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (parties.newStudent && isUniqueViolation(error, 'email')) throw unprocessable({ student_email: ['The student email has already been taken.'] });
    slotRace(error);
  }
  return reload(db, auth, scope, id);
}

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

  // Field edits (spec section 4): managers on pending or confirmed; others on their own pending appointment.
  const editing = EDIT_FIELDS.some((f) => body[f] !== undefined && (f !== 'notes' || scope.kind !== 'client'));
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

  // Status (spec section 4): counselors and managers only, along the allowed changes.
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

  if (Object.keys(changes).length === 0) return toAppointment(row, scope.kind !== 'client');
  const now = nowIso();
  changes.updated_at = now;
  let applied = false;
  try {
    applied = await db.transaction().execute(async (trx) => {
      // A no-show changes the client's record, which a booking of theirs reads under this lock.
      if (statusChange?.to === 'no_show') await lockClient(trx, auth.companyId, row.client_id);
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

/** The audit trail of status changes: the assigned counselor and managers. */
export async function statusHistory(db: DB, auth: AuthContext, uuid: string): Promise<StatusChange[]> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (scope.kind === 'client') throw forbidden();
  const changes = await listStatusChanges(db, auth.companyId, row.id);
  return changes.map((c) => ({
    id: c.id,
    from_status: c.from_status as AppointmentStatus | null,
    to_status: c.to_status as AppointmentStatus,
    changed_by: c.changed_by === null ? null : { id: c.changed_by, name: c.changed_by_name ?? '' },
    changed_at: c.changed_at,
    reason: c.reason,
    previous_date: c.previous_date,
    new_date: c.new_date,
  }));
}

/** The appointment as an iCalendar file, from the caller's side (the other party is named; no reason: decision 0123). */
export async function appointmentIcs(db: DB, auth: AuthContext, uuid: string, publicUrl: string): Promise<{ filename: string; body: string }> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (row.status === 'cancelled') throw conflict('A cancelled appointment has no calendar file.');
  const body = buildIcs(appointmentCalendarEvent(row, scope.kind === 'client', Date.now(), appointmentLink(publicUrl, row.uuid)));
  return { filename: `appointment-${row.uuid}.ics`, body };
}
