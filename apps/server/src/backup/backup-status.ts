import type { BackupRunView, BackupStatus } from '@kalinga/contracts/backups';
import type { DB } from '../db/database';
import { forbidden } from '../lib/http-errors';
import { type BackupRun, latestRuns, serverCompanyId } from './backup-runs.repository';
import { nextSlotStart } from './schedule';

/** A run with no end after this long was cut off (the server stopped mid-way): it reads 'failed'. */
const CUT_OFF_MS = 6 * 3_600_000;
const CUT_OFF = 'It did not finish: the server stopped while it ran.';

function view(run: BackupRun, now: number): BackupRunView {
  const cutOff = run.finished_at === null && now - Date.parse(run.started_at) > CUT_OFF_MS;
  return {
    kind: run.kind,
    started_at: run.started_at,
    finished_at: run.finished_at,
    outcome: run.finished_at === null ? (cutOff ? 'failed' : 'running') : run.ok === 1 ? 'succeeded' : 'failed',
    archive: run.archive,
    bytes: run.bytes === null ? null : Number(run.bytes),
    error: cutOff ? CUT_OFF : run.error,
  };
}

async function lastSuccess(db: DB): Promise<BackupRun | undefined> {
  return db.selectFrom('backup_runs').selectAll().where('ok', '=', 1).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function backupStatus(db: DB, schedule: { everyMinutes: number; keep: number }, now = new Date()): Promise<BackupStatus> {
  const { finished, running } = await latestRuns(db);
  const t = now.getTime();
  const runningView = running ? view(running, t) : null;
  // A cut-off run is the last one when it started after the last that ended.
  const last = runningView?.outcome === 'failed' && (!finished || finished.started_at < runningView.started_at) ? runningView : finished ? view(finished, t) : null;
  const success = await lastSuccess(db);
  return {
    last,
    running: runningView?.outcome === 'running' ? runningView : null,
    last_success: success ? view(success, t) : null,
    schedule: { every_minutes: schedule.everyMinutes, keep: schedule.keep, next_at: nextSlotStart(schedule.everyMinutes, now) },
  };
}

export const NOT_THE_SERVERS_COMPANY = "Backups are the server's: only the administrators of the server's own company see them.";

/**
 * The backups' state for an administrator of the server's own company (serverCompanyId): the archive holds every
 * company, its size and errors are the server's; 403 for any other company.
 */
export async function backupStatusFor(db: DB, companyId: number, schedule: { everyMinutes: number; keep: number }): Promise<BackupStatus> {
  if (companyId !== (await serverCompanyId(db))) throw forbidden(NOT_THE_SERVERS_COMPANY);
  return backupStatus(db, schedule);
}
