import {
  type Appointment,
  type AppointmentCounts,
  type AppointmentListReply,
  type appointmentCountsQuerySchema,
  type appointmentListQuerySchema,
  type AppointmentStatus,
  type AppointmentTab,
  type StatusChange,
} from '@kalinga/contracts/appointments';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { type AuthContext } from '../../lib/auth-context';
import { appointmentContentShown } from '../client-record/client-access';
import {
  appointmentVersion,
  type AppointmentFilters,
  countAppointmentList,
  findAppointmentByUuid,
  listAppointmentPage,
  listStatusChanges,
  type Scope,
} from './appointment.repository';
import { cachedTotal, rememberTotal, totalKey } from './appointment-totals';
import type { Language } from '../../lib/i18n';
import { appointmentCalendarEvent, appointmentLink, buildIcs } from '../../lib/ics';
import { appointmentFor, appointmentsFor, scopeOf } from './appointment-view';

// Reading appointments: the list and its counts, one appointment, its status history, its calendar file.

export async function listAppointments(db: DB, auth: AuthContext, query: z.output<typeof appointmentListQuerySchema>): Promise<AppointmentListReply> {
  const scope = scopeOf(auth);
  const { page, per_page: perPage, status, ...filters } = query;
  const now = nowIso();
  const { rows, version } = await listAppointmentPage(db, auth.companyId, scope, filters, status, now, perPage, offsetOf(page, perPage));
  const total = await listTotal(db, auth.companyId, scope, filters, status, now, version);
  return { data: await appointmentsFor(db, auth, scope, rows), meta: paginationMeta(page, perPage, total) };
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
  return appointmentFor(db, auth, scope, row);
}

/**
 * The audit trail of status changes: the assigned counselor and managers. A cancellation's reason is what the client
 * typed: the care team's like the appointment's own reason (decision 0377, `appointmentContentShown`); anyone else
 * reads every cancellation with `reason: null` and `reason_withheld`, whether or not a reason was given.
 */
export async function statusHistory(db: DB, auth: AuthContext, uuid: string): Promise<StatusChange[]> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (scope.kind === 'client') throw forbidden();
  const changes = await listStatusChanges(db, auth.companyId, row.id);
  const shown = (await appointmentContentShown(db, auth, [row])).has(row.id);
  return changes.map((c) => ({
    id: c.id,
    from_status: c.from_status as AppointmentStatus | null,
    to_status: c.to_status as AppointmentStatus,
    changed_by: c.changed_by === null ? null : { id: c.changed_by, name: c.changed_by_name ?? '' },
    changed_at: c.changed_at,
    reason: shown ? c.reason : null,
    reason_withheld: !shown && c.to_status === 'cancelled',
    previous_date: c.previous_date,
    new_date: c.new_date,
  }));
}

/** The appointment as an iCalendar file, from the caller's side (the other party is named; no reason: decision 0123). */
export async function appointmentIcs(db: DB, auth: AuthContext, uuid: string, publicUrl: string, language: Language = 'en'): Promise<{ filename: string; body: string }> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (row.status === 'cancelled') throw conflict('A cancelled appointment has no calendar file.');
  const body = buildIcs(appointmentCalendarEvent(row, scope.kind === 'client', Date.now(), appointmentLink(publicUrl, row.uuid), language));
  return { filename: `appointment-${row.uuid}.ics`, body };
}

/**
 * While an appointment is edited, its own time stays offered: the start to leave free when `exclude` names an
 * appointment the caller can see with this counselor; undefined otherwise.
 */
export async function ownStartKept(db: DB, auth: AuthContext, counselorId: number, exclude: string | undefined): Promise<number | undefined> {
  const own = exclude ? await findAppointmentByUuid(db, auth.companyId, scopeOf(auth), exclude) : undefined;
  return own && own.counselor_id === counselorId ? Date.parse(own.appointment_date) : undefined;
}
