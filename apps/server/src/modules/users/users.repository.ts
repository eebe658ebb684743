import type { UserType } from '@kalinga/contracts/common';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/tables';
import { likePattern, offsetOf } from '../../lib/pagination';
import { authChanged } from '../../db/auth-signals';

export interface UserListFilters {
  search?: string;
  role?: string;
  user_type?: UserType;
  status?: 'active' | 'inactive';
  page: number;
  perPage: number;
}

/** Members of one company only: every query below starts from company_user (rule 5). */
function membersOf(db: DB, companyId: number) {
  return db.selectFrom('users').innerJoin('company_user', 'company_user.user_id', 'users.id').where('company_user.company_id', '=', companyId);
}

function filtered(db: DB, companyId: number, f: Omit<UserListFilters, 'page' | 'perPage'>) {
  let q = membersOf(db, companyId);
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.name']), 'like', pattern),
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
        eb(eb.fn('lower', ['users.student_id']), 'like', pattern),
      ]),
    );
  }
  if (f.user_type) q = q.where('users.user_type', '=', f.user_type);
  if (f.status) q = q.where('users.status', '=', f.status);
  if (f.role) {
    const role = f.role;
    q = q.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('role_user')
        .innerJoin('roles', 'roles.id', 'role_user.role_id')
        .select('role_user.user_id')
        .where('roles.company_id', '=', companyId)
        .where('roles.name', '=', role),
    );
  }
  return q;
}

/** One page of a company's members, newest first, with the total for the pagination meta. */
export async function listUsers(db: DB, companyId: number, f: UserListFilters): Promise<{ rows: UserRow[]; total: number }> {
  const base = filtered(db, companyId, f);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('users')
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(f.perPage)
    .offset(offsetOf(f.page, f.perPage))
    .execute();
  return { rows, total: Number(countRow.n) };
}

/** The company's active counselors by name: the booking form's picker. */
export async function listActiveCounselors(db: DB, companyId: number, page: number, perPage: number) {
  const base = membersOf(db, companyId).where('users.user_type', '=', 'counselor').where('users.status', '=', 'active');
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['users.id', 'users.name'])
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(perPage)
    .offset(offsetOf(page, perPage))
    .execute();
  return { rows, total: Number(countRow.n) };
}

/** Active members matching name, student ID or email (case-insensitive), optionally of one role or user type. */
export async function searchMembers(db: DB, companyId: number, query: string, role: string | undefined, limit = 20) {
  const pattern = likePattern(query);
  let q = membersOf(db, companyId)
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.name']), 'like', pattern),
        eb(eb.fn('lower', ['users.student_id']), 'like', pattern),
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
      ]),
    );
  if (role) {
    // "student" means a student by user type or by role: both are how the centre marks its students.
    q = q.where((eb) =>
      eb.or([
        eb('users.user_type', '=', role as UserType),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('role_user')
            .innerJoin('roles', 'roles.id', 'role_user.role_id')
            .select('role_user.user_id')
            .where('roles.company_id', '=', companyId)
            .where('roles.name', '=', role),
        ),
      ]),
    );
  }
  return q.select(['users.id', 'users.name', 'users.student_id']).orderBy('users.name').orderBy('users.id').limit(limit).execute();
}

/** Sets a user's status only while it is still `from`; false when another request changed it first. */
export async function setUserStatus(db: DB, userId: number, from: UserRow['status'], to: UserRow['status'], now: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ status: to, updated_at: now }).where('id', '=', userId).where('status', '=', from).executeTakeFirst();
  await authChanged(db, { kind: 'user', id: userId });
  return Number(result.numUpdatedRows) === 1;
}

export async function findMember(db: DB, companyId: number, userId: number): Promise<UserRow | undefined> {
  return membersOf(db, companyId).selectAll('users').where('users.id', '=', userId).executeTakeFirst();
}

