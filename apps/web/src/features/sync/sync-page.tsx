import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useT, type MessageKey, type Translate, currentLocale } from '../../lib/i18n';
import { useOnlineStatus } from '../../lib/online-status';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { firstSyncWords } from './first-sync-words';
import { usePersistence, type PersistenceState } from '../../offline/storage-persistence';
import { syncNow } from '../../offline/sync-engine';
import { mustWait } from '../../offline/sync-queue';
import { COUNTED_TABLES, useDownloadProgress, useLastSync, useOpenEntries, useQueueCounts, useQueuePaused, useTableCounts, useTakenBack } from '../../offline/use-sync-status';
import { EntryRow, TakenBackRow } from './entry-row';

const TABLE_LABELS: Record<(typeof COUNTED_TABLES)[number], MessageKey> = {
  customers: 'sync.table.customers',
  loans: 'sync.table.loans',
  items: 'sync.table.items',
  transactions: 'sync.table.transactions',
  categories: 'sync.table.categories',
};

const PERSISTENCE_TEXT: Record<PersistenceState, MessageKey> = {
  granted: 'sync.persistence.granted',
  denied: 'sync.persistence.denied',
  unsupported: 'sync.persistence.unsupported',
  unknown: 'sync.persistence.unknown',
};

function when(t: Translate, iso: string | undefined): string {
  if (!iso) return t('sync.never');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? t('sync.never') : formatDateTime(d);
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className={`text-2xl font-bold ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}

/** The face of the queue (product-rules.md#screen-lending): what waits, what failed and why, Retry, last sync, counts, storage. */
export function SyncPage() {
  const t = useT('sync');
  const online = useOnlineStatus();
  const counts = useQueueCounts() ?? { pending: 0, retrying: 0, rejected: 0, completed: 0, takenBack: 0, unsent: 0 };
  const entries = useOpenEntries();
  const tables = useTableCounts();
  const last = useLastSync();
  const download = useDownloadProgress();
  const paused = useQueuePaused();
  const persistence = usePersistence();
  const firstSync = useFirstSync();
  const coming = bookStillComing(firstSync);
  const [syncing, setSyncing] = useState(false);

  const sync = async () => {
    setSyncing(true);
    try {
      await syncNow();
      notifySuccess(t('sync.finished'));
    } catch (error) {
      notifyError(errorMessage(error, t('sync.failed')));
    } finally {
      setSyncing(false);
    }
  };

  const takenBack = useTakenBack();
  const failed = (entries ?? []).filter((e) => e.status === 'failed');
  const waiting = (entries ?? []).filter((e) => e.status === 'pending');
  const refused = failed.filter((e) => e.error_kind === 'rejected');
  const percent = download.total > 0 ? Math.min(100, Math.round((download.loaded / download.total) * 100)) : 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('sync.title')}</h1>
          <p className="text-base-content/70" role="status">
            {online ? t('sync.online') : t('sync.offlineLine')}
            {' · '}
            {coming ? t('sync.firstSyncLine') : t('sync.lastSync', { when: when(t, last?.synced_at) })}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => void sync()} disabled={!online || syncing || download.running}>
          {syncing ? t('sync.syncing') : t('sync.syncNow')}
        </button>
      </div>

      {paused && (
        <div role="alert" className="alert alert-warning">
          {t('sync.sessionEnded')}
        </div>
      )}

      {(download.running || coming) && (
        <section aria-labelledby="download-title" className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="first-sync">
          <h2 id="download-title" className="font-semibold">{coming ? t('sync.download.firstTitle') : t('sync.download.title')}</h2>
          {download.running ? (
            <progress className="progress progress-primary mt-2 w-full" value={download.loaded} max={Math.max(download.total, 1)} aria-label={t('sync.download.progress')} data-testid="download-progress" />
          ) : (
            online && !firstSync.failed && <progress className="progress progress-primary mt-2 w-full" aria-label={t('sync.download.progress')} />
          )}
          <p className="text-sm text-base-content/70" role="status">
            {download.running
              ? `${t('sync.download.records', { loaded: download.loaded, total: download.total, percent })}${download.table ? t('sync.download.table', { table: t(TABLE_LABELS[download.table]), index: firstSync.tableIndex + 1, count: firstSync.tableCount }) : ''}`
              : firstSyncWords(firstSync, online)}
          </p>
          {coming && <p className="text-sm">{t('sync.download.soFarNote')}</p>}
        </section>
      )}

      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="mb-2 text-lg font-semibold">{t('sync.queue.title')}</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Stat label={t('sync.queue.waiting')} value={counts.pending} />
          <Stat label={t('sync.queue.retrying')} value={counts.retrying} tone={counts.retrying ? 'text-amber-800' : ''} />
          <Stat label={t('sync.queue.refused')} value={counts.rejected} tone={counts.rejected ? 'text-error' : ''} />
          <Stat label={t('sync.queue.sent')} value={counts.completed} />
          <Stat label={t('sync.queue.takenBack')} value={counts.takenBack} tone={counts.takenBack ? 'text-error' : ''} />
        </dl>
      </section>

      {failed.length > 0 && (
        <section aria-labelledby="failed-title" className="rounded-box border border-base-300 bg-base-100 px-4">
          <h2 id="failed-title" className="pt-3 font-semibold">{t('sync.notSent')}</h2>
          <ul>{failed.map((e) => <EntryRow key={e.id} entry={e} online={online} />)}</ul>
        </section>
      )}

      <section aria-labelledby="waiting-title" className="rounded-box border border-base-300 bg-base-100 px-4">
        <h2 id="waiting-title" className="pt-3 font-semibold">{t('sync.queue.waiting')}</h2>
        {waiting.length === 0 ? (
          <p className="py-3 text-sm text-base-content/70">{t('sync.waiting.none')}</p>
        ) : (
          <ul>{waiting.map((e) => <EntryRow key={e.id} entry={e} online={online} blocked={mustWait(e, refused.filter((r) => (r.id ?? 0) < (e.id ?? 0)))} />)}</ul>
        )}
      </section>

      {takenBack && takenBack.length > 0 && (
        <section aria-labelledby="taken-back-title" className="rounded-box border border-base-300 bg-base-100 px-4">
          <h2 id="taken-back-title" className="pt-3 font-semibold">{t('sync.queue.takenBack')}</h2>
          <p className="text-sm text-base-content/70">{t('sync.takenBack.text')}</p>
          <ul>{takenBack.map((e) => <TakenBackRow key={e.id} entry={e} />)}</ul>
        </section>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="tables-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="tables-title" className="font-semibold">{coming ? t('sync.tables.titleSoFar') : t('sync.tables.title')}</h2>
          <table className="table table-sm mt-2">
            <tbody>
              {COUNTED_TABLES.map((table) => (
                <tr key={table}>
                  <th scope="row" className="font-normal">{t(TABLE_LABELS[table])}</th>
                  <td className="text-right tabular-nums">{tables ? tables[table].toLocaleString(currentLocale()) : '…'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="storage-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="storage-title" className="font-semibold">{t('sync.storage')}</h2>
          <p className="mt-2 text-sm" data-testid="persistence">{t(PERSISTENCE_TEXT[persistence])}</p>
        </section>
      </div>
    </div>
  );
}
