import type { Weekday } from '@kalinga/contracts/schedule';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { CounselorSchedulesTable, Database } from '../../db/tables';
import { nowIso } from '../../lib/clock';

type Conn = DB | Kysely<Database>;

export type ScheduleDayRow = Pick<Selectable<CounselorSchedulesTable>, 'day' | 'is_available' | 'start_time' | 'end_time' | 'break_start' | 'break_end' | 'held_times'>;

export async function findScheduleDays(db: Conn, companyId: number, counselorId: number): Promise<ScheduleDayRow[]> {
  return db
    .selectFrom('counselor_schedules')
    .select(['day', 'is_available', 'start_time', 'end_time', 'break_start', 'break_end', 'held_times'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .execute();
}

export interface ScheduleDayWrite {
  day: Weekday;
  is_available: boolean;
  start_time: string;
  end_time: string;
  break_start: string | null;
  break_end: string | null;
  held_times: readonly string[];
}

/** Inserts or replaces the given weekdays (one row per counselor per day). Call inside a transaction. */
export async function upsertScheduleDays(db: Conn, companyId: number, counselorId: number, days: readonly ScheduleDayWrite[]): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('counselor_schedules')
    .values(
      days.map((d) => ({
        company_id: companyId,
        counselor_id: counselorId,
        day: d.day,
        is_available: d.is_available ? 1 : 0,
        start_time: d.start_time,
        end_time: d.end_time,
        break_start: d.break_start,
        break_end: d.break_end,
        held_times: [...d.held_times].sort().join(','),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'counselor_id', 'day']).doUpdateSet((eb) => ({
        is_available: eb.ref('excluded.is_available'),
        start_time: eb.ref('excluded.start_time'),
        end_time: eb.ref('excluded.end_time'),
        break_start: eb.ref('excluded.break_start'),
        break_end: eb.ref('excluded.break_end'),
        held_times: eb.ref('excluded.held_times'),
      })),
    )
    .execute();
}

export interface ExcludedDateRow {
  id: number;
  excluded_date: string;
  reason: string | null;
}

/** Excluded dates of a counselor from a date on (inclusive), ascending. */
export async function listExcludedDates(db: Conn, companyId: number, counselorId: number, fromDate: string, toDate?: string): Promise<ExcludedDateRow[]> {
  let q = db
    .selectFrom('excluded_dates')
    .select(['id', 'excluded_date', 'reason'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('excluded_date', '>=', fromDate);
  if (toDate) q = q.where('excluded_date', '<=', toDate);
  return q.orderBy('excluded_date').execute();
}

/** Adds dates; a date already excluded keeps its row (the new reason replaces an empty one). */
export async function insertExcludedDates(db: Conn, companyId: number, counselorId: number, dates: readonly { date: string; reason: string | null }[]): Promise<ExcludedDateRow[]> {
  const now = nowIso();
  const unique = new Map(dates.map((d) => [d.date, d.reason]));
  await db
    .insertInto('excluded_dates')
    .values([...unique].map(([date, reason]) => ({ company_id: companyId, counselor_id: counselorId, excluded_date: date, reason, created_at: now })))
    .onConflict((oc) =>
      oc.columns(['company_id', 'counselor_id', 'excluded_date']).doUpdateSet((eb) => ({
        reason: eb.fn.coalesce(eb.ref('excluded.reason'), eb.ref('excluded_dates.reason')),
      })),
    )
    .execute();
  return db
    .selectFrom('excluded_dates')
    .select(['id', 'excluded_date', 'reason'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('excluded_date', 'in', [...unique.keys()])
    .orderBy('excluded_date')
    .execute();
}

/** Deletes one of the counselor's excluded dates; false when it is not theirs (or not there). */
export async function deleteExcludedDate(db: Conn, companyId: number, counselorId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('excluded_dates')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A counselor of the company (user_type counselor, or holding the company's counselor role), or undefined. */
export async function findCounselor(db: Conn, companyId: number, userId: number): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name'])
    .where('users.id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('users.user_type', '=', 'counselor'),
        eb.exists(
          eb
            .selectFrom('role_user')
            .innerJoin('roles', 'roles.id', 'role_user.role_id')
            .select('role_user.user_id')
            .whereRef('role_user.user_id', '=', 'users.id')
            .where('roles.company_id', '=', companyId)
            .where('roles.name', '=', 'counselor'),
        ),
      ]),
    )
    .executeTakeFirst();
}

export interface BookingSettings {
  durationMinutes: number;
  studentsCanBook: boolean;
}

/** The company's slot length and students_can_book (settings table; defaults when the row is missing). */
export async function readBookingSettings(db: Conn, companyId: number): Promise<BookingSettings> {
  const row = await db
    .selectFrom('settings')
    .select(['appointment_duration_minutes', 'students_can_book'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return { durationMinutes: row?.appointment_duration_minutes ?? 60, studentsCanBook: row?.students_can_book === 1 };
}

/** Live (pending or confirmed) appointments of a counselor starting in [fromIso, toIso), sorted by start. */
export async function findBusyIntervals(db: Conn, companyId: number, counselorId: number, fromIso: string, toIso: string): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .selectFrom('appointments')
    .select(['appointment_date', 'duration_minutes'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('appointment_date', '>=', fromIso)
    .where('appointment_date', '<', toIso)
    .orderBy('appointment_date')
    .execute();
  // A slot held for a waiting client (an open waitlist offer, decision 0152) is taken until its hold runs out.
  const held = await db
    .selectFrom('waitlist_offers')
    .select(['start_at as appointment_date', 'duration_minutes'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('status', '=', 'open')
    .where('expires_at', '>', new Date().toISOString())
    .where('start_at', '>=', fromIso)
    .where('start_at', '<', toIso)
    .execute();
  // A group session is a busy time of both its facilitators (decision 0277).
  const groups = await db
    .selectFrom('group_sessions')
    .innerJoin('groups', 'groups.id', 'group_sessions.group_id')
    .select(['group_sessions.starts_at as appointment_date', 'group_sessions.duration_minutes'])
    .where('group_sessions.company_id', '=', companyId)
    .where((eb) => eb.or([eb('groups.facilitator_id', '=', counselorId), eb('groups.co_facilitator_id', '=', counselorId)]))
    .where('group_sessions.status', '=', 'scheduled')
    .where('groups.status', '=', 'active')
    .where('group_sessions.starts_at', '>=', fromIso)
    .where('group_sessions.starts_at', '<', toIso)
    .execute();
  return [...rows, ...held, ...groups]
    .map((r) => {
      const start = Date.parse(r.appointment_date);
      return { start, end: start + r.duration_minutes * 60_000 };
    })
    .sort((a, b) => a.start - b.start);
}

/** The company's active counselors whose week holds back slot times on `weekday` (same-day slots, decision 0165). */
export async function counselorsHoldingTimes(db: Conn, companyId: number, weekday: Weekday) {
  return db
    .selectFrom('counselor_schedules as cs')
    .innerJoin('users as u', 'u.id', 'cs.counselor_id')
    .innerJoin('company_user as cu', (j) => j.onRef('cu.user_id', '=', 'u.id').onRef('cu.company_id', '=', 'cs.company_id'))
    .select(['u.id', 'u.name'])
    .where('cs.company_id', '=', companyId)
    .where('cs.day', '=', weekday)
    .where('cs.is_available', '=', 1)
    .where('cs.held_times', '!=', '')
    .where('u.status', '=', 'active')
    .execute();
}