/** Names among `names` that are not roles of the company. */
export async function unknownRoles(db: DB, companyId: number, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const found = await db.selectFrom('roles').select('name').where('company_id', '=', companyId).where('name', 'in', [...names]).execute();
  const known = new Set(found.map((r) => r.name));
  return names.filter((n) => !known.has(n));
}

/** The ids of the company's members who hold a permission through any role (a subquery for `where id in`). */
function holdersOf(db: DB, companyId: number, permission: string) {
  return db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .innerJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('role_user.user_id')
    .where('roles.company_id', '=', companyId)
    .where('permissions.name', '=', permission);
}

/** How many active members of the company hold a permission through any role. */
export async function countActiveHolders(db: DB, companyId: number, permission: string): Promise<number> {
  const row = await membersOf(db, companyId)
    .where('users.status', '=', 'active')
    .where('users.id', 'in', holdersOf(db, companyId, permission))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The active members of the company who hold a permission through any role: who is told on its behalf. */
export async function activeHolders(db: DB, companyId: number, permission: string): Promise<{ user_id: number; name: string; email: string }[]> {
  return membersOf(db, companyId)
    .where('users.status', '=', 'active')
    .where('users.id', 'in', holdersOf(db, companyId, permission))
    .select(['users.id as user_id', 'users.name', 'users.email'])
    .orderBy('users.id')
    .execute();
}

/** Appointments of this company in which the user takes part, as client or counselor. */
export async function countAppointmentsOfUser(db: DB, companyId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('client_id', '=', userId), eb('counselor_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Groups of this company (any status: a cancelled group is history) that the user leads or co-facilitates. */
export async function countGroupsFacilitatedBy(db: DB, companyId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('facilitator_id', '=', userId), eb('co_facilitator_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes a user from one company: their roles, schedule and excluded dates there, and the membership.
 * When no membership is left the account itself goes (it could not sign in anywhere). Call inside a transaction.
 */
export async function removeMembership(db: DB, companyId: number, userId: number): Promise<void> {
  const companyRoleIds = db.selectFrom('roles').select('id').where('company_id', '=', companyId);
  await db.deleteFrom('role_user').where('user_id', '=', userId).where('role_id', 'in', companyRoleIds).execute();
  await db.deleteFrom('counselor_schedules').where('company_id', '=', companyId).where('counselor_id', '=', userId).execute();
  await db.deleteFrom('excluded_dates').where('company_id', '=', companyId).where('counselor_id', '=', userId).execute();
  const removed = await db
    .deleteFrom('company_user')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .returning('is_default')
    .executeTakeFirst();
  const others = await db.selectFrom('company_user').select(['company_id', 'is_default']).where('user_id', '=', userId).orderBy('company_id').execute();
  if (others.length === 0) {
    await db.deleteFrom('users').where('id', '=', userId).execute();
  } else if (removed?.is_default === 1 && !others.some((o) => o.is_default === 1)) {
    await db.updateTable('company_user').set({ is_default: 1 }).where('user_id', '=', userId).where('company_id', '=', others[0].company_id).execute();
  }
  await authChanged(db, { kind: 'user', id: userId });
}

/** Every active counselor of the company, by id (an urgent case's or a freed slot's recipients). */
export async function activeCounselorIds(db: DB, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_user as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select('u.id')
    .where('cu.company_id', '=', companyId)
    .where('u.user_type', '=', 'counselor')
    .where('u.status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

/** Those of `ids` who are counselors of the company. */
export async function counselorIdsAmong(db: DB, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('company_user as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select('u.id')
    .where('cu.company_id', '=', companyId)
    .where('u.id', 'in', ids)
    .where('u.user_type', '=', 'counselor')
    .execute();
  return rows.map((r) => r.id);
}

/** The names of those of `ids` who are members of the company, by id (one query for a whole list). */
export async function memberNames(db: DB, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await membersOf(db, companyId).select(['users.id', 'users.name']).where('users.id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
