import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { bookKey, db } from './database';
import { DOWNLOAD_TABLES, downloadProgress, STATE_ALL, subscribeDownload, type DownloadProgress } from './initial-sync';

// Whether this device still waits for the shop's book (the first sync), and how far its download has come, for
// the screens: until the book is here an empty list or a search without a match says nothing about the shop
// (decision 0140). Read-only: the download itself (initial-sync.ts) only reports its progress.

export type FirstSyncPhase =
  /** Not known yet (the local store is being read): say neither "empty" nor "downloading". */
  | 'unknown'
  /** The book is on this device (a sync finished once): lists and searches mean what they say. */
  | 'done'
  /** No book yet and no download running: about to start, waiting for the connection, or stopped by an error. */
  | 'waiting'
  /** The download runs: `loaded` of `total` rows, table `tableIndex + 1` of `tableCount`. */
  | 'running';

export interface FirstSyncState {
  phase: FirstSyncPhase;
  loaded: number;
  total: number;
  /** The table being downloaded, with its 0-based place among `tableCount` tables (-1 before the first). */
  table: DownloadProgress['table'];
  tableIndex: number;
  tableCount: number;
  /** Why the last download run stopped (it goes on with the next pull), or null. */
  failed: string | null;
}

/** The first sync's state from the sync state record and the download's progress (pure, for tests). */
export function firstSyncState(synced: boolean | undefined, progress: DownloadProgress): FirstSyncState {
  const tableIndex = progress.table ? DOWNLOAD_TABLES.indexOf(progress.table) : -1;
  const phase: FirstSyncPhase = synced === undefined ? 'unknown' : synced ? 'done' : progress.running ? 'running' : 'waiting';
  return { phase, loaded: progress.loaded, total: progress.total, table: progress.table, tableIndex, tableCount: DOWNLOAD_TABLES.length, failed: progress.failed ?? null };
}

/** True while the book has not come down yet (waiting or running): an empty answer may only mean "not here yet". */
export function bookStillComing(state: FirstSyncState): boolean {
  return state.phase === 'waiting' || state.phase === 'running';
}

/** Live: the first sync's state (re-renders on each chunk and when the sync state record is written). */
export function useFirstSync(): FirstSyncState {
  // Keyed by the book in use: a screen drawn before the sign-in was restored asks again in the user's book.
  const synced = useLiveQuery(async () => (await db.syncState.where('table_name').equals(STATE_ALL).count()) > 0, [bookKey()]);
  const progress = useSyncExternalStore(subscribeDownload, downloadProgress, downloadProgress);
  return firstSyncState(synced, progress);
}

/** The download's progress in words: rows so far and the table it is on; for the screens and the Sync page. */
export function firstSyncText(state: FirstSyncState, online: boolean): string {
  if (state.phase === 'running') {
    const rows = state.total > 0 ? `${state.loaded.toLocaleString('en-PH')} of ${state.total.toLocaleString('en-PH')} rows so far` : `${state.loaded.toLocaleString('en-PH')} rows so far`;
    const table = state.tableIndex >= 0 ? `, table ${state.tableIndex + 1} of ${state.tableCount} (${state.table})` : '';
    return `Downloading the shop's book to this device: ${rows}${table}.`;
  }
  if (state.phase === 'waiting') {
    if (!online) return "The shop's book is not on this device yet: it downloads when the connection returns.";
    if (state.failed) return `The download of the shop's book stopped (${state.failed}) after ${state.loaded.toLocaleString('en-PH')} rows: it goes on by itself at the next sync.`;
    return online ? "The shop's book is not on this device yet: its download is starting." : "The shop's book is not on this device yet: it downloads when the connection returns.";
  }
  return '';
}
