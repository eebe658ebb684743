import { randomUUID } from 'node:crypto';
import type { Series, SeriesOccurrence, seriesBodySchema } from '@kalinga/contracts/appointment-series';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/clock';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { assertFileOpen } from '../client-record/client-file.service';
import { joinsCareTeamByOwnBooking, tellOwnBookingJoined } from '../client-record/client-access';
import { hashPassword } from '../../lib/passwords';
import type { AuthContext } from '../../lib/auth-context';
import { recordSeriesEvent } from '../notifications/series-events';
import { loadSlotContext } from '../schedule/schedule.service';
import type { AppointmentView, NewAppointment, Scope } from './appointment.repository';
import { appointmentsFor, scopeOf } from './appointment-view';
import { insertNewStudent, resolveParties } from './booking-parties';
import type { Language } from '../../lib/i18n';
import { appointmentCalendarEvent, appointmentLink, buildCalendar } from '../../lib/ics';
import { planSeries, sessionDates, weekOf } from './series-plan';
import { findSeries, insertSeries, insertSessions, insertStatusChanges, type SeriesRow, seriesById, seriesSessions } from './series.repository';
import { addDaysToDate, minutesOf, todayIn, wallOf, ZoneDay } from '@kalinga/contracts/zone-time';
import { clientBusyIntervals } from './client-overlap.repository';

// Booking a series (decision 0150): the preview lists every session with what stands in its way and the nearest free
// times that week; the booking checks every session again inside one transaction that holds the counselor's lock,
// and writes the series, its sessions, their history and one notification per person, or nothing.

type SeriesBody = z.output<typeof seriesBodySchema>;

/** Only counselors (their own) and managers book or change a series; clients get 403. */
export function seriesScope(auth: AuthContext): Scope {
  const scope = scopeOf(auth);
  if (scope.kind === 'client') throw forbidden('Only counselors and managers book a series of appointments.');
  return scope;
}

/** The session dates and wall time of a body, and the user's choices by index; 422 for a rule that gives too few or too many. */
function rule(auth: AuthContext, body: SeriesBody) {
  const first = wallOf(new Date(Date.parse(body.appointment_date)), auth.company.timezone);
  const dates = sessionDates(first.date, body.frequency, { count: body.count, until: body.until });
  if (dates === null) throw unprocessable({ until: ['A series has at most 26 sessions; choose an earlier last date.'] });
  if (dates.length < 2) throw unprocessable({ until: ['A series has at least 2 sessions; choose a later last date.'] });
  const choices = new Map<number, number | null>();
  for (const c of body.choices) {
    if (c.index > dates.length) throw unprocessable({ choices: [`There is no session ${c.index} in this series.`] });
    choices.set(c.index, c.appointment_date === null ? null : Date.parse(c.appointment_date));
  }
  return { dates, minutes: minutesOf(first.time), choices };
}

/** The plan of a body against the counselor's and the client's times (null: a new student) as `db` sees them now. */
async function plan(db: DB, auth: AuthContext, body: SeriesBody, clientId: number | null): Promise<{ occurrences: SeriesOccurrence[]; duration: number }> {
  const { dates, minutes, choices } = rule(auth, body);
  const timeZone = auth.company.timezone;
  const first = weekOf(dates[0]).monday;
  const last = weekOf(dates[dates.length - 1]).sunday;
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, body.counselor_id, first, last);
  const clientBusy = clientId === null ? [] : await clientBusyIntervals(db, auth.companyId, clientId, new ZoneDay(first, timeZone).startMs(), new ZoneDay(addDaysToDate(last, 1), timeZone).startMs());
  const sessions = dates.map((date, i) => ({ index: i + 1, date, minutes, choice: choices.get(i + 1) }));
  return { occurrences: planSeries({ ctx, sessions, nowMs: Date.now(), today: todayIn(timeZone), clientBusy }), duration: ctx.durationMinutes };
}

/** 409 naming every session that cannot be booked and why (errors keyed `occurrences.<index>`). */
export function blockedError(occurrences: readonly SeriesOccurrence[], total: number): HttpError {
  const blocked = occurrences.filter((o) => o.outcome === 'blocked');
  const errors = Object.fromEntries(blocked.map((o) => [`occurrences.${o.index}`, [o.problem!.message]]));
  const o = blocked[0];
  const message = blocked.length === 1
    ? `Session ${o.index} of ${total} (${o.wanted_date} at ${o.wanted_time}) cannot be booked: ${o.problem!.message}`
    : `${blocked.length} of the ${total} sessions cannot be booked; check the sessions again.`;
  return new HttpError(409, message, errors);
}

/** POST /api/appointment-series/preview: every session, its problem and the nearest free times; nothing is written. */
export async function previewSeries(db: DB, auth: AuthContext, body: SeriesBody) {
  const scope = seriesScope(auth);
  const parties = await resolveParties(db, auth, scope, body);
  const { occurrences, duration } = await plan(db, auth, body, parties.clientId);
  return {
    timezone: auth.company.timezone,
    duration_minutes: duration,
    occurrences,
    bookable: occurrences.filter((o) => o.outcome === 'book' || o.outcome === 'moved').length,
    blocked: occurrences.filter((o) => o.outcome === 'blocked').length,
  };
}

