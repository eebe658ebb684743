import type { CalendarDay, CounselorCalendarReply, counselorCalendarQuerySchema } from '@kalinga/contracts/calendar';
import { DEFAULT_SCHEDULE_DAY } from '@kalinga/contracts/schedule';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { findAppointmentsByIds } from '../appointments/appointment.repository';
import { appointmentsFor, scopeOf } from '../appointments/appointment-view';
import { findCounselor, listExcludedDates } from '../schedule/schedule.repository';
import { loadSlotContext, slotsFromContext } from '../schedule/schedule.service';
import { findCounselorAppointmentIds, findFacilitatorSessions } from './calendar.repository';
import { addDaysToDate, weekdayOf, ZoneDay } from '@kalinga/contracts/zone-time';

type CalendarQuery = z.output<typeof counselorCalendarQuerySchema>;

/**
 * Whose calendar the caller may read: a counselor their own (product-rules.md#appointments: counselors see theirs), a user
 * with 'manage appointments' any counselor of the company, nobody else.
 */
function calendarOwner(auth: AuthContext, requested: number | undefined): number {
  if (isCounselor(auth)) {
    if (requested !== undefined && requested !== auth.user.id) throw forbidden('Counselors can only see their own calendar.');
    return auth.user.id;
  }
  if (!auth.permissions.has('manage appointments')) throw forbidden();
  if (requested === undefined) throw unprocessable({ counselor_id: ['The counselor field is required.'] });
  return requested;
}

/**
 * GET /api/appointments/calendar: the counselor's appointments, hours, breaks, excluded dates and free
 * slots for `days` dates from `from`, all read in the company's zone from one load of the schedule.
 */
export async function counselorCalendar(db: DB, auth: AuthContext, query: CalendarQuery): Promise<CounselorCalendarReply> {
  const counselorId = calendarOwner(auth, query.counselor_id);
  const counselor = await findCounselor(db, auth.companyId, counselorId);
  if (!counselor) throw notFound('Counselor');
  const timeZone = auth.company.timezone;
  const dates = Array.from({ length: query.days }, (_, i) => addDaysToDate(query.from, i));
  const last = dates[dates.length - 1];
  const fromIso = new Date(new ZoneDay(query.from, timeZone).startMs()).toISOString();
  const toIso = new Date(new ZoneDay(addDaysToDate(last, 1), timeZone).startMs()).toISOString();
  const [ctx, excluded, ids, sessions] = await Promise.all([
    loadSlotContext(db, auth.companyId, timeZone, counselorId, query.from, last),
    listExcludedDates(db, auth.companyId, counselorId, query.from, last),
    findCounselorAppointmentIds(db, auth.companyId, counselorId, fromIso, toIso),
    findFacilitatorSessions(db, auth.companyId, counselorId, fromIso, toIso),
  ]);
  const reasons = new Map(excluded.map((e) => [e.excluded_date, e.reason]));
  const nowMs = Date.now();
  const days = dates.map((date): CalendarDay => {
    const hours = ctx.hours.get(weekdayOf(date)) ?? DEFAULT_SCHEDULE_DAY;
    return {
      date,
      is_available: hours.is_available,
      start_time: hours.start_time,
      end_time: hours.end_time,
      break_start: hours.break_start,
      break_end: hours.break_end,
      excluded: reasons.has(date),
      excluded_reason: reasons.get(date) ?? null,
      free_slots: slotsFromContext(ctx, date, { nowMs }).map((s) => ({ time: s.time, appointment_date: new Date(s.start).toISOString() })),
    };
  });
  const rows = await findAppointmentsByIds(db, auth.companyId, ids);
  return {
    counselor,
    timezone: timeZone,
    duration_minutes: ctx.durationMinutes,
    days,
    // The caller is the counselor or a manager: the reason and notes only for the care team (decision 0377), as in the list.
    appointments: await appointmentsFor(db, auth, scopeOf(auth), rows),
    // Read-only here: a group's sessions are changed on the Groups screen (decision 0319).
    group_sessions: sessions.map((s) => ({
      group_uuid: s.group_uuid,
      group_name: s.group_name,
      kind: s.kind,
      session_uuid: s.session_uuid,
      index: s.session_index,
      total: Number(s.total ?? 0),
      starts_at: s.starts_at,
      duration_minutes: s.duration_minutes,
      status: s.status,
      location_type: s.location_type,
      location: s.location,
    })),
  };
}
