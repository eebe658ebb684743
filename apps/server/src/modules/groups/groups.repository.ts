import { type Insertable, sql } from 'kysely';
import type { DB } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import type { GroupSessionsTable, GroupsTable } from '../../db/tables';
import { orNotAvailable } from '../reports/report.repository';

// What groups and workshops read and write (decision 0277). Seats are counted on the group's row: taking one is a
// single conditional update (`seats_taken < capacity`), so concurrent sign-ups never pass the capacity, and the
// table's check refuses it even if a write forgot.

export async function insertGroup(db: DB, values: Insertable<GroupsTable>): Promise<number> {
  const row = await db.insertInto('groups').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGroupSessions(db: DB, rows: Insertable<GroupSessionsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('group_sessions').values(rows).execute();
}

function groupQuery(db: DB, companyId: number) {
  return db
    .selectFrom('groups')
    .innerJoin('categories', 'categories.id', 'groups.category_id')
    .innerJoin('users as f', 'f.id', 'groups.facilitator_id')
    .leftJoin('users as co', 'co.id', 'groups.co_facilitator_id')
    .selectAll('groups')
    .select(['categories.title as category_title', 'categories.name as category_name', 'f.name as facilitator_name', 'co.name as co_facilitator_name'])
    .where('groups.company_id', '=', companyId)
    .where('groups.status', '=', 'active');
}
export type GroupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof groupQuery>['executeTakeFirst']>>>;

export async function findGroup(db: DB, companyId: number, uuid: string): Promise<GroupRow | undefined> {
  return groupQuery(db, companyId).where('groups.uuid', '=', uuid).executeTakeFirst();
}

/** Groups a counselor facilitates (null: every group of the company, for a manager). */
export async function staffGroups(db: DB, companyId: number, counselorId: number | null): Promise<GroupRow[]> {
  let q = groupQuery(db, companyId);
  if (counselorId !== null) q = q.where((eb) => eb.or([eb('groups.facilitator_id', '=', counselorId), eb('groups.co_facilitator_id', '=', counselorId)]));
  return q.orderBy('groups.created_at', 'desc').orderBy('groups.id', 'desc').execute();
}

/** Open workshops for an audience, and closed groups the client is a member of. */
export async function clientGroups(db: DB, companyId: number, clientId: number, audience: 'students' | 'personnel'): Promise<GroupRow[]> {
  return groupQuery(db, companyId)
    .where((eb) =>
      eb.or([
        eb.and([eb('groups.kind', '=', 'workshop'), eb('groups.audience', 'in', [audience, 'both'])]),
        eb.exists(
          eb
            .selectFrom('group_members as m')
            .select('m.id')
            .whereRef('m.group_id', '=', 'groups.id')
            .where('m.client_id', '=', clientId)
            .where('m.status', '=', 'active'),
        ),
      ]),
    )
    .orderBy('groups.id', 'desc')
    .execute();
}

export async function sessionsOf(db: DB, companyId: number, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  return db.selectFrom('group_sessions').selectAll().where('company_id', '=', companyId).where('group_id', 'in', groupIds).orderBy('group_id').orderBy('session_index').execute();
}

export async function activeMembers(db: DB, companyId: number, groupId: number) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.client_id')
    .select(['users.id', 'users.name', 'users.email', 'users.user_type', 'group_members.joined_at'])
    .where('group_members.company_id', '=', companyId)
    .where('group_members.group_id', '=', groupId)
    .where('group_members.status', '=', 'active')
    .orderBy('users.name')
    .execute();
}

export async function isActiveMember(db: DB, companyId: number, groupId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('id').where('company_id', '=', companyId).where('group_id', '=', groupId).where('client_id', '=', clientId).where('status', '=', 'active').executeTakeFirst();
  return row !== undefined;
}