/** POST /api/appointment-series: all sessions or none. */
export async function createSeries(db: DB, auth: AuthContext, body: SeriesBody): Promise<Series> {
  const scope = seriesScope(auth);
  const parties = await resolveParties(db, auth, scope, body);
  rule(auth, body); // a bad rule is 422 before any lock is taken
  const passwordHash = parties.newStudent ? await hashPassword(randomUUID()) : null;
  const now = nowIso();
  let seriesId: number;
  try {
    seriesId = await db.transaction().execute(async (trx) => {
      // Every other series write for this counselor, and every booking of this client (decision 0221), waits here;
      // what we read next is what we write against. The rows are taken in id order, so no two writes wait in a circle.
      await lockCounselors(trx, auth.companyId, parties.clientId === null ? [body.counselor_id] : [body.counselor_id, parties.clientId]);
      // Staff ask to reopen a closed file first (decision 0235).
      if (scope.kind !== 'client' && parties.clientId !== null) await assertFileOpen(trx, auth.companyId, parties.clientId);
      // The client's row is held above, so of two bookings at once the second sees the first (decision 0369).
      const joining = parties.clientId !== null && (await joinsCareTeamByOwnBooking(trx, auth, body.counselor_id, parties.clientId));
      const { occurrences, duration } = await plan(trx, auth, body, parties.clientId);
      const booked = occurrences.filter((o) => o.appointment_date !== null);
      if (booked.length < occurrences.filter((o) => o.outcome !== 'skip').length) throw blockedError(occurrences, occurrences.length);
      if (booked.length < 2) throw unprocessable({ choices: ['A series needs at least 2 sessions; book a single appointment instead.'] });
      const clientId = parties.newStudent ? await insertNewStudent(trx, auth.companyId, body, passwordHash!, now, auth.user.id) : parties.clientId!;
      const id = await insertSeries(trx, {
        uuid: randomUUID(),
        company_id: auth.companyId,
        counselor_id: body.counselor_id,
        client_id: clientId,
        frequency: body.frequency,
        total: booked.length,
        created_by: auth.user.id,
        created_at: now,
      });
      const rows: NewAppointment[] = booked.map((o, i) => ({
        uuid: randomUUID(),
        company_id: auth.companyId,
        counselor_id: body.counselor_id,
        client_id: clientId,
        category_id: body.category_id,
        appointment_date: o.appointment_date!,
        local_date: wallOf(o.appointment_date!, auth.company.timezone).date,
        duration_minutes: duration,
        reason: body.reason,
        status: 'pending',
        location_type: body.location_type,
        location: body.location ?? null,
        user_type: parties.newStudent ? 'student' : parties.userType,
        notes: body.notes ?? null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        series_id: id,
        series_index: i + 1,
      }));
      const ids = await insertSessions(trx, rows);
      await insertStatusChanges(trx, auth.companyId, ids.map((appointmentId) => ({ appointmentId, from: null, to: 'pending' })), auth.user.id, now);
      if (joining) await tellOwnBookingJoined(trx, auth, now);
      await recordSeriesEvent(trx, {
        kind: 'booked',
        companyId: auth.companyId,
        seriesId: id,
        counselorId: body.counselor_id,
        clientId,
        actorId: auth.user.id,
        sessions: ids.map((sid, i) => ({ id: sid, start: rows[i].appointment_date })),
        now,
      });
      return id;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (parties.newStudent && isUniqueViolation(error, 'email')) throw unprocessable({ student_email: ['The student email has already been taken.'] });
    if (isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')) {
      // A single booking took one of the times between our check and our insert: say which, as the check would.
      const { occurrences } = await plan(db, auth, body, parties.clientId);
      if (occurrences.some((o) => o.outcome === 'blocked')) throw blockedError(occurrences, occurrences.length);
    }
    throw error;
  }
  return readSeries(db, auth, scope, seriesId);
}

/** The series and every session of it, as the caller may see them. */
export async function readSeries(db: DB, auth: AuthContext, scope: Scope, seriesId: number): Promise<Series> {
  const row = await seriesById(db, auth.companyId, seriesId);
  return seriesReply(db, auth, scope, row);
}

/** The sessions the caller may see: a counselor only their own (a session given to another counselor is theirs). */
function visibleSessions(scope: Scope, sessions: AppointmentView[]): AppointmentView[] {
  return scope.kind === 'counselor' ? sessions.filter((s) => s.counselor_id === scope.userId) : sessions;
}

async function seriesReply(db: DB, auth: AuthContext, scope: Scope, row: SeriesRow): Promise<Series> {
  const visible = visibleSessions(scope, await seriesSessions(db, auth.companyId, row.id));
  return {
    uuid: row.uuid,
    frequency: row.frequency,
    total: row.total,
    counselor: { id: row.counselor_id, name: row.counselor_name },
    student: { id: row.client_id, name: row.client_name },
    appointments: await appointmentsFor(db, auth, scope, visible),
  };
}

/** GET /api/appointment-series/{uuid}. */
export async function getSeries(db: DB, auth: AuthContext, uuid: string): Promise<Series> {
  const scope = scopeOf(auth);
  const row = await findSeries(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Series');
  return seriesReply(db, auth, scope, row);
}

/** GET /api/appointment-series/{uuid}/ics: every session in one calendar file (cancelled ones as cancelled). */
export async function seriesIcs(db: DB, auth: AuthContext, uuid: string, publicUrl: string, language: Language = 'en'): Promise<{ filename: string; body: string }> {
  const scope = scopeOf(auth);
  const row = await findSeries(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Series');
  const sessions = visibleSessions(scope, await seriesSessions(db, auth.companyId, row.id));
  const stamp = Date.now();
  const events = sessions.map((s) => appointmentCalendarEvent(s, scope.kind === 'client', stamp, appointmentLink(publicUrl, s.uuid), language));
  return { filename: `appointment-series-${row.uuid}.ics`, body: buildCalendar(events) };
}
