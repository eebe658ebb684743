import type { DB } from '../../db/database';

/** SQLite's bound-parameter limit is far above this; one statement per this many open streams. */
const CHUNK = 500;

/**
 * Of the sessions given (a token and the company its stream was opened in), the tokens still signed in to that
 * company: the token exists and has not expired, its user is active and still a member of the company. Keys are
 * `${tokenId}:${companyId}`.
 */
export async function sessionsStillSignedIn(db: DB, sessions: readonly { tokenId: number; companyId: number }[], now: string): Promise<Set<string>> {
  const alive = new Set<string>();
  const tokenIds = [...new Set(sessions.map((s) => s.tokenId))];
  for (let i = 0; i < tokenIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .innerJoin('company_user', 'company_user.user_id', 'access_tokens.user_id')
      .select(['access_tokens.id as token_id', 'company_user.company_id'])
      .where('access_tokens.id', 'in', tokenIds.slice(i, i + CHUNK))
      .where('access_tokens.expires_at', '>', now)
      .where('users.status', '=', 'active')
      .execute();
    for (const r of rows) alive.add(`${r.token_id}:${r.company_id}`);
  }
  return alive;
}
