import type { BackupRunView, BackupStatus } from '@kalinga/contracts/backups';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { centreShortDateTime } from '../../lib/centre-time';
import { useSiteSettings } from '../../session/site-settings';
import { type MessageKey, type Translate, useT } from '../../lib/i18n';
import { QueryCard } from './query-card';

function When({ iso }: { iso: string }) {
  // On the centre's clock, its zone named when the browser's differs (decisions 0224, 0380).
  const zone = useSiteSettings().data?.timezone;
  return <time dateTime={iso}>{centreShortDateTime(iso, zone)}</time>;
}

/** A command, the same in every language. */
const BACKUP_COMMAND = 'npm run backup';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const KIND: Record<BackupRunView['kind'], MessageKey> = { scheduled: 'settings.backup.kind.scheduled', manual: 'settings.backup.kind.manual' };

function LastRun({ run }: { run: BackupRunView }) {
  const t = useT('settings');
  const ok = run.outcome === 'succeeded';
  return (
    <div className="flex flex-col gap-1" data-testid="last-backup">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${ok ? 'badge-success' : 'badge-error'}`}>{ok ? t('settings.backup.succeeded') : t('settings.backup.failed')}</span>
        <span className="font-medium">{t(KIND[run.kind])}</span>
      </div>
      <p className="text-sm">
        {t('settings.backup.lastRan')} <When iso={run.started_at} />
        {ok && run.archive && (
          <>
            {' · '}
            <span className="break-all">{run.archive}</span>
            {run.bytes !== null && ` (${size(run.bytes)})`}
          </>
        )}
      </p>
      {!ok && run.error && <p className="break-words text-sm text-error">{t('settings.backup.error', { error: run.error })}</p>}
    </div>
  );
}

/** How often, in words: every day, every hour, every 6 hours, every minute, every 5 minutes. */
function every(minutes: number, t: Translate): string {
  if (minutes === 24 * 60) return t('settings.backup.everyDay');
  if (minutes === 60) return t('settings.backup.everyHour');
  if (minutes % 60 === 0) return t('settings.backup.everyHours', { count: minutes / 60 });
  return t('settings.backup.everyMinutes', { count: minutes });
}

function Schedule({ status }: { status: BackupStatus }) {
  const t = useT('settings');
  const { every_minutes: minutes, keep, next_at: next } = status.schedule;
  if (minutes === 0) return <p className="text-sm text-base-content/70">{t('settings.backup.noneScheduled')} <code>{BACKUP_COMMAND}</code>.</p>;
  return (
    <p className="text-sm text-base-content/70">
      {t('settings.backup.schedule', { every: every(minutes, t), keep })}
      {next && <> {t('settings.backup.nextBy')} <When iso={next} /></>}
    </p>
  );
}

function StatusBody({ status }: { status: BackupStatus }) {
  const t = useT('settings');
  return (
    <>
      {status.last ? <LastRun run={status.last} /> : <p className="text-sm text-base-content/70" data-testid="last-backup">{t('settings.backup.noneYet')}</p>}
      {status.last?.outcome === 'failed' && status.last_success && <p className="text-sm">{t('settings.backup.lastSuccess')} <When iso={status.last_success.started_at} /></p>}
      {status.running && <p className="text-sm" role="status">{t('settings.backup.running')} <When iso={status.running.started_at} />.</p>}
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
  const t = useT('settings');
  const query = useQuery({ queryKey: ['backup-status'], queryFn: fetchStatus });
  if (query.data === null) return null;
  return (
    <QueryCard id="settings-backups" title={t('settings.backup.title')} query={query} loading={t('settings.backup.loading')} failed={t('settings.backup.loadFailed')}>
      {(status) => status && <StatusBody status={status} />}
    </QueryCard>
  );
}
