import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { db } from './database';
import type { SyncQueueEntry, SyncStateRecord } from './db';
import { downloadProgress, STATE_ALL, subscribeDownload, type DownloadProgress } from './initial-sync';
import { isQueuePaused, subscribePaused } from './queue-runner';

// Live figures for the Sync status panel and the top bar's indicator (they re-render as the store changes).

export { type QueueCounts, useQueueCounts } from './queue-counts';

/** Entries not on the server yet, oldest first. */
export function useOpenEntries(): SyncQueueEntry[] | undefined {
  return useLiveQuery(async () => (await db.syncQueue.where('status').anyOf('pending', 'failed').sortBy('id')) as SyncQueueEntry[]);
}

/** Changes taken back (refused for good, or discarded) in the last week, newest first. */
export function useTakenBack(): SyncQueueEntry[] | undefined {
  return useLiveQuery(async () => ((await db.syncQueue.where('status').anyOf('refused', 'discarded').sortBy('id')) as SyncQueueEntry[]).reverse());
}

export const COUNTED_TABLES = ['customers', 'loans', 'items', 'transactions', 'categories'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

export function useTableCounts(): Record<CountedTable, number> | undefined {
  return useLiveQuery(async () => {
    const counts = await Promise.all(COUNTED_TABLES.map((t) => db.table(t).count()));
    return Object.fromEntries(COUNTED_TABLES.map((t, i) => [t, counts[i]])) as Record<CountedTable, number>;
  });
}

/** The sync state record (null before the first completed pull). */
export function useLastSync(): SyncStateRecord | null | undefined {
  return useLiveQuery(async () => (await db.syncState.where('table_name').equals(STATE_ALL).first()) ?? null);
}

export function useDownloadProgress(): DownloadProgress {
  return useSyncExternalStore(subscribeDownload, downloadProgress, downloadProgress);
}

/** True after a 401 stopped the queue until the user signs in again. */
export function useQueuePaused(): boolean {
  return useSyncExternalStore(subscribePaused, isQueuePaused, isQueuePaused);
}
