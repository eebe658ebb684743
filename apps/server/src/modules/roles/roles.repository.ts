import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { authChanged } from '../../db/auth-signals';

export interface RoleWithAccess {
  id: number;
  name: string;
  permissions: string[];
  users_count: number;
}

/** The company's roles with their permission names and how many members hold each, in creation order. */
export async function listRoles(db: DB, companyId: number): Promise<RoleWithAccess[]> {
  const roles = await db.selectFrom('roles').select(['id', 'name']).where('company_id', '=', companyId).orderBy('id').execute();
  if (roles.length === 0) return [];
  const ids = roles.map((r) => r.id);
  const grants = await db
    .selectFrom('role_permission')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['role_permission.role_id', 'permissions.name'])
    .where('role_permission.role_id', 'in', ids)
    .orderBy('permissions.id')
    .execute();
  // Only members of this company count (role_user rows of a removed member are deleted with the membership).
  const counts = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'role_user.user_id').onRef('company_user.company_id', '=', 'roles.company_id'))
    .select(['role_user.role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('roles.company_id', '=', companyId)
    .groupBy('role_user.role_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: grants.filter((g) => g.role_id === r.id).map((g) => g.name),
    users_count: countOf.get(r.id) ?? 0,
  }));
}

export async function findRole(db: DB, companyId: number, roleId: number) {
  return db.selectFrom('roles').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', roleId).executeTakeFirst();
}

/** Another role of the company already using this name (case-insensitive)? */
export async function roleNameTaken(db: DB, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('roles').select('id').where('company_id', '=', companyId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: DB, companyId: number, name: string): Promise<number> {
  const row = await db.insertInto('roles').values({ company_id: companyId, name, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameRole(db: DB, companyId: number, roleId: number, name: string): Promise<void> {
  await db.updateTable('roles').set({ name }).where('company_id', '=', companyId).where('id', '=', roleId).execute();
  await authChanged(db, { kind: 'company', id: companyId });
}

/** Replaces a role's permissions. The role must belong to companyId (checked by the caller with findRole). */
export async function setRolePermissions(db: DB, companyId: number, roleId: number, names: readonly string[]): Promise<void> {
  const owned = await findRole(db, companyId, roleId);
  if (!owned) return;
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  const perms = names.length === 0 ? [] : await db.selectFrom('permissions').select('id').where('name', 'in', [...names]).execute();
  if (perms.length > 0) await db.insertInto('role_permission').values(perms.map((p) => ({ role_id: roleId, permission_id: p.id }))).execute();
  // Every holder of the role in the company; after the last write (without a transaction, another instance must
  // not keep what it read between them).
  await authChanged(db, { kind: 'company', id: companyId });
}

export async function countHolders(db: DB, companyId: number, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roles.company_id', '=', companyId)
    .where('roles.id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRole(db: DB, companyId: number, roleId: number): Promise<void> {
  await db.deleteFrom('roles').where('company_id', '=', companyId).where('id', '=', roleId).execute();
  await authChanged(db, { kind: 'company', id: companyId });
}

export async function listPermissions(db: DB) {
  return db.selectFrom('permissions').select(['id', 'name']).orderBy('id').execute();
}
