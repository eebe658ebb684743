import type { AppointmentTab, ClientUserType } from '@kalinga/contracts/appointments';
import { signalChange } from '../../db/change-signals';
import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database';
import type { AppointmentRow, AppointmentsTable, Database, UserRow } from '../../db/tables';
import { likePattern } from '../../lib/pagination';
import { compiledShape, param } from '../../lib/query-shapes';

// Over 300 lines and still one file: every query of the appointments table, the list's prepared shapes and the row
// reads and writes, share the one view (`viewOf`: the appointment with its people and category) and the scope
// conditions; splitting them would export those internals for the sake of a line count.

type Conn = DB | Kysely<Database>;

/** A filtered list's total as counted, with what it holds for (appointment-totals.ts keeps it while it holds). */
export interface CountedTotal {
  total: number;
  version: number;
  /** The `now` of the count: tab totals hold from here… */
  countedAt: string;
  /** …up to this instant (inclusive); null = until the next write. */
  validThrough: string | null;
}

/** Whose appointments a caller sees (product-rules.md#appointments): a counselor's own, a client's own, or (managers) all. */
export type Scope = { kind: 'all' } | { kind: 'counselor'; userId: number } | { kind: 'client'; userId: number };

export interface AppointmentFilters {
  date?: string;
  user_type?: ClientUserType;
  search?: string;
  counselor_id?: number;
}

/** An appointment with the names replies carry. */
export interface AppointmentView extends AppointmentRow {
  counselor_name: string;
  counselor_avatar: string | null;
  client_name: string;
  client_avatar: string | null;
  client_student_id: string | null;
  category_title: string | null;
  series_uuid: string | null;
  series_total: number | null;
}

type AppointmentEB = ExpressionBuilder<Database, 'appointments'>;

/**
 * The values a list's conditions use. Which keys are set decides the SQL text; the values themselves
 * may be placeholders of a compiled shape (lib/query-shapes.ts).
 */
interface ListValues {
  companyId: number;
  /** The counselor's or client's id for those scopes. */
  userId?: number;
  date?: string;
  user_type?: ClientUserType;
  counselor_id?: number;
  /** likePattern() of the search text. */
  pattern?: string;
  /** Only for a tab (the others do not depend on the clock). */
  nowIso?: string;
}

function listValues(companyId: number, scope: Scope, filters: AppointmentFilters, tab: AppointmentTab | undefined, nowIso: string): ListValues {
  return {
    companyId,
    userId: scope.kind === 'all' ? undefined : scope.userId,
    date: filters.date || undefined,
    user_type: filters.user_type || undefined,
    counselor_id: filters.counselor_id || undefined,
    pattern: filters.search ? likePattern(filters.search) : undefined,
    nowIso: tab ? nowIso : undefined,
  };
}

/** The shape key of a list's conditions: everything that changes their SQL text. */
function listShape(kind: Scope['kind'], v: ListValues, tab: AppointmentTab | undefined): string {
  return [kind, tab ?? '', v.date === undefined ? '' : 'd', v.user_type === undefined ? '' : 'u', v.counselor_id === undefined ? '' : 'c', v.pattern === undefined ? '' : 's'].join(':');
}

/** The same keys as `v`, each a placeholder named after it. */
function placeholders(v: ListValues): ListValues {
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) if (value !== undefined) out[k] = param(k);
  return out as unknown as ListValues;
}

function scopeCondition(eb: AppointmentEB, kind: Scope['kind'], userId: number | undefined): Expression<SqlBool> | null {
  if (kind === 'counselor') return eb('appointments.counselor_id', '=', userId as number);
  if (kind === 'client') return eb('appointments.client_id', '=', userId as number);
  return null;
}

/** Search matches the other party's name: a counselor searches clients, a client counselors, a manager both. */
function searchCondition(eb: AppointmentEB, kind: Scope['kind'], pattern: string): Expression<SqlBool> {
  const namesLike = eb.selectFrom('users').select('users.id').where(sql<SqlBool>`lower(users.name) like ${pattern} escape '\\'`);
  if (kind === 'counselor') return eb('appointments.client_id', 'in', namesLike);
  if (kind === 'client') return eb('appointments.counselor_id', 'in', namesLike);
  return eb.or([eb('appointments.client_id', 'in', namesLike), eb('appointments.counselor_id', 'in', namesLike)]);
}

/** The tabs (product-rules.md#appointments): pending and upcoming are live and not yet past; history is finished or past. */
function tabCondition(eb: AppointmentEB, tab: AppointmentTab, nowIso: string): Expression<SqlBool> {
  if (tab === 'pending') return eb.and([eb('appointments.status', '=', 'pending'), eb('appointments.appointment_date', '>=', nowIso)]);
  if (tab === 'upcoming') return eb.and([eb('appointments.status', '=', 'confirmed'), eb('appointments.appointment_date', '>=', nowIso)]);
  return eb.or([eb('appointments.status', 'in', ['completed', 'cancelled', 'no_show']), eb('appointments.appointment_date', '<', nowIso)]);
}

