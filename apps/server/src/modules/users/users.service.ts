import { birthDateProblem, type CreateUserBody, type StudentOption, type UpdateUserBody, type User, type UserOption, type UserSearchQuery, type UsersQuery } from '@kalinga/contracts/users';
import { todayIn } from '@kalinga/contracts/zone-time';
import type { PaginationMeta } from '@kalinga/contracts/common';
import { isOfferedRole, unofferedRoleMessage } from '@kalinga/contracts/role-constants';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { lockCompany, lockCounselors } from '../../db/locks';
import type { UserRow } from '../../db/tables';
import { nowIso } from '../../lib/clock';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import { commonPasswordMessage, isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/passwords';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { publicFileUrl } from '../../lib/images';
import { findUserByEmail, insertUser, updateUser as updateUserRow } from '../auth/user.repository';
import { deleteTokensOfUser } from '../auth/token.repository';
import { accessOfUsers, addMember, setUserRoles } from '../companies/company.repository';
import { guardSupervision, guardUserAccessChange, recordPasswordSet } from './clinical-access';
import {
  countActiveHolders,
  countAppointmentsOfUser,
  countGroupsFacilitatedBy,
  findMember,
  listActiveCounselors,
  listUsers,
  removeMembership,
  searchMembers,
  setUserStatus,
  unknownRoles,
} from './users.repository';
import { hasGroupAttendance, leaveEveryGroup } from '../group-seats/seats';

export const MANAGE_USERS = 'manage users';
export const LAST_MANAGER = "The centre's last user with 'manage users' cannot lose it. Give it to someone else first.";
export const HAS_APPOINTMENTS = 'This user has appointments and cannot be deleted. Deactivate the account instead.';
export const FACILITATES_GROUPS = 'This counselor facilitates groups and cannot be deleted. Deactivate the account instead.';
export const ATTENDED_GROUPS = 'This user has group attendance on record and cannot be deleted. Deactivate the account instead.';
export const EMAIL_TAKEN = 'The email has already been taken.';

function toUser(row: UserRow, access: { roles: string[]; permissions: string[] }): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: publicFileUrl(row.avatar),
    student_id: row.student_id,
    user_type: row.user_type,
    department: row.department,
    birth_date: row.birth_date,
    roles: access.roles,
    permissions: access.permissions,
    status: row.status,
    created_at: row.created_at,
    is_trainee: row.is_trainee === 1,
    clinical_supervisor_id: row.clinical_supervisor_id,
  };
}

async function loadUser(db: DB, companyId: number, userId: number): Promise<User> {
  const row = await findMember(db, companyId, userId);
  if (!row) throw notFound('User');
  const access = await accessOfUsers(db, companyId, [row.id]);
  return toUser(row, access.get(row.id)!);
}

/**
 * GET /api/users. Managers get the full, filterable list; any other member may only ask for
 * `user_type=counselor` and then sees id and name of the active counselors (the booking form's picker).
 */
export async function listUsersFor(
  db: DB,
  auth: AuthContext,
  query: UsersQuery,
): Promise<{ data: User[] | UserOption[]; meta: PaginationMeta }> {
  if (!auth.permissions.has(MANAGE_USERS)) {
    if (query.user_type !== 'counselor') throw forbidden();
    const { rows, total } = await listActiveCounselors(db, auth.companyId, query.page, query.per_page);
    return { data: rows, meta: paginationMeta(query.page, query.per_page, total) };
  }
  const { rows, total } = await listUsers(db, auth.companyId, {
    search: query.search,
    role: query.role,
    user_type: query.user_type,
    status: query.status,
    page: query.page,
    perPage: query.per_page,
  });
  const access = await accessOfUsers(db, auth.companyId, rows.map((r) => r.id));
  return { data: rows.map((r) => toUser(r, access.get(r.id)!)), meta: paginationMeta(query.page, query.per_page, total) };
}

/** GET /api/users/search: counselors and managers look up the company's students (404 when none match). */
export async function searchUsers(db: DB, auth: AuthContext, query: UserSearchQuery): Promise<StudentOption[]> {
  if (!isCounselor(auth) && !auth.permissions.has('manage appointments') && !auth.permissions.has(MANAGE_USERS)) throw forbidden();
  const rows = await searchMembers(db, auth.companyId, query.query, query.role);
  if (rows.length === 0) throw new HttpError(404, query.role === 'student' ? 'No students found' : 'No users found');
  return rows;
}

