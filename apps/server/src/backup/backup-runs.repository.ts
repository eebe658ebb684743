import type { Selectable } from 'kysely';
import type { DB } from '../db/database';
import { isUniqueViolation } from '../lib/db-errors';
import type { BackupRunsTable } from '../db/tables';

export type BackupRun = Selectable<BackupRunsTable>;

/**
 * The server's own company: the first made on it (the demo company, or the first registration on an empty server).
 * One archive holds every company, so backups are the server operator's, not any one tenant's: the administrators of
 * this company see their status and are told when one fails; another company's (anyone who registers makes one) are
 * not (docs/decisions/0190-backups-and-restore.md).
 */
export async function serverCompanyId(db: DB): Promise<number | null> {
  const row = await db.selectFrom('companies').select('id').orderBy('id', 'asc').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Records a backup as running. A scheduled one claims its slot (unique): when another instance claimed it first,
 * returns null and this one does not run.
 */
export async function startRun(db: DB, kind: BackupRun['kind'], startedAt: string, slot: string | null = null): Promise<number | null> {
  try {
    const row = await db.insertInto('backup_runs').values({ kind, slot, started_at: startedAt }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (slot !== null && isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function finishRun(db: DB, id: number, finishedAt: string, outcome: { archive: string; bytes: number } | { error: string }): Promise<void> {
  const set = 'error' in outcome ? { ok: 0, error: outcome.error } : { ok: 1, archive: outcome.archive, bytes: outcome.bytes };
  await db.updateTable('backup_runs').set({ ...set, finished_at: finishedAt }).where('id', '=', id).execute();
}

/** The newest finished run and the newest one still running (either may be missing). */
export async function latestRuns(db: DB): Promise<{ finished: BackupRun | undefined; running: BackupRun | undefined }> {
  const finished = await db.selectFrom('backup_runs').selectAll().where('finished_at', 'is not', null).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const running = await db.selectFrom('backup_runs').selectAll().where('finished_at', 'is', null).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return { finished, running };
}

/** Whether the scheduled run before `id` failed too (its failure was told already: one notice until a success). */
export async function previousScheduledFailed(db: DB, id: number): Promise<boolean> {
  const before = await db.selectFrom('backup_runs').select('ok').where('kind', '=', 'scheduled').where('id', '<', id).where('finished_at', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return before?.ok === 0;
}

/** Marks the run's failure as told; true for the caller that marked it (one notice however many instances run). */
export async function markNotified(db: DB, id: number): Promise<boolean> {
  const r = await db.updateTable('backup_runs').set({ notified: 1 }).where('id', '=', id).where('notified', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
