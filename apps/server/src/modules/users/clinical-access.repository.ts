import type { DB } from '../../db/database';

// The SQL of the clinical-access rules (decision 0202): roles' permissions, a role's holders, the grants' record.

/** The named roles of the company, each with its permission names. */
export async function permissionsOfRoles(db: DB, companyId: number, names: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(names.map((n) => [n, []]));
  if (names.length === 0) return result;
  const rows = await db
    .selectFrom('roles')
    .leftJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['roles.name', 'permissions.name as permission'])
    .where('roles.company_id', '=', companyId)
    .where('roles.name', 'in', [...names])
    .execute();
  for (const r of rows) if (r.permission) result.get(r.name)?.push(r.permission);
  return result;
}

/** The permission names a role of the company holds now. */
export async function permissionsOfRole(db: DB, companyId: number, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('roles', 'roles.id', 'role_permission.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('permissions.name')
    .where('roles.company_id', '=', companyId)
    .where('roles.id', '=', roleId)
    .execute();
  return rows.map((r) => r.name);
}

/** The company's members holding a role: id, name and user type. */
export async function holdersOfRole(db: DB, companyId: number, roleId: number): Promise<{ id: number; name: string; user_type: string }[]> {
  return db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .innerJoin('users', 'users.id', 'role_user.user_id')
    .select(['users.id', 'users.name', 'users.user_type'])
    .where('roles.company_id', '=', companyId)
    .where('roles.id', '=', roleId)
    .orderBy('users.id')
    .execute();
}

export async function insertClinicalGrant(db: DB, row: { company_id: number; user_id: number; granted_by: number; what: string; what_key: string; what_values: string; at: string }): Promise<void> {
  await db.insertInto('clinical_grants').values(row).execute();
}

/**
 * Whether `userId`'s account is a creation of `creatorId`: created by it, or by an account it created, and so on up
 * the chain of `users.created_by` (decision 0358). An unknown creator (null) ends the chain and refuses nothing.
 */
export async function isCreationOf(db: DB, userId: number, creatorId: number): Promise<boolean> {
  const seen = new Set<number>([userId]);
  let current: number | null = userId;
  while (current !== null) {
    const row: { created_by: number | null } | undefined = await db.selectFrom('users').select('created_by').where('id', '=', current).executeTakeFirst();
    current = row?.created_by ?? null;
    if (current === creatorId) return true;
    if (current !== null && seen.has(current)) return false;
    if (current !== null) seen.add(current);
  }
  return false;
}
