import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useOnlineStatus } from '../../lib/online-status';
import { bookStillComing, firstSyncText, useFirstSync } from '../../offline/first-sync';
import { usePersistence, type PersistenceState } from '../../offline/storage-persistence';
import { syncNow } from '../../offline/sync-engine';
import { mustWait } from '../../offline/sync-queue';
import { COUNTED_TABLES, useDownloadProgress, useLastSync, useOpenEntries, useQueueCounts, useQueuePaused, useTableCounts, useTakenBack } from '../../offline/use-sync-status';
import { EntryRow, TakenBackRow } from './entry-row';

const TABLE_LABELS: Record<(typeof COUNTED_TABLES)[number], string> = {
  customers: 'Customers',
  loans: 'Loans',
  items: 'Items',
  transactions: 'Transactions',
  categories: 'Categories',
};

const PERSISTENCE_TEXT: Record<PersistenceState, string> = {
  granted: 'Persistent: the browser keeps this data even when the device runs low on space.',
  denied: 'Not persistent: the browser may clear this data when the device runs low on space. Send your changes often.',
  unsupported: 'This browser cannot promise to keep this data: send your changes often.',
  unknown: 'Not asked yet: the browser is asked after sign-in.',
};

function when(iso: string | undefined): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Never' : formatDateTime(d);
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
      notifySuccess('Sync finished');
    } catch (error) {
      notifyError(errorMessage(error, 'Sync failed'));
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
          <h1 className="text-2xl font-bold">Sync status</h1>
          <p className="text-base-content/70" role="status">
            {online ? 'Online' : 'Offline: changes are kept on this device and sent when the connection returns.'}
            {' · '}
            {coming ? 'First sync: the shop’s book is not on this device yet' : `Last sync: ${when(last?.synced_at)}`}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => void sync()} disabled={!online || syncing || download.running}>
          {syncing ? 'Syncing...' : 'Sync now'}
        </button>
      </div>

      {paused && (
        <div role="alert" className="alert alert-warning">
          Your session has ended: sign in again to send the changes kept on this device.
        </div>
      )}

      {(download.running || coming) && (
        <section aria-labelledby="download-title" className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="first-sync">
          <h2 id="download-title" className="font-semibold">{coming ? 'First sync: downloading the shop’s book' : 'Downloading the book to this device'}</h2>
          {download.running ? (
            <progress className="progress progress-primary mt-2 w-full" value={download.loaded} max={Math.max(download.total, 1)} aria-label="Download progress" data-testid="download-progress" />
          ) : (
            online && !firstSync.failed && <progress className="progress progress-primary mt-2 w-full" aria-label="Download progress" />
          )}
          <p className="text-sm text-base-content/70" role="status">
            {download.running
              ? `${download.loaded.toLocaleString()} of ${download.total.toLocaleString()} records (${percent}%)${download.table ? ` · ${TABLE_LABELS[download.table]}, table ${firstSync.tableIndex + 1} of ${firstSync.tableCount}` : ''}`
              : firstSyncText(firstSync, online)}
          </p>
          {coming && <p className="text-sm">The counts below are what has arrived so far, not the shop’s book.</p>}
        </section>
      )}

      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="mb-2 text-lg font-semibold">Changes made on this device</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Stat label="Waiting to send" value={counts.pending} />
          <Stat label="Trying again" value={counts.retrying} tone={counts.retrying ? 'text-amber-800' : ''} />
          <Stat label="Refused" value={counts.rejected} tone={counts.rejected ? 'text-error' : ''} />
          <Stat label="Sent" value={counts.completed} />
          <Stat label="Taken back" value={counts.takenBack} tone={counts.takenBack ? 'text-error' : ''} />
        </dl>
      </section>

      {failed.length > 0 && (
        <section aria-labelledby="failed-title" className="rounded-box border border-base-300 bg-base-100 px-4">
          <h2 id="failed-title" className="pt-3 font-semibold">Not sent</h2>
          <ul>{failed.map((e) => <EntryRow key={e.id} entry={e} online={online} />)}</ul>
        </section>
      )}

      <section aria-labelledby="waiting-title" className="rounded-box border border-base-300 bg-base-100 px-4">
        <h2 id="waiting-title" className="pt-3 font-semibold">Waiting to send</h2>
        {waiting.length === 0 ? (
          <p className="py-3 text-sm text-base-content/70">Nothing is waiting: every change made here is on the server.</p>
        ) : (
          <ul>{waiting.map((e) => <EntryRow key={e.id} entry={e} online={online} blocked={mustWait(e, refused.filter((r) => (r.id ?? 0) < (e.id ?? 0)))} />)}</ul>
        )}
      </section>

      {takenBack && takenBack.length > 0 && (
        <section aria-labelledby="taken-back-title" className="rounded-box border border-base-300 bg-base-100 px-4">
          <h2 id="taken-back-title" className="pt-3 font-semibold">Taken back</h2>
          <p className="text-sm text-base-content/70">Changes the server refused or you discarded: they took no effect on the server, and this device shows the server’s records instead.</p>
          <ul>{takenBack.map((e) => <TakenBackRow key={e.id} entry={e} />)}</ul>
        </section>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="tables-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="tables-title" className="font-semibold">Records on this device{coming ? ' so far' : ''}</h2>
          <table className="table table-sm mt-2">
            <tbody>
              {COUNTED_TABLES.map((t) => (
                <tr key={t}>
                  <th scope="row" className="font-normal">{TABLE_LABELS[t]}</th>
                  <td className="text-right tabular-nums">{tables ? tables[t].toLocaleString() : '…'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="storage-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="storage-title" className="font-semibold">Storage</h2>
          <p className="mt-2 text-sm" data-testid="persistence">{PERSISTENCE_TEXT[persistence]}</p>
        </section>
      </div>
    </div>
  );
}