/** Runs inside the write's transaction: undoes the write when it would leave the company without a manager. */
export async function assertManagerRemains(db: DB, companyId: number, field = 'roles'): Promise<void> {
  if ((await countActiveHolders(db, companyId, MANAGE_USERS)) === 0) throw unprocessable({ [field]: [LAST_MANAGER] }, LAST_MANAGER);
}

/** The 422 messages for the roles of `roles` that are never given (landlord, tenant) and the user does not hold already. */
function refusedRoles(roles: string[], held: readonly string[]): string[] {
  return roles.filter((r) => !isOfferedRole(r) && !held.includes(r)).map(unofferedRoleMessage);
}

/**
 * The body's rule the shared schema cannot check, as it knows no zone: a birth date is not after the centre's today
 * (decision 0373). Refused before anything is read, as the schema's rules are.
 */
function assertBirthDateNotAhead(auth: AuthContext, birthDate: string | null | undefined): void {
  const problem = birthDateProblem(birthDate, todayIn(auth.company.timezone));
  if (problem) throw unprocessable({ birth_date: [problem] });
}

export async function createUser(app: FastifyInstance, auth: AuthContext, body: CreateUserBody): Promise<User> {
  assertBirthDateNotAhead(auth, body.birth_date);
  const email = body.email.toLowerCase();
  const roles = [...new Set(body.roles)];
  const errors: Record<string, string[]> = {};
  if (await findUserByEmail(app.db, email)) errors.email = [EMAIL_TAKEN];
  if (isCommonPassword(body.password, email)) errors.password = [commonPasswordMessage('password')];
  const unknown = await unknownRoles(app.db, auth.companyId, roles);
  if (unknown.length > 0) errors.roles = unknown.map((n) => `The role "${n}" does not exist.`);
  else if (roles.some((r) => !isOfferedRole(r))) errors.roles = refusedRoles(roles, []);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  const created = await app.db.transaction().execute(async (trx) => {
    await lockCompany(trx, auth.companyId);
    const user = await insertUser(trx, {
      name: body.name,
      email,
      password_hash: passwordHash,
      user_type: body.user_type,
      student_id: body.student_id ?? null,
      department: body.department ?? null,
      birth_date: body.birth_date ?? null,
      status: 'active',
      created_at: now,
      updated_at: now,
      created_by: auth.user.id,
    });
    await addMember(trx, auth.companyId, user.id, true);
    await setUserRoles(trx, auth.companyId, user.id, roles);
    await guardUserAccessChange(trx, auth, user, null, { userType: body.user_type, roles });
    await updateUserRow(trx, user.id, await guardSupervision(trx, auth, user, null, body.user_type, body));
    return user;
  }).catch(uniqueEmailRace);
  return loadUser(app.db, auth.companyId, created.id);
}

/** Two creates racing for one email: the database's unique index decides; the loser gets the same 422. */
function uniqueEmailRace(err: unknown): never {
  const text = String((err as { message?: string })?.message ?? '');
  if (/unique/i.test(text) && /email/i.test(text)) throw unprocessable({ email: [EMAIL_TAKEN] });
  throw err;
}

