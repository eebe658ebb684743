import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { Database } from '../../db/tables';

// What the attendance rules (attendance.ts) read: the no-show policy, the client's outcomes, the term's counts.

export type Conn = DB | Kysely<Database>;

/** The company's policy: after this many no-shows or late cancellations in a row, bookings wait (0 = off). */
export async function readNoShowLimit(db: Conn, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('no_show_limit').where('company_id', '=', companyId).executeTakeFirst();
  return row?.no_show_limit ?? 2;
}

/**
 * Holds the client's membership row until the transaction ends: a booking that reads the client's record and a
 * no-show or late cancellation that changes it run one after the other (PostgreSQL; SQLite runs one at a time).
 */
export async function lockClient(db: Kysely<Database>, companyId: number, clientId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select user_id from company_user where company_id = ${companyId} and user_id = ${clientId} for update`.execute(db);
}

/** Whether the centre counts group absences and late cancellations toward the policy (decision 0280). */
async function groupAbsencesCount(db: Conn, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('settings').select('group_absences_count').where('company_id', '=', companyId).executeTakeFirst();
  return row?.group_absences_count === 1;
}

/**
 * No-shows and late cancellations in a row, counted back from the client's latest known outcome (at most `limit`);
 * group sessions take part when the centre counts group absences (decision 0280).
 */
export async function missedInARow(db: Conn, companyId: number, clientId: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const rows = await db
    .selectFrom('appointments')
    .select(['status', 'late_cancellation', 'appointment_date'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('status', 'in', ['completed', 'no_show']), eb.and([eb('status', '=', 'cancelled'), eb('late_cancellation', '=', 1)])]))
    .orderBy('appointment_date', 'desc')
    .limit(limit)
    .execute();
  const outcomes = rows.map((r) => ({ at: r.appointment_date, attended: r.status === 'completed' }));
  if (await groupAbsencesCount(db, companyId)) {
    const group = await db
      .selectFrom('group_attendance')
      .select(['outcome', 'starts_at'])
      .where('company_id', '=', companyId)
      .where('client_id', '=', clientId)
      .orderBy('starts_at', 'desc')
      .limit(limit)
      .execute();
    outcomes.push(...group.map((g) => ({ at: g.starts_at, attended: g.outcome === 'present' })));
    outcomes.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }
  const latest = outcomes.slice(0, limit);
  const firstAttended = latest.findIndex((o) => o.attended);
  return firstAttended === -1 ? latest.length : firstAttended;
}

/**
 * The client's completed sessions, no-shows and late cancellations from `since` (YYYY-MM-DD, the centre's dates),
 * group sessions' attendance included (decision 0280).
 */
export async function termCounts(db: Conn, companyId: number, clientId: number, since: string) {
  const own = await db
    .selectFrom('appointments')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('sessions'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'no_show').then(1).else(0).end()).as('no_shows'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'cancelled'), eb('late_cancellation', '=', 1)])).then(1).else(0).end()).as('late'),
    ])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('local_date', '>=', since)
    .executeTakeFirst();
  const group = await db
    .selectFrom('group_attendance')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('outcome', '=', 'present').then(1).else(0).end()).as('sessions'),
      eb.fn.sum<number>(eb.case().when('outcome', '=', 'absent').then(1).else(0).end()).as('no_shows'),
      eb.fn.sum<number>(eb.case().when('outcome', '=', 'late_cancellation').then(1).else(0).end()).as('late'),
    ])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('local_date', '>=', since)
    .executeTakeFirst();
  const add = (k: 'sessions' | 'no_shows' | 'late') => Number(own?.[k] ?? 0) + Number(group?.[k] ?? 0);
  return { sessions: add('sessions'), no_shows: add('no_shows'), late: add('late') };
}