function filterConditions(eb: AppointmentEB, kind: Scope['kind'], v: ListValues): Expression<SqlBool> {
  const conds: Expression<SqlBool>[] = [eb('appointments.company_id', '=', v.companyId)];
  const s = scopeCondition(eb, kind, v.userId);
  if (s) conds.push(s);
  if (v.date !== undefined) conds.push(eb('appointments.local_date', '=', v.date));
  if (v.user_type !== undefined) conds.push(eb('appointments.user_type', '=', v.user_type));
  if (v.counselor_id !== undefined) conds.push(eb('appointments.counselor_id', '=', v.counselor_id));
  if (v.pattern !== undefined) conds.push(searchCondition(eb, kind, v.pattern));
  return eb.and(conds);
}

/**
 * One page of rows in the tab's order. The page of ids comes from the (company, …) indexes in a
 * subquery; only those rows are then joined by primary key to their names. (A flat
 * `company_id = ? and id in (…)` let SQLite walk the company's index instead of the ten keys.)
 * Compiled once per shape (scope kind, tab, which filters): it runs on every list request. Also
 * returns the company's appointment_versions counter, read in the same statement (appointmentVersion).
 */
export async function listAppointmentPage(
  db: Conn,
  companyId: number,
  scope: Scope,
  filters: AppointmentFilters,
  tab: AppointmentTab | undefined,
  nowIso: string,
  limit: number,
  offset: number,
): Promise<{ rows: AppointmentView[]; version: number }> {
  const values = listValues(companyId, scope, filters, tab, nowIso);
  const build = () => {
    const v = placeholders(values);
    const direction = tab === 'pending' || tab === 'upcoming' ? 'asc' : 'desc';
    const page = db
      .selectFrom('appointments')
      .select('appointments.id')
      .where((eb) => listWhere(eb, scope.kind, v, tab))
      .orderBy('appointments.appointment_date', direction)
      .orderBy('appointments.id', direction)
      .limit(param<number>('limit'))
      .offset(param<number>('offset'));
    return viewOf(db, v.companyId, page)
      .select((eb) => eb.selectFrom('appointment_versions').select('version').where('company_id', '=', v.companyId).as('list_version'))
      .orderBy('appointments.appointment_date', direction)
      .orderBy('appointments.id', direction);
  };
  const query = compiledShape(db, `listAppointmentPage:${listShape(scope.kind, values, tab)}`, build, { ...values, limit, offset });
  const { rows } = await db.executeQuery(query);
  // The company's version comes with the rows (one round trip fewer); an empty page reads it alone.
  const version = rows.length > 0 ? (rows[0].list_version ?? 0) : await appointmentVersion(db, companyId);
  return { rows, version };
}

/** The company's appointment_versions counter (0 before its first appointment write). */
export async function appointmentVersion(db: Conn, companyId: number): Promise<number> {
  const query = compiledShape(db, 'appointmentVersion', () => db.selectFrom('appointment_versions').select('version').where('company_id', '=', param<number>('companyId')), { companyId });
  const [row] = (await db.executeQuery(query)).rows;
  return row?.version ?? 0;
}

/**
 * The filtered total of a list (the same conditions as its page), with the version counter read in
 * the same statement (so the same snapshot) and, for a tab, the next instant at which the clock
 * moves a live appointment out of pending/upcoming: each an index seek on (company, status, date).
 */
export async function countAppointmentList(db: Conn, companyId: number, scope: Scope, filters: AppointmentFilters, tab: AppointmentTab | undefined, nowIso: string): Promise<CountedTotal> {
  const nextStart = (status: 'pending' | 'confirmed') =>
    db
      .selectFrom('appointments')
      .select((eb) => eb.fn.min('appointments.appointment_date').as('d'))
      .where('appointments.company_id', '=', companyId)
      .where('appointments.status', '=', status)
      .where('appointments.appointment_date', '>=', nowIso);
  const row = await db
    .selectFrom('appointments')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.selectFrom('appointment_versions').select('version').where('company_id', '=', companyId).as('version'),
      ...(tab ? [nextStart('pending').as('next_pending'), nextStart('confirmed').as('next_confirmed')] : []),
    ])
    .where((eb) => listWhere(eb, scope.kind, listValues(companyId, scope, filters, tab, nowIso), tab))
    .executeTakeFirstOrThrow();
  const next = [(row as { next_pending?: string | null }).next_pending, (row as { next_confirmed?: string | null }).next_confirmed].filter((d): d is string => typeof d === 'string').sort();
  return { total: Number(row.total), version: row.version ?? 0, countedAt: nowIso, validThrough: next[0] ?? null };
}

function listWhere(eb: AppointmentEB, kind: Scope['kind'], v: ListValues, tab: AppointmentTab | undefined): Expression<SqlBool> {
  return tab ? eb.and([filterConditions(eb, kind, v), tabCondition(eb, tab, v.nowIso as string)]) : filterConditions(eb, kind, v);
}

type IdQuery = SelectQueryBuilder<Database, 'appointments', { id: number }>;

/**
 * The appointments whose ids `ids` selects (a company-scoped query), joined by primary key to the
 * names replies carry. Keeping the selection in a subquery makes every plan start from those few ids.
 */
