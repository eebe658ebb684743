import type { BackupRunView, BackupStatus } from '@kalinga/contracts/backups';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { QueryCard } from './query-card';

function when(iso: string) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const KIND: Record<BackupRunView['kind'], string> = { scheduled: 'Scheduled backup', manual: 'Backup by command' };

function LastRun({ run }: { run: BackupRunView }) {
  const ok = run.outcome === 'succeeded';
  return (
    <div className="flex flex-col gap-1" data-testid="last-backup">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${ok ? 'badge-success' : 'badge-error'}`}>{ok ? 'Succeeded' : 'Failed'}</span>
        <span className="font-medium">{KIND[run.kind]}</span>
      </div>
      <p className="text-sm">
        Last backup ran {when(run.started_at)}
        {ok && run.archive && (
          <>
            {' · '}
            <span className="break-all">{run.archive}</span>
            {run.bytes !== null && ` (${size(run.bytes)})`}
          </>
        )}
      </p>
      {!ok && run.error && <p className="break-words text-sm text-error">Error: {run.error}</p>}
    </div>
  );
}

function Schedule({ status }: { status: BackupStatus }) {
  const { every_hours: hours, keep, next_at: next } = status.schedule;
  if (hours === 0) return <p className="text-sm text-base-content/70">No backups are scheduled (BACKUP_EVERY_HOURS is 0): back up with <code>npm run backup</code>.</p>;
  return (
    <p className="text-sm text-base-content/70">
      A backup is made {hours === 24 ? 'every day' : hours === 1 ? 'every hour' : `every ${hours} hours`} and the last {keep} are kept
      {next && <> · next by {when(next)}</>}
    </p>
  );
}

function StatusBody({ status }: { status: BackupStatus }) {
  return (
    <>
      {status.last ? <LastRun run={status.last} /> : <p className="text-sm text-base-content/70" data-testid="last-backup">No backup has run yet.</p>}
      {status.last?.outcome === 'failed' && status.last_success && <p className="text-sm">Last successful backup: {when(status.last_success.started_at)}</p>}
      {status.running && <p className="text-sm" role="status">A backup is running since {when(status.running.started_at)}.</p>}
      <Schedule status={status} />
    </>
  );
}

/** The status, or null for an administrator of another company than the server's own (403: not theirs to see). */
async function fetchStatus(): Promise<BackupStatus | null> {
  try {
    return await api.get<BackupStatus>('/api/backups/status');
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

/**
 * Settings › Backups: when the last backup ran and whether it succeeded. The backups are the server's (one archive of
 * every company), so only the administrators of the server's own company see this card (decision 0190).
 */
export function BackupStatusSection() {
  const query = useQuery({ queryKey: ['backup-status'], queryFn: fetchStatus });
  if (query.data === null) return null;
  return (
    <QueryCard id="settings-backups" title="Backups" query={query} loading="Loading backups..." failed="Failed to load backups">
      {(status) => status && <StatusBody status={status} />}
    </QueryCard>
  );
}
