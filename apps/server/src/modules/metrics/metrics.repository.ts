import type { DB } from '../../db/database';

/**
 * When the newest backup that succeeded started (null: none has), for the operator's metrics (decision 0331). The
 * backups are the server's, not a company's (decision 0190), so this reads every run.
 */
export async function lastSuccessfulBackupAt(db: DB): Promise<string | null> {
  const row = await db.selectFrom('backup_runs').select('finished_at').where('ok', '=', 1).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.finished_at ?? null;
}
