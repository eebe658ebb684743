import type { DB } from '../../db/database';
import { compiledShape, param } from '../../lib/query-shapes';
import { authChanged } from '../../db/auth-signals';

export async function insertToken(db: DB, userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
  await db.insertInto('access_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: now, expires_at: expiresAt }).execute();
}

export async function touchToken(db: DB, tokenId: number, now: string, expiresAt: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', tokenId).execute();
}

export async function deleteToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
  await authChanged(db, { kind: 'token', id: tokenId });
}

/** Ends every session of a user (deactivation, password change elsewhere). */
export async function deleteTokensOfUser(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
  await authChanged(db, { kind: 'user', id: userId });
}

/** Ends every session of a user but one (a password change ends the others). */
export async function deleteOtherTokensOfUser(db: DB, userId: number, keepTokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).where('id', '<>', keepTokenId).execute();
  await authChanged(db, { kind: 'user', id: userId });
}

/**
 * Everything a request's sign-in check needs, in one statement: the token and its user, the
 * membership in the requested company (or the default one when `companyId` is null), and the
 * roles there with their permissions (one row per role and permission; none without a role).
 * Company, role and permission columns are null when the user is not a member.
 */
export async function findSession(db: DB, tokenHash: string, companyId: number | null) {
  // Runs on every request: compiled once per shape (requested or default company), values bound.
  const query = compiledShape(db, companyId === null ? 'findSession:default' : 'findSession:requested', () => sessionQuery(db, companyId !== null), { tokenHash, companyId });
  return (await db.executeQuery(query)).rows;
}

function sessionQuery(db: DB, requested: boolean) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .leftJoin('company_user', (j) =>
      j
        .onRef('company_user.user_id', '=', 'access_tokens.user_id')
        .on('company_user.company_id', '=', (eb) =>
          requested
            ? eb.val(param<number>('companyId'))
            : eb
                .selectFrom('company_user as cu')
                .innerJoin('companies as c', 'c.id', 'cu.company_id')
                .select('cu.company_id')
                .whereRef('cu.user_id', '=', 'access_tokens.user_id')
                .orderBy('cu.is_default', 'desc')
                .orderBy('cu.company_id')
                .limit(1),
        ),
    )
    .leftJoin('companies', 'companies.id', 'company_user.company_id')
    .leftJoin('role_user', 'role_user.user_id', 'access_tokens.user_id')
    .leftJoin('roles', (j) => j.onRef('roles.id', '=', 'role_user.role_id').onRef('roles.company_id', '=', 'companies.id'))
    .leftJoin('role_permission', 'role_permission.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .selectAll('users')
    .select([
      'access_tokens.id as token_id',
      'access_tokens.expires_at as token_expires_at',
      'access_tokens.last_used_at as token_last_used_at',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.timezone as company_timezone',
      'roles.id as role_id',
      'roles.name as role',
      'permissions.name as permission',
    ])
    .where('access_tokens.token_hash', '=', param<string>('tokenHash'))
    .orderBy('roles.id');
}
