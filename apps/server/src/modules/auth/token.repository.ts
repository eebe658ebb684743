import type { DB } from '../../db/database';

export async function insertToken(db: DB, userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
  await db.insertInto('access_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: now, expires_at: expiresAt }).execute();
}

export async function findTokenWithUser(db: DB, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .select(['access_tokens.id as token_id', 'access_tokens.expires_at as token_expires_at', 'access_tokens.last_used_at as token_last_used_at'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: DB, tokenId: number, now: string, expiresAt: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', tokenId).execute();
}

export async function deleteToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

/** Ends every session of a user (deactivation, password change elsewhere). */
export async function deleteTokensOfUser(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}
