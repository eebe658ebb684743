import type { SeriesUpdateReply, seriesUpdateBodySchema } from '@kalinga/contracts/appointment-series';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/clock';
import type { AuthContext } from '../../lib/auth-context';
import { recordSeriesEvent, type SeriesEvent } from '../notifications/series-events';
import { loadSlotContext } from '../schedule/schedule.service';
import { type AppointmentView, categoryExists, type NewAppointment, updateAppointmentRow } from './appointment.repository';
import { planSeries, weekOf } from './series-plan';
import { findSeries, insertStatusChanges, lockSessionsAsRead, type SeriesRow, seriesSessions } from './series.repository';
import { isManagerOf, scopeOf } from './appointment-view';
import { assertAppointmentContentWritable } from '../client-record/client-access';
import { blockedError, readSeries, seriesScope } from './series.service';
import { addDaysToDate, minutesOf, naiveDayMs, todayIn, wallOf } from '@kalinga/contracts/zone-time';

// Changing "this and the following" sessions of a series, or all of them (decision 0150): a new time moves each by
// the same days to the same wall-clock time; a status confirms or cancels them; the text fields change with them.
// Every moved session is checked again (as a booking is) under the counselors' locks; the sessions are locked and
// read again before any write (a change decided on an older read is decided again), and one notification per
// person tells of the whole change.

type Body = z.output<typeof seriesUpdateBodySchema>;
const DAY = 86_400_000;
const STALE = Symbol('stale');
const ATTEMPTS = 5;

/** PUT /api/appointment-series/{uuid}. */
export async function updateSeries(db: DB, auth: AuthContext, uuid: string, body: Body): Promise<SeriesUpdateReply> {
  const series = await findSeries(db, auth.companyId, scopeOf(auth), uuid);
  if (!series) throw notFound('Series');
  const scope = seriesScope(auth);
  if (body.category_id !== undefined && !(await categoryExists(db, auth.companyId, body.category_id))) {
    throw unprocessable({ category_id: ['The selected category is invalid.'] });
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const changed = await tryUpdate(db, auth, series, body);
    if (changed !== STALE) return { data: await readSeries(db, auth, scope, series.id), changed };
  }
  throw conflict('The series was changed by someone else. Please reload and try again.');
}

/** The sessions a change applies to: live and not yet started, from `from` on ('following') or all of them. */
function affectedSessions(sessions: readonly AppointmentView[], from: AppointmentView, scope: Body['scope'], nowMs: number): AppointmentView[] {
  return sessions.filter(
    (s) =>
      (scope === 'all' || (s.series_index ?? 0) >= (from.series_index ?? 0)) &&
      (s.status === 'pending' || s.status === 'confirmed') &&
      Date.parse(s.appointment_date) > nowMs,
  );
}

async function tryUpdate(db: DB, auth: AuthContext, series: SeriesRow, body: Body): Promise<number | typeof STALE> {
  const scope = seriesScope(auth);
  const all = await seriesSessions(db, auth.companyId, series.id);
  const sessions = scope.kind === 'counselor' ? all.filter((s) => s.counselor_id === scope.userId) : all;
  const from = sessions.find((s) => s.uuid === body.from);
  if (!from) throw unprocessable({ from: ['The session is not part of this series.'] });
  const nowMs = Date.now();
  let affected = affectedSessions(sessions, from, body.scope, nowMs);
  if (body.status === 'confirmed') affected = affected.filter((s) => s.status === 'pending');
  if (affected.length === 0) throw unprocessable({ from: ['No session of this series from here on can be changed.'] });
  // As with one appointment: only a manager edits a confirmed session; a counselor without 'manage appointments'
  // edits their pending sessions only (confirming and cancelling stay theirs).
  const editing = body.reason !== undefined || body.category_id !== undefined || body.location_type !== undefined || body.location !== undefined || body.appointment_date !== undefined;
  if (editing && !isManagerOf(auth, scopeOf(auth)) && affected.some((s) => s.status !== 'pending')) throw forbidden('Only pending appointments can be edited.');

  // Only who reads the sessions' reason writes it (decision 0377).
  if (body.reason !== undefined) await assertAppointmentContentWritable(db, auth, affected);

  const fields: Partial<NewAppointment> = {};
  if (body.reason !== undefined) fields.reason = body.reason;
  if (body.category_id !== undefined) fields.category_id = body.category_id;
  if (body.location_type !== undefined) {
    fields.location_type = body.location_type;
    fields.location = body.location_type === 'online' ? null : (body.location ?? null);
  } else if (body.location !== undefined) {
    if (affected.some((s) => s.location_type === 'on-site') && !body.location) throw unprocessable({ location: ['The location field is required when location type is on-site.'] });
    fields.location = body.location;
  }
  if (body.status !== undefined) fields.status = body.status;

  const timeZone = auth.company.timezone;
  if (body.appointment_date !== undefined) {
    // The same shift for every session: whole days on the calendar and the new wall-clock time (DST-correct).
    const before = wallOf(from.appointment_date, timeZone);
    const after = wallOf(new Date(Date.parse(body.appointment_date)), timeZone);
    const days = Math.round((naiveDayMs(after.date) - naiveDayMs(before.date)) / DAY);
    if (days !== 0 || after.time !== before.time) {
      const dates = new Map(affected.map((s) => [s.id, addDaysToDate(wallOf(s.appointment_date, timeZone).date, days)]));
      return moveSessions(db, auth, series, affected, dates, minutesOf(after.time), fields);
    }
  }
  if (Object.keys(fields).length === 0) throw unprocessable({ from: ['Nothing to change.'] });
  return applyChanges(db, auth, series, affected, fields, body.status ?? null);
}