export async function updateUser(app: FastifyInstance, auth: AuthContext, userId: number, body: UpdateUserBody): Promise<User> {
  assertBirthDateNotAhead(auth, body.birth_date);
  const existing = await findMember(app.db, auth.companyId, userId);
  if (!existing) throw notFound('User');
  const email = body.email.toLowerCase();
  const roles = [...new Set(body.roles)];
  const errors: Record<string, string[]> = {};
  const owner = await findUserByEmail(app.db, email);
  if (owner && owner.id !== userId) errors.email = [EMAIL_TAKEN];
  if (body.password && isCommonPassword(body.password, email)) errors.password = [commonPasswordMessage('password')];
  const unknown = await unknownRoles(app.db, auth.companyId, roles);
  if (unknown.length > 0) errors.roles = unknown.map((n) => `The role "${n}" does not exist.`);
  else if (roles.some((r) => !isOfferedRole(r))) {
    // One the user already holds may stay (an edit that keeps it is not a grant); it is not given anew.
    const refused = refusedRoles(roles, (await loadUser(app.db, auth.companyId, userId)).roles);
    if (refused.length > 0) errors.roles = refused;
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await app.db.transaction().execute(async (trx) => {
    await lockCompany(trx, auth.companyId);
    // A role deleted since the check above (role deletes take the same lock) is not silently dropped.
    if ((await unknownRoles(trx, auth.companyId, roles)).length > 0) throw unprocessable({ roles: ['The selected roles are invalid.'] });
    // Read again under the lock: the roles, type and supervision this change starts from (decisions 0201, 0202).
    const current = await findMember(trx, auth.companyId, userId);
    if (!current) throw notFound('User');
    const held = (await accessOfUsers(trx, auth.companyId, [userId])).get(userId)!.roles;
    await guardUserAccessChange(trx, auth, current, { userType: current.user_type, roles: held }, { userType: body.user_type, roles });
    const supervision = await guardSupervision(trx, auth, { id: userId, name: body.name }, current, body.user_type, body);
    await updateUserRow(trx, userId, {
      ...supervision,
      name: body.name,
      email,
      user_type: body.user_type,
      student_id: body.student_id ?? null,
      department: body.department ?? null,
      birth_date: body.birth_date ?? null,
      updated_at: nowIso(),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    await setUserRoles(trx, auth.companyId, userId, roles);
    await assertManagerRemains(trx, auth.companyId);
    // A password set by an administrator ends the user's other sessions (not the administrator's own), and is told
    // to the user and, for one who holds clinical access or the access log, as a grant is (decision 0358).
    if (passwordHash && userId !== auth.user.id) {
      await deleteTokensOfUser(trx, userId);
      await recordPasswordSet(trx, auth, { id: userId, name: body.name, user_type: body.user_type }, nowIso());
    }
  }).catch(uniqueEmailRace);
  return loadUser(app.db, auth.companyId, userId);
}

export async function deleteUser(app: FastifyInstance, auth: AuthContext, userId: number): Promise<void> {
  const existing = await findMember(app.db, auth.companyId, userId);
  if (!existing) throw notFound('User');
  if (userId === auth.user.id) throw unprocessable({ user: ['You cannot delete your own account.'] }, 'You cannot delete your own account.');
  await app.db
    .transaction()
    .execute(async (trx) => {
      // One member change at a time per company, so the last-manager check sees the others' effect.
      await lockCompany(trx, auth.companyId);
      if ((await countAppointmentsOfUser(trx, auth.companyId, userId)) > 0) throw conflict(HAS_APPOINTMENTS);
      // A group keeps its facilitators as history, as an appointment keeps its counselor (decision 0278); their row's
      // lock is the one a group's creation takes, so a group created meanwhile is counted.
      await lockCounselors(trx, auth.companyId, [userId]);
      if ((await countGroupsFacilitatedBy(trx, auth.companyId, userId)) > 0) throw conflict(FACILITATES_GROUPS);
      // Group attendance is history as appointments are; a member's seats and waitlist places end (decision 0299).
      if (await hasGroupAttendance(trx, auth.companyId, userId)) throw conflict(ATTENDED_GROUPS);
      await leaveEveryGroup(trx, auth.companyId, userId, nowIso());
      await removeMembership(trx, auth.companyId, userId);
      await assertManagerRemains(trx, auth.companyId, 'user');
    })
    .catch((err: unknown) => {
      // An appointment booked for them after the count: the appointments' foreign key refuses the delete.
      if (isForeignKeyViolation(err)) throw conflict(HAS_APPOINTMENTS);
      throw err;
    });
}

/**
 * Active ↔ inactive. Deactivating ends every session of the user at once. The status is read and
 * written under the company's lock (PostgreSQL; SQLite runs one transaction at a time), so two
 * toggles at once flip twice, and two managers deactivating each other leave one of them active.
 */
export async function toggleStatus(app: FastifyInstance, auth: AuthContext, userId: number): Promise<User> {
  const next = await app.db.transaction().execute(async (trx) => {
    await lockCompany(trx, auth.companyId);
    const existing = await findMember(trx, auth.companyId, userId);
    if (!existing) throw notFound('User');
    const to = existing.status === 'active' ? 'inactive' : 'active';
    if (to === 'inactive' && userId === auth.user.id) {
      throw unprocessable({ status: ['You cannot deactivate your own account.'] }, 'You cannot deactivate your own account.');
    }
    if (!(await setUserStatus(trx, userId, existing.status, to, nowIso()))) throw conflict('The user was changed by someone else. Please reload and try again.');
    if (to === 'inactive') {
      await deleteTokensOfUser(trx, userId);
      await assertManagerRemains(trx, auth.companyId, 'status');
    }
    return to;
  });
  // The reply tells what this request did, even if another toggle has already followed it.
  return { ...(await loadUser(app.db, auth.companyId, userId)), status: next };
}