function viewOf(db: Conn, companyId: number, ids: IdQuery) {
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('appointments', 'appointments.id', 'page.id')
    .innerJoin('users as counselor', 'counselor.id', 'appointments.counselor_id')
    .innerJoin('users as client', 'client.id', 'appointments.client_id')
    .leftJoin('categories', (j) => j.onRef('categories.id', '=', 'appointments.category_id').on('categories.company_id', '=', companyId))
    .leftJoin('appointment_series as series', 'series.id', 'appointments.series_id')
    .selectAll('appointments')
    .select([
      'counselor.name as counselor_name',
      'counselor.avatar as counselor_avatar',
      'client.name as client_name',
      'client.avatar as client_avatar',
      'client.student_id as client_student_id',
      'categories.title as category_title',
      'series.uuid as series_uuid',
      'series.total as series_total',
    ]);
}

function idsOf(db: Conn, companyId: number): IdQuery {
  return db.selectFrom('appointments').select('appointments.id').where('appointments.company_id', '=', companyId);
}

/** Rows for ids, in the order of the ids. */
export async function findAppointmentsByIds(db: Conn, companyId: number, ids: readonly number[]): Promise<AppointmentView[]> {
  if (ids.length === 0) return [];
  const rows = await viewOf(db, companyId, idsOf(db, companyId).where('appointments.id', 'in', [...ids])).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

/** One appointment the caller may see, or undefined (another company's, or outside their scope). */
export async function findAppointmentByUuid(db: Conn, companyId: number, scope: Scope, uuid: string): Promise<AppointmentView | undefined> {
  let ids = idsOf(db, companyId).where('appointments.uuid', '=', uuid);
  if (scope.kind === 'counselor') ids = ids.where('appointments.counselor_id', '=', scope.userId);
  if (scope.kind === 'client') ids = ids.where('appointments.client_id', '=', scope.userId);
  return viewOf(db, companyId, ids).executeTakeFirst();
}

export type NewAppointment = Omit<AppointmentsTable, 'id'>;

export async function insertAppointment(db: Conn, values: NewAppointment): Promise<number> {
  const row = await db.insertInto('appointments').values(values).returning('id').executeTakeFirstOrThrow();
  await signalChange(db, values.company_id, 'appointments');
  return row.id;
}

/**
 * Writes changes only while the appointment still has the status the caller decided on; false when
 * another request changed (or deleted) it first (docs/decisions/0075-atomic-state-changes.md).
 */
export async function updateAppointmentRow(db: Conn, companyId: number, id: number, expectedStatus: AppointmentRow['status'], changes: Partial<NewAppointment>): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows) === 1;
  if (updated) await signalChange(db, companyId, 'appointments');
  return updated;
}

export async function deleteAppointmentRow(db: Conn, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('appointments').where('id', '=', id).where('company_id', '=', companyId).execute();
  await signalChange(db, companyId, 'appointments');
}

export async function insertStatusChange(db: Conn, companyId: number, appointmentId: number, from: string | null, to: string, by: number | null, at: string): Promise<void> {
  await db.insertInto('appointment_status_changes').values({ company_id: companyId, appointment_id: appointmentId, from_status: from, to_status: to, changed_by: by, changed_at: at }).execute();
}

export async function listStatusChanges(db: Conn, companyId: number, appointmentId: number) {
  return db
    .selectFrom('appointment_status_changes as c')
    .leftJoin('users', 'users.id', 'c.changed_by')
    .select(['c.id', 'c.from_status', 'c.to_status', 'c.changed_by', 'c.changed_at', 'c.reason', 'c.previous_date', 'c.new_date', 'users.name as changed_by_name'])
    .where('c.company_id', '=', companyId)
    .where('c.appointment_id', '=', appointmentId)
    .orderBy('c.changed_at')
    .orderBy('c.id')
    .execute();
}

/** A student or personnel member of the company, or undefined. */
export async function findClient(db: Conn, companyId: number, userId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .selectAll('users')
    .where('users.id', '=', userId)
    .where('users.user_type', 'in', ['student', 'personnel'])
    .executeTakeFirst();
}

export async function categoryExists(db: Conn, companyId: number, categoryId: number): Promise<boolean> {
  // Appointments are counselling: a lending category is not one to book in (decision 0121).
  const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).where('company_id', '=', companyId).where('kind', '=', 'counselling').executeTakeFirst();
  return row !== undefined;
}

export async function emailExists(db: Conn, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** When each of the company's appointments `ids` is and its counselor's name (null when the account is gone), by id. */
export async function bookingsOf(db: Conn, companyId: number, ids: readonly number[]): Promise<Map<number, { appointment_date: string; counselor_name: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('appointments as b')
    .leftJoin('users as bc', 'bc.id', 'b.counselor_id')
    .select(['b.id', 'b.appointment_date', 'bc.name as counselor_name'])
    .where('b.company_id', '=', companyId)
    .where('b.id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { appointment_date: r.appointment_date, counselor_name: r.counselor_name }]));
}