/** Conditional writes of the same fields to each session, its history and one notification; STALE when a status moved meanwhile. */
async function applyChanges(db: DB, auth: AuthContext, series: SeriesRow, affected: readonly AppointmentView[], fields: Partial<NewAppointment>, status: 'confirmed' | 'cancelled' | null): Promise<number | typeof STALE> {
  const now = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await lockSessionsAsRead(trx, auth.companyId, affected))) throw STALE;
      for (const s of affected) {
        if (!(await updateAppointmentRow(trx, auth.companyId, s.id, s.status, { ...fields, updated_at: now }))) throw STALE;
      }
      if (status) {
        await insertStatusChanges(trx, auth.companyId, affected.map((s) => ({ appointmentId: s.id, from: s.status, to: status })), auth.user.id, now);
        await recordSeriesEvent(trx, eventOf(auth, series, status, affected.map((s) => ({ id: s.id, start: s.appointment_date, counselorId: s.counselor_id })), now));
      }
      return affected.length;
    });
  } catch (error) {
    if (error === STALE) return STALE;
    throw error;
  }
}

function eventOf(auth: AuthContext, series: SeriesRow, kind: SeriesEvent['kind'], sessions: SeriesEvent['sessions'], now: string): SeriesEvent {
  return { kind, companyId: auth.companyId, seriesId: series.id, counselorId: series.counselor_id, clientId: series.client_id, actorId: auth.user.id, sessions, now };
}

/**
 * Moves each session to its new date at `minutes` past midnight (company zone). Under the counselors' locks the new
 * times are checked as a booking's are, not counting the moving sessions' own times; any that cannot be booked
 * makes the whole change 409 with each one's reason.
 */
async function moveSessions(
  db: DB,
  auth: AuthContext,
  series: SeriesRow,
  affected: readonly AppointmentView[],
  dates: ReadonlyMap<number, string>,
  minutes: number,
  fields: Partial<NewAppointment>,
): Promise<number | typeof STALE> {
  const timeZone = auth.company.timezone;
  const now = nowIso();
  const counselors = [...new Set(affected.map((s) => s.counselor_id))];
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCounselors(trx, auth.companyId, counselors);
      // Planned on the sessions as they are now: another change that moved or cancelled one first makes us decide again.
      if (!(await lockSessionsAsRead(trx, auth.companyId, affected))) throw STALE;
      const targets = new Map<number, string>();
      let duration = 0;
      for (const counselorId of counselors) {
        const own = affected.filter((s) => s.counselor_id === counselorId);
        const wanted = own.map((s) => ({ index: s.series_index ?? 0, date: dates.get(s.id)!, minutes }));
        const sorted = wanted.map((w) => w.date).sort();
        const ctx = await loadSlotContext(trx, auth.companyId, timeZone, counselorId, weekOf(sorted[0]).monday, weekOf(sorted[sorted.length - 1]).sunday);
        const ignoreStarts = new Set(own.map((s) => Date.parse(s.appointment_date)));
        duration = ctx.durationMinutes;
        const occurrences = planSeries({ ctx, sessions: wanted, nowMs: Date.now(), today: todayIn(timeZone), ignoreStarts });
        if (occurrences.some((o) => o.outcome === 'blocked')) throw blockedError(occurrences, series.total);
        own.forEach((s, i) => targets.set(s.id, occurrences[i].appointment_date!));
      }
      // Later first when moving later, earlier first when moving earlier: a session never lands on one not yet moved.
      const later = Date.parse(targets.get(affected[0].id)!) > Date.parse(affected[0].appointment_date);
      const order = [...affected].sort((a, b) => (later ? -1 : 1) * (Date.parse(a.appointment_date) - Date.parse(b.appointment_date)));
      for (const s of order) {
        const start = targets.get(s.id)!;
        const changes: Partial<NewAppointment> = { ...fields, appointment_date: start, local_date: wallOf(start, timeZone).date, duration_minutes: duration, updated_at: now };
        if (!(await updateAppointmentRow(trx, auth.companyId, s.id, s.status, changes))) throw STALE;
      }
      const sessions = affected.map((s) => ({ id: s.id, start: targets.get(s.id)!, previousStart: s.appointment_date, counselorId: s.counselor_id }));
      await recordSeriesEvent(trx, eventOf(auth, series, 'rescheduled', sessions, now));
      return affected.length;
    });
  } catch (error) {
    if (error === STALE) return STALE;
    if (error instanceof HttpError) throw error;
    if (isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')) {
      throw new HttpError(409, 'One of the new times was booked by someone else a moment ago; check the sessions again.');
    }
    throw error;
  }
}
