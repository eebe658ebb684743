import type { DB } from './database';

/** The newest restore's tag (docs/decisions/0190-backups-and-restore.md), or null before the first restore. */
export async function newestRestoreTag(db: DB): Promise<string | null> {
  const row = await db.selectFrom('restores').select('tag').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.tag ?? null;
}
