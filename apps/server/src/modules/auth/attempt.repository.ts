import { sql } from 'kysely';
import type { DB } from '../../db/database';

/**
 * Counts one attempt under a key in one statement (so concurrent requests, from any process, each
 * get their own number): a fresh window when there is none or it has ended, else one more.
 * Returns the count including this attempt and when the window ends.
 */
export async function countAttempt(db: DB, key: string, now: string, windowEnd: string): Promise<{ count: number; expires_at: string }> {
  return db
    .insertInto('auth_attempts')
    .values({ key, count: 1, expires_at: windowEnd })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // Both expressions read the row as it was before this update.
        count: sql<number>`case when auth_attempts.expires_at <= ${now} then 1 else auth_attempts.count + 1 end`,
        expires_at: sql<string>`case when auth_attempts.expires_at <= ${now} then ${windowEnd} else auth_attempts.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** Takes back one counted attempt (it turned out to be a success). */
export async function uncountAttempt(db: DB, key: string): Promise<void> {
  await db.updateTable('auth_attempts').set({ count: sql<number>`count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
}

export async function clearAttempts(db: DB, key: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('key', '=', key).execute();
}

/** Deletes the counters whose window has ended. */
export async function deleteExpiredAttempts(db: DB, now: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('expires_at', '<=', now).execute();
}
