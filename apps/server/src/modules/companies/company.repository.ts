import type { PermissionName } from '@kalinga/contracts/common';
import { PERMISSIONS } from '@kalinga/contracts/common';
import { PRIVACY_OFFICER_ROLE } from '@kalinga/contracts/client-access-constants';
import type { DB } from '../../db/database';
import type { CompanyRow } from '../../db/tables';
import { nowIso } from '../../lib/clock';
import { authChanged } from '../../db/auth-signals';

/** Roles every new company starts with (landlord and tenant are names only: decision 0148). */
export const DEFAULT_ROLES: Record<string, readonly PermissionName[]> = {
  // Screening answers are the counselors' alone (decision 0162); the access log is the privacy officer's (decision 0200).
  admin: PERMISSIONS.filter((p) => p !== 'view screenings' && p !== 'view access log'),
  counselor: ['view appointments', 'manage appointments', 'view resources', 'manage resources', 'view reports', 'view screenings'],
  personnel: ['view appointments', 'view resources'],
  student: ['view appointments', 'view resources'],
  [PRIVACY_OFFICER_ROLE]: ['view access log'],
  landlord: [],
  tenant: [],
};

/** Creates a company with its settings row and default roles. Call inside a transaction. */
export async function insertCompany(db: DB, name: string, timezone = 'Asia/Manila'): Promise<CompanyRow> {
  const now = nowIso();
  const company = await db
    .insertInto('companies')
    .values({ name, timezone, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('settings')
    .values({ company_id: company.id, site_name: 'Kalinga', business_name: name, updated_at: now, appointment_duration_minutes: 60, students_can_book: 0 })
    .execute();
  const permissions = await db.selectFrom('permissions').select(['id', 'name']).execute();
  const permissionId = new Map(permissions.map((p) => [p.name, p.id]));
  for (const [roleName, granted] of Object.entries(DEFAULT_ROLES)) {
    const role = await db
      .insertInto('roles')
      .values({ company_id: company.id, name: roleName, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (granted.length > 0) {
      await db
        .insertInto('role_permission')
        .values(granted.map((p) => ({ role_id: role.id, permission_id: permissionId.get(p)! })))
        .execute();
    }
  }
  return company;
}

export async function addMember(db: DB, companyId: number, userId: number, isDefault: boolean): Promise<void> {
  await db
    .insertInto('company_user')
    .values({ company_id: companyId, user_id: userId, is_default: isDefault ? 1 : 0, created_at: nowIso() })
    .execute();
  // A user of no company yet is signed in to this one from now on (their default).
  await authChanged(db, { kind: 'user', id: userId });
}

/** Gives a user the named roles of one company, replacing the roles they held there. */
export async function setUserRoles(db: DB, companyId: number, userId: number, roleNames: readonly string[]): Promise<void> {
  const companyRoleIds = db.selectFrom('roles').select('id').where('company_id', '=', companyId);
  await db.deleteFrom('role_user').where('user_id', '=', userId).where('role_id', 'in', companyRoleIds).execute();
  const roles = roleNames.length === 0 ? [] : await db.selectFrom('roles').select('id').where('company_id', '=', companyId).where('name', 'in', [...roleNames]).execute();
  if (roles.length > 0) await db.insertInto('role_user').values(roles.map((r) => ({ role_id: r.id, user_id: userId }))).execute();
  // After the last write: without a transaction, another instance must not keep what it read between them.
  await authChanged(db, { kind: 'user', id: userId });
}

export async function findMembership(db: DB, userId: number, companyId: number | null) {
  let q = db
    .selectFrom('company_user')
    .innerJoin('companies', 'companies.id', 'company_user.company_id')
    .selectAll('companies')
    .select('company_user.is_default')
    .where('company_user.user_id', '=', userId);
  q = companyId === null ? q.orderBy('company_user.is_default', 'desc').orderBy('companies.id') : q.where('companies.id', '=', companyId);
  return q.executeTakeFirst();
}

export async function listCompaniesOfUser(db: DB, userId: number) {
  return db
    .selectFrom('company_user')
    .innerJoin('companies', 'companies.id', 'company_user.company_id')
    .select(['companies.id', 'companies.name', 'company_user.is_default'])
    .where('company_user.user_id', '=', userId)
    .orderBy('companies.name')
    .execute();
}

/** The names of a user's roles in one company, and the permissions they grant. */
export async function rolesAndPermissions(db: DB, userId: number, companyId: number): Promise<{ roles: string[]; permissions: string[] }> {
  return (await accessOfUsers(db, companyId, [userId])).get(userId)!;
}

/** Role and permission names of many members of one company at once (avoids one query per row). */
export async function accessOfUsers(db: DB, companyId: number, userIds: number[]) {
  const result = new Map<number, { roles: string[]; permissions: string[] }>();
  for (const id of userIds) result.set(id, { roles: [], permissions: [] });
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .leftJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['role_user.user_id', 'roles.name as role', 'permissions.name as permission'])
    .where('roles.company_id', '=', companyId)
    .where('role_user.user_id', 'in', userIds)
    .orderBy('roles.id')
    .orderBy('permissions.id')
    .execute();
  for (const r of rows) {
    const entry = result.get(r.user_id)!;
    if (!entry.roles.includes(r.role)) entry.roles.push(r.role);
    if (r.permission && !entry.permissions.includes(r.permission)) entry.permissions.push(r.permission);
  }
  return result;
}