/** Makes the client an active member (again, after a cancellation): false when they already were one. */
export async function joinGroup(db: DB, companyId: number, groupId: number, clientId: number, addedBy: number, now: string): Promise<boolean> {
  const again = await db
    .updateTable('group_members')
    .set({ status: 'active', joined_at: now, left_at: null, added_by: addedBy })
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'cancelled')
    .executeTakeFirst();
  if (Number(again.numUpdatedRows) === 1) return true;
  const r = await db
    .insertInto('group_members')
    .values({ company_id: companyId, group_id: groupId, client_id: clientId, status: 'active', added_by: addedBy, joined_at: now, left_at: null })
    .onConflict((oc) => oc.columns(['group_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

// The waitlist of a full workshop (decision 0279).

export async function liveWaitEntry(db: DB, companyId: number, groupId: number, clientId: number) {
  return db.selectFrom('group_waitlist').selectAll().where('company_id', '=', companyId).where('group_id', '=', groupId).where('client_id', '=', clientId).where('status', 'in', ['waiting', 'offered']).executeTakeFirst();
}

export async function liveWaitEntriesOf(db: DB, companyId: number, clientId: number) {
  return db.selectFrom('group_waitlist').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).where('status', 'in', ['waiting', 'offered']).execute();
}

export async function waitingCount(db: DB, companyId: number, groupId: number): Promise<number> {
  const row = await db.selectFrom('group_waitlist').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('group_id', '=', groupId).where('status', 'in', ['waiting', 'offered']).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Adds the client to the end of the line: false when they already have a live place in it (outside a transaction). */
export async function insertWaitEntry(db: DB, values: { uuid: string; companyId: number; groupId: number; clientId: number; now: string }): Promise<boolean> {
  try {
    await db
      .insertInto('group_waitlist')
      .values({ uuid: values.uuid, company_id: values.companyId, group_id: values.groupId, client_id: values.clientId, status: 'waiting', created_at: values.now })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'group_waitlist')) return false;
    throw error;
  }
}

/** A member's sessions from `fromIso` on, of groups they are an active member of. */
export async function memberSessions(db: DB, companyId: number, clientId: number, fromIso: string) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.id').on('m.client_id', '=', clientId).on('m.status', '=', 'active'))
    .select(['g.uuid as group_uuid', 'g.name as group_name', 'g.kind', 'g.location_type', 'g.location', 's.uuid as session_uuid', 's.session_index', 's.starts_at', 's.duration_minutes'])
    .select((eb) => eb.selectFrom('group_sessions as t').select((e) => e.fn.countAll<number>().as('n')).whereRef('t.group_id', '=', 'g.id').as('total'))
    .where('s.company_id', '=', companyId)
    .where('g.status', '=', 'active')
    .where('s.status', '=', 'scheduled')
    .where('s.starts_at', '>=', fromIso)
    .orderBy('s.starts_at')
    .execute();
}

// Attendance of group sessions (decision 0280).

export async function findSession(db: DB, companyId: number, uuid: string) {
  return db
    .selectFrom('group_sessions')
    .innerJoin('groups', 'groups.id', 'group_sessions.group_id')
    .selectAll('group_sessions')
    .select(['groups.uuid as group_uuid', 'groups.facilitator_id', 'groups.co_facilitator_id'])
    .where('group_sessions.company_id', '=', companyId)
    .where('group_sessions.uuid', '=', uuid)
    .where('groups.status', '=', 'active')
    .executeTakeFirst();
}

/** The session's active members and anyone with an outcome recorded for it, with the outcome (null: none yet). */
export async function attendanceRows(db: DB, companyId: number, groupId: number, sessionId: number) {
  return db
    .selectFrom('users')
    .leftJoin('group_attendance as a', (j) => j.onRef('a.client_id', '=', 'users.id').on('a.company_id', '=', companyId).on('a.group_session_id', '=', sessionId))
    .select(['users.id as client_id', 'users.name', 'a.outcome'])
    .where((eb) =>
      eb.or([
        eb('a.id', 'is not', null),
        eb.exists(
          eb
            .selectFrom('group_members as m')
            .select('m.id')
            .whereRef('m.client_id', '=', 'users.id')
            .where('m.group_id', '=', groupId)
            .where('m.company_id', '=', companyId)
            .where('m.status', '=', 'active'),
        ),
      ]),
    )
    .orderBy('users.name')
    .execute();
}

/** Records (or corrects) one member's outcome: one statement, so two facilitators saving at once leave one row. */
export async function upsertAttendance(
  db: DB,
  values: { companyId: number; sessionId: number; clientId: number; outcome: 'present' | 'absent' | 'late_cancellation'; startsAt: string; localDate: string; by: number; now: string },
): Promise<void> {
  await db
    .insertInto('group_attendance')
    .values({
      company_id: values.companyId,
      group_session_id: values.sessionId,
      client_id: values.clientId,
      outcome: values.outcome,
      starts_at: values.startsAt,
      local_date: values.localDate,
      recorded_by: values.by,
      recorded_at: values.now,
    })
    .onConflict((oc) => oc.columns(['group_session_id', 'client_id']).doUpdateSet({ outcome: values.outcome, recorded_by: values.by, recorded_at: values.now }))
    .execute();
}

