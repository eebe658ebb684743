import type { Permission, Role, RoleBody } from '@kalinga/contracts/roles';
import type { DB } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { DEFAULT_ROLES } from '../companies/company.repository';
import { guardRolePermissionChange } from '../users/clinical-access';
import { assertManagerRemains, MANAGE_USERS } from '../users/users.service';
import { countHolders, deleteRole, findRole, insertRole, listPermissions, listRoles, renameRole, roleNameTaken, setRolePermissions } from './roles.repository';

/** Roles the code refers to by name (guards, the counselor's "New Student", the built-in role checks of decision 0148): fixed names. */
const SYSTEM_ROLES = new Set(Object.keys(DEFAULT_ROLES));
export const ADMIN_KEEPS_MANAGE_USERS = "The admin role cannot lose 'manage users'.";

function withFlags(r: { id: number; name: string; permissions: string[]; users_count: number }): Role {
  return { ...r, is_system: SYSTEM_ROLES.has(r.name) };
}

export async function rolesOf(db: DB, auth: AuthContext): Promise<Role[]> {
  return (await listRoles(db, auth.companyId)).map(withFlags);
}

async function roleById(db: DB, companyId: number, id: number): Promise<Role> {
  const role = (await listRoles(db, companyId)).find((r) => r.id === id);
  if (!role) throw notFound('Role');
  return withFlags(role);
}

export async function createRole(db: DB, auth: AuthContext, body: RoleBody): Promise<Role> {
  if (await roleNameTaken(db, auth.companyId, body.name)) throw unprocessable({ name: ['The name has already been taken.'] });
  const id = await db.transaction().execute(async (trx) => {
    const roleId = await insertRole(trx, auth.companyId, body.name);
    await setRolePermissions(trx, auth.companyId, roleId, [...new Set(body.permissions)]);
    return roleId;
  });
  return roleById(db, auth.companyId, id);
}

/** Renames a custom role and replaces its permissions; affected users get the change on their next request. */
export async function updateRole(db: DB, auth: AuthContext, roleId: number, body: RoleBody): Promise<Role> {
  const role = await findRole(db, auth.companyId, roleId);
  if (!role) throw notFound('Role');
  const errors: Record<string, string[]> = {};
  if (body.name !== role.name) {
    if (SYSTEM_ROLES.has(role.name)) errors.name = [`The ${role.name} role cannot be renamed.`];
    else if (await roleNameTaken(db, auth.companyId, body.name, roleId)) errors.name = ['The name has already been taken.'];
  }
  if (role.name === 'admin' && !body.permissions.includes(MANAGE_USERS)) errors.permissions = [ADMIN_KEEPS_MANAGE_USERS];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await db.transaction().execute(async (trx) => {
    // Role, permission and member changes of one company run one at a time, so the last-manager check holds.
    await lockCompany(trx, auth.companyId);
    await guardRolePermissionChange(trx, auth, role, body.permissions);
    if (body.name !== role.name) await renameRole(trx, auth.companyId, roleId, body.name);
    await setRolePermissions(trx, auth.companyId, roleId, [...new Set(body.permissions)]);
    await assertManagerRemains(trx, auth.companyId, 'permissions');
  });
  return roleById(db, auth.companyId, roleId);
}

export async function removeRole(db: DB, auth: AuthContext, roleId: number): Promise<void> {
  const role = await findRole(db, auth.companyId, roleId);
  if (!role) throw notFound('Role');
  if (SYSTEM_ROLES.has(role.name)) throw conflict(`The ${role.name} role is built in and cannot be deleted.`);
  await db.transaction().execute(async (trx) => {
    // Counted under the company lock that role assignments also take: nobody gains the role in between.
    await lockCompany(trx, auth.companyId);
    const holders = await countHolders(trx, auth.companyId, roleId);
    if (holders > 0) {
      throw conflict(holders === 1 ? 'This role is held by 1 user. Give them another role before deleting it.' : `This role is held by ${holders} users. Give them another role before deleting it.`);
    }
    await deleteRole(trx, auth.companyId, roleId);
  });
}

export async function permissionsList(db: DB): Promise<Permission[]> {
  return listPermissions(db);
}
