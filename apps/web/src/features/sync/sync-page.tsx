import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useOnlineStatus } from '../../lib/online-status';
import type { SyncQueueEntry } from '../../offline/db';
import { retryEntries } from '../../offline/queue-runner';
import { usePersistence, type PersistenceState } from '../../offline/storage-persistence';
import { syncNow } from '../../offline/sync-engine';
import { COUNTED_TABLES, useDownloadProgress, useLastSync, useOpenEntries, useQueueCounts, useQueuePaused, useTableCounts } from '../../offline/use-sync-status';
import { entrySubject, operationLabel } from './entry-text';

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
  return Number.isNaN(d.getTime()) ? 'Never' : d.toLocaleString();
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className={`text-2xl font-bold ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}

function EntryRow({ entry, online }: { entry: SyncQueueEntry; online: boolean }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await retryEntries(entry.id!);
      if (online) await syncNow();
    } catch (error) {
      notifyError(errorMessage(error, 'The change could not be sent.'));
    } finally {
      setBusy(false);
    }
  };
  const failed = entry.status === 'failed';
  const rejected = failed && entry.error_kind === 'rejected';
  return (
    <li className="flex flex-col gap-2 border-b border-base-300 py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between" data-testid="sync-entry">
      <div className="min-w-0">
        <p className="font-medium">
          {operationLabel(entry.operation)} <span className="font-normal text-base-content/70">· {entrySubject(entry)}</span>
        </p>
        <p className="text-sm text-base-content/60">Saved on this device {when(entry.created_at)}</p>
        {failed && (
          <p className={`mt-1 text-sm ${rejected ? 'text-error' : 'text-warning'}`} role={rejected ? 'alert' : undefined}>
            {rejected ? 'Refused by the server: ' : 'Not sent yet: '}
            {entry.error}
            {!rejected && entry.next_attempt_at ? ` Trying again at ${new Date(entry.next_attempt_at).toLocaleTimeString()}.` : ''}
          </p>
        )}
      </div>
      {failed && (
        <button type="button" className="btn btn-sm btn-outline shrink-0" onClick={() => void retry()} disabled={busy} aria-label={`Retry: ${operationLabel(entry.operation)}, ${entrySubject(entry)}`}>
          {busy ? 'Retrying...' : 'Retry'}
        </button>
      )}
    </li>
  );
}

/** The face of the queue (PRODUCT.md): what waits, what failed and why, Retry, last sync, counts, storage. */
export function SyncPage() {
  const online = useOnlineStatus();
  const counts = useQueueCounts() ?? { pending: 0, retrying: 0, rejected: 0, completed: 0, unsent: 0 };
  const entries = useOpenEntries();
  const tables = useTableCounts();
  const last = useLastSync();
  const download = useDownloadProgress();
  const paused = useQueuePaused();
  const persistence = usePersistence();
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

  const failed = (entries ?? []).filter((e) => e.status === 'failed');
  const waiting = (entries ?? []).filter((e) => e.status === 'pending');
  const percent = download.total > 0 ? Math.min(100, Math.round((download.loaded / download.total) * 100)) : 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Sync status</h1>
          <p className="text-base-content/70" role="status">
            {online ? 'Online' : 'Offline: changes are kept on this device and sent when the connection returns.'}
            {' · '}Last sync: {when(last?.synced_at)}
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

      {download.running && (
        <section aria-labelledby="download-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="download-title" className="font-semibold">Downloading the book to this device</h2>
          <progress className="progress progress-primary mt-2 w-full" value={download.loaded} max={Math.max(download.total, 1)} aria-label="Download progress" data-testid="download-progress" />
          <p className="text-sm text-base-content/70">
            {download.loaded.toLocaleString()} of {download.total.toLocaleString()} records ({percent}%){download.table ? ` · ${TABLE_LABELS[download.table]}` : ''}
          </p>
        </section>
      )}

      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="mb-2 text-lg font-semibold">Changes made on this device</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Waiting to send" value={counts.pending} />
          <Stat label="Trying again" value={counts.retrying} tone={counts.retrying ? 'text-warning' : ''} />
          <Stat label="Refused" value={counts.rejected} tone={counts.rejected ? 'text-error' : ''} />
          <Stat label="Sent" value={counts.completed} />
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
          <ul>{waiting.map((e) => <EntryRow key={e.id} entry={e} online={online} />)}</ul>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="tables-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 id="tables-title" className="font-semibold">Records on this device</h2>
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