export async function readGroupSettings(db: DB, companyId: number): Promise<{ group_absences_count: boolean }> {
  const row = await db.selectFrom('settings').select('group_absences_count').where('company_id', '=', companyId).executeTakeFirst();
  return { group_absences_count: row?.group_absences_count === 1 };
}

/** Sets the site setting; the settings row exists for every company (made with it). */
export async function writeGroupSettings(db: DB, companyId: number, count: boolean, now: string): Promise<void> {
  await db.updateTable('settings').set({ group_absences_count: count ? 1 : 0, updated_at: now }).where('company_id', '=', companyId).execute();
}

// Reports (decision 0281): sessions held and attendance by category and month, workshop sign-ups by person.

/** Per category and month: sessions held (started, not cancelled), the seats they offered, outcomes recorded. */
export async function sessionsByCategoryMonth(db: DB, companyId: number, from: string, to: string, now: string) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('categories as c', 'c.id', 'g.category_id')
    .select([
      'c.title as category',
      sql<string>`substr(s.local_date, 1, 7)`.as('month'),
      sql<number | string>`count(*)`.as('sessions'),
      sql<number | string>`sum(g.capacity)`.as('seats'),
      sql<number | string>`sum((select count(*) from group_attendance a where a.group_session_id = s.id and a.outcome = 'present'))`.as('present'),
      sql<number | string>`sum((select count(*) from group_attendance a where a.group_session_id = s.id))`.as('recorded'),
    ])
    .where('s.company_id', '=', companyId)
    .where('g.status', '=', 'active')
    .where('s.status', '=', 'scheduled')
    .where('s.starts_at', '<', now)
    .where('s.local_date', '>=', from)
    .where('s.local_date', '<=', to)
    .groupBy(['c.title', sql`substr(s.local_date, 1, 7)`])
    .execute();
}

/**
 * Workshop sign-ups (still held) made from the instant `fromAt` to before `beforeAt` (the first and the day after the
 * last day of the span on the company's clock), one row per person and workshop: when, and the person's department
 * (N/A when blank) and birth date. The service gives the age group on the sign-up's day on the company's clock, which
 * SQL cannot shift to on SQLite and PostgreSQL alike (decision 0373).
 */
export async function workshopSignups(db: DB, companyId: number, fromAt: string, beforeAt: string) {
  return db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select(['m.client_id', 'm.joined_at', orNotAvailable('u.department').as('department'), 'u.birth_date'])
    .where('m.company_id', '=', companyId)
    .where('g.kind', '=', 'workshop')
    .where('m.status', '=', 'active')
    .where('m.joined_at', '>=', fromAt)
    .where('m.joined_at', '<', beforeAt)
    .execute();
}

/** Cancels an active group (conditional: false when it was already cancelled). */
export async function cancelGroupRow(db: DB, companyId: number, groupId: number, now: string): Promise<boolean> {
  const r = await db.updateTable('groups').set({ status: 'cancelled', updated_at: now }).where('company_id', '=', companyId).where('id', '=', groupId).where('status', '=', 'active').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Cancels the group's sessions still to come (each a new calendar version); returns them, earliest first. */
export async function cancelComingSessions(db: DB, companyId: number, groupId: number, now: string): Promise<{ id: number; starts_at: string }[]> {
  const rows = await db
    .updateTable('group_sessions')
    .set((eb) => ({ status: 'cancelled', ics_sequence: eb('ics_sequence', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', now)
    .returning(['id', 'starts_at'])
    .execute();
  return rows.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** Cancels one session still to come, a new calendar version (conditional: false when it has started or was already cancelled). */
export async function cancelSessionRow(db: DB, companyId: number, sessionId: number, now: string): Promise<boolean> {
  const r = await db.updateTable('group_sessions').set((eb) => ({ status: 'cancelled', ics_sequence: eb('ics_sequence', '+', 1) })).where('company_id', '=', companyId).where('id', '=', sessionId).where('status', '=', 'scheduled').where('starts_at', '>', now).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
