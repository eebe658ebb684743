import type { AccessKind, AccessVia } from '@kalinga/contracts/client-access-constants';
import type { AccessLogQuery } from '@kalinga/contracts/client-access';
import type { ExpressionBuilder, Insertable, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database';
import type { AppointmentsTable, ClientAccessLogTable, Database } from '../../db/tables';
import { likePattern, offsetOf } from '../../lib/pagination';

// The SQL of the access model (decision 0200): care teams, supervision, break-the-glass grants (0203), the access
// log's rows and reading them (0204).

/**
 * The clients a counselor is in the care team of: an appointment, an urgent case they took, or a referral to them.
 * Facilitating a group is not among them: it opens that group's content only (decision 0312).
 */
function careTeamOf(db: DB, companyId: number, counselorIds: SelectQueryBuilder<Database, 'users', { id: number }> | number) {
  const appointments = db.selectFrom('appointments as a').select('a.client_id').where('a.company_id', '=', companyId).where((eb) => countsForCareTeam(eb, companyId));
  const cases = db.selectFrom('urgent_cases').select('client_id').where('company_id', '=', companyId);
  const referrals = db.selectFrom('client_referrals').select('client_id').where('company_id', '=', companyId);
  if (typeof counselorIds === 'number') {
    return appointments.where('a.counselor_id', '=', counselorIds).union(cases.where('acknowledged_by', '=', counselorIds)).union(referrals.where('to_counselor_id', '=', counselorIds));
  }
  return appointments.where('a.counselor_id', 'in', counselorIds).union(cases.where('acknowledged_by', 'in', counselorIds)).union(referrals.where('to_counselor_id', 'in', counselorIds));
}

/** The statuses that say an appointment was confirmed or took place (its status history holds one of them). */
const HELD_STATUSES = ['confirmed', 'completed', 'no_show'] as const;

/**
 * Whether appointment `a` puts its counselor in the client's care team (decision 0369): any appointment does, but one
 * the counselor booked themself that was cancelled before it was ever confirmed or took place. Booked by the client
 * or anyone else (a manager, triage, the waitlist's offer taken by the client), or by nobody known, it counts.
 * Written as one condition of the row so the list filter and the single read stay the same query.
 */
function countsForCareTeam(eb: ExpressionBuilder<Database & { a: AppointmentsTable }, 'a'>, companyId: number) {
  const held = eb
    .selectFrom('appointment_status_changes as h')
    .select('h.id')
    .whereRef('h.appointment_id', '=', 'a.id')
    .where('h.company_id', '=', companyId)
    .where('h.to_status', 'in', HELD_STATUSES);
  return eb.or([eb('a.status', '<>', 'cancelled'), eb('a.created_by', 'is', null), eb('a.created_by', '<>', eb.ref('a.counselor_id')), eb.exists(held)]);
}

/** The counselors this one supervises (their clients are readable by the supervisor). */
function superviseesOf(db: DB, supervisorId: number) {
  return db.selectFrom('users').select('id').where('clinical_supervisor_id', '=', supervisorId).where('user_type', '=', 'counselor');
}

/** The live break-the-glass grants of a counselor: subquery of client ids. */
function grantedClients(db: DB, companyId: number, counselorId: number, now: string) {
  return db
    .selectFrom('break_glass_grants')
    .select('client_id')
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('expires_at', '>', now)
    .where('client_id', 'is not', null)
    .$narrowType<{ client_id: number }>();
}

/** The client ids the viewer reads: care team, supervised counselors' clients, live grants (a subquery). */
export function readableClientIdsQuery(db: DB, companyId: number, viewerId: number, now: string) {
  return careTeamOf(db, companyId, viewerId)
    .union(careTeamOf(db, companyId, superviseesOf(db, viewerId)))
    .union(grantedClients(db, companyId, viewerId, now));
}

async function contains(db: DB, team: ReturnType<typeof careTeamOf>, clientId: number): Promise<boolean> {
  return (await db.selectFrom(team.as('t')).select('t.client_id').where('t.client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

/** Whether the counselor is in the client's care team. */
export async function inCareTeam(db: DB, companyId: number, counselorId: number, clientId: number): Promise<boolean> {
  return contains(db, careTeamOf(db, companyId, counselorId), clientId);
}

/** Whether a counselor this one supervises is in the client's care team. */
export async function inSupervisedCareTeam(db: DB, companyId: number, supervisorId: number, clientId: number): Promise<boolean> {
  return contains(db, careTeamOf(db, companyId, superviseesOf(db, supervisorId)), clientId);
}

/** A client (student or personnel) who is a member of the company. */
export async function findClientOf(db: DB, companyId: number, clientId: number): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name'])
    .where('users.id', '=', clientId)
    .where('users.user_type', 'in', ['student', 'personnel'])
    .executeTakeFirst();
}

/** Appends rows to the access log (in chunks, under SQLite's bound-parameter limit for a long list). */
export async function insertAccessRows(db: DB, rows: Insertable<ClientAccessLogTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('client_access_log').values(rows.slice(i, i + 500)).execute();
}

export async function breakGlassHours(db: DB, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('break_glass_hours').where('company_id', '=', companyId).executeTakeFirst();
  return row?.break_glass_hours ?? 24;
}

/** The counselor's live grant for the client, if any. */
export async function liveGrant(db: DB, companyId: number, counselorId: number, clientId: number, now: string) {
  return db
    .selectFrom('break_glass_grants')
    .select(['id', 'client_id', 'reason', 'created_at', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('client_id', '=', clientId)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertGrant(db: DB, row: { company_id: number; counselor_id: number; client_id: number; reason: string; created_at: string; expires_at: string }) {
  return db.insertInto('break_glass_grants').values(row).returning(['id', 'client_id', 'reason', 'created_at', 'expires_at']).executeTakeFirstOrThrow();
}

export async function insertAccessRow(db: DB, row: { company_id: number; viewer_id: number; client_id: number; kind: AccessKind; via: AccessVia; grant_id: number | null; at: string }): Promise<void> {
  await db.insertInto('client_access_log').values(row).execute();
}

/** The filters as instants: `from` and `to` are the centre's days, `to` included. */
export interface AccessLogFilters extends Pick<AccessLogQuery, 'person' | 'client' | 'kind'> {
  fromAt?: string;
  beforeAt?: string;
}

function filtered(db: DB, companyId: number, f: AccessLogFilters) {
  let q = db
    .selectFrom('client_access_log as l')
    .leftJoin('users as v', 'v.id', 'l.viewer_id')
    .leftJoin('users as c', 'c.id', 'l.client_id')
    .leftJoin('break_glass_grants as g', 'g.id', 'l.grant_id')
    .where('l.company_id', '=', companyId);
  if (f.person) q = q.where((eb) => eb(eb.fn('lower', ['v.name']), 'like', likePattern(f.person!)));
  if (f.client) q = q.where((eb) => eb(eb.fn('lower', ['c.name']), 'like', likePattern(f.client!)));
  if (f.kind) q = q.where('l.kind', '=', f.kind);
  if (f.fromAt) q = q.where('l.at', '>=', f.fromAt);
  if (f.beforeAt) q = q.where('l.at', '<', f.beforeAt);
  return q;
}

const COLUMNS = ['l.id', 'l.at', 'l.viewer_id', 'v.name as viewer_name', 'l.client_id', 'c.name as client_name', 'l.kind', 'l.via', 'g.reason'] as const;

/** One page of the company's access log, newest first, and how many entries match. */
export async function accessLogPage(db: DB, companyId: number, f: AccessLogFilters, page: number, perPage: number) {
  const total = await filtered(db, companyId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered(db, companyId, f).select(COLUMNS).orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute();
  return { rows, total: Number(total.n) };
}

/** Every matching entry for the CSV, newest first, at most `limit`. */
export async function accessLogRows(db: DB, companyId: number, f: AccessLogFilters, limit: number) {
  return filtered(db, companyId, f).select(COLUMNS).orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
}

/** One page of the company's clinical grants (decision 0202), newest first, and how many there are. */
export async function clinicalGrantsPage(db: DB, companyId: number, page: number, perPage: number) {
  const base = db
    .selectFrom('clinical_grants as g')
    .leftJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('users as b', 'b.id', 'g.granted_by')
    .where('g.company_id', '=', companyId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['g.id', 'g.at', 'u.name as user_name', 'b.name as granted_by_name', 'g.what', 'g.what_key', 'g.what_values'])
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(perPage)
    .offset(offsetOf(page, perPage))
    .execute();
  return { rows, total: Number(total.n) };
}
