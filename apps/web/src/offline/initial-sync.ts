import type { SyncChunkReply } from '@kalinga/contracts/sync';
import { SYNC_CHUNK_SIZE, SYNC_EPOCH, type SyncTable } from '@kalinga/contracts/sync-constants';
import { api } from '../lib/api-client';
import { ChunkFeed } from './chunk-feed';
import { bookKey, db } from './database';
import type { SyncStateRecord } from './db';
import { cleanFor, withSyncStatus } from './local-save';
import { uuidsWithOpenEntries } from './sync-queue';
import { serverCopy } from './local-rows';
import { notOlder } from './queue-apply';

// The chunked download (product-rules.md#pulls; GET /api/sync?table=...): customers, loans,
// items, transactions and categories in chunks of 1000, pinned to the cursor of the first reply (`until`) so
// rows changed meanwhile come with the next delta. Each chunk and its progress row are written in one
// transaction: after a reload the download resumes from lastId and refetches at most the chunk in flight (and the
// one fetched ahead of it, decision 0133).

/** The record that says the store holds the server's book: lastSyncTime = the server's cursor, dataVersion 1. */
export const STATE_ALL = 'all';
/** The download in progress: its pinned cursor and the rows it covers (for the progress bar). */
export const STATE_DOWNLOAD = 'download';
export const DOWNLOAD_TABLES: SyncTable[] = ['categories', 'customers', 'loans', 'items', 'transactions'];

/**
 * How far the first sync is, for the screens: running or not, the table being fetched (named from its first
 * request, before a row of it is written: chunks are fetched ahead), rows stored so far of the total the server
 * announced. Its place among DOWNLOAD_TABLES gives "table n of 5" (first-sync.ts).
 */
export interface DownloadProgress {
  running: boolean;
  table: SyncTable | null;
  loaded: number;
  total: number;
  /** Why the last run stopped (it resumes with the next pull), or null. */
  failed?: string | null;
}

/**
 * Rows fetched ahead of the writes: one chunk is fetched while the one before is written. Each chunk is written as
 * it comes (batches of 5,000, five chunks a transaction, measured slower in Chromium: decision 0133).
 */
const AHEAD_ROWS = SYNC_CHUNK_SIZE;

let progress: DownloadProgress = { running: false, table: null, loaded: 0, total: 0, failed: null };
const listeners = new Set<() => void>();

function report(next: Partial<DownloadProgress>): void {
  progress = { ...progress, ...next };
  listeners.forEach((l) => l());
}

export function downloadProgress(): DownloadProgress {
  return progress;
}

export function subscribeDownload(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function syncStateOf(table: string): Promise<SyncStateRecord | undefined> {
  return db.syncState.where('table_name').equals(table).first();
}

/** Spec: the initial sync runs only when no sync state record exists (a download in progress is resumed). */
export async function needsInitialSync(): Promise<boolean> {
  return !(await syncStateOf(STATE_ALL));
}

async function putState(table: string, fields: Omit<SyncStateRecord, 'id' | 'table_name'>): Promise<void> {
  const kept = await syncStateOf(table);
  await db.syncState.put({ ...fields, table_name: table, id: kept?.id });
}

/** Starts (or records) a download pinned to `cursor`. */
export async function beginDownload(cursor: string, total: number): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    await db.syncState.where('table_name').anyOf([STATE_DOWNLOAD, ...DOWNLOAD_TABLES]).delete();
    await putState(STATE_DOWNLOAD, { lastSyncTime: cursor, lastId: 0, dataVersion: 0, totalRecords: total });
  });
}

type Row = Record<string, unknown> & { uuid: string };

/** A server row as stored: cleaned for its table, synced at `stamp`; a loan's items too. */
function storedRow(table: SyncTable, row: Row, stamp: string): Record<string, unknown> {
  const stored = withSyncStatus(cleanFor(table, row), false, stamp);
  if (table === 'loans') stored.items = ((stored.items as Row[]) ?? []).map((i) => withSyncStatus(i, false, stamp));
  return stored;
}

/**
 * One chunk's rows, cleaned for the table. A row with unsent local changes keeps showing them and takes the
 * server's copy as its base; a row the device already has in a newer version (a queue reply) is left as it is.
 */
async function rowsToStore(table: SyncTable, rows: Row[], keep: Set<string>, onlyOurs: boolean): Promise<Record<string, unknown>[]> {
  const stamp = new Date().toISOString();
  // A first download holds only its own earlier chunks (other uuids): nothing to compare with (the common, large case).
  if (onlyOurs && keep.size === 0) return rows.map((row) => storedRow(table, row, stamp));
  const out: Record<string, unknown>[] = [];
  const locals = onlyOurs ? [] : await db.table(table).bulkGet(rows.map((r) => r.uuid));
  for (const [n, row] of rows.entries()) {
    const local = locals[n] as (Row & { _base?: Row; version?: number }) | undefined;
    if (keep.has(row.uuid)) {
      if (local && table !== 'transactions' && notOlder(row, local._base)) out.push({ ...local, _base: serverCopy(cleanFor(table, row) as Row) });
      continue;
    }
    if (local && !notOlder(row, local)) continue;
    out.push(storedRow(table, row, stamp));
  }
  return out;
}

async function localChanges(table: SyncTable): Promise<Set<string>> {
  const keep = await uuidsWithOpenEntries();
  const unsynced = await db.table(table).where('sync_status').anyOf('pending', 'failed').primaryKeys();
  for (const k of unsynced) keep.add(String(k));
  return keep;
}

let lastServerTime: string | undefined;

/** The book the download began in was replaced (sign-out, another user or company): it stops, to go on for its owner. */
export class BookChangedError extends Error {
  constructor() {
    super('Another book is in use: the download stops here and goes on when its owner signs in again.');
  }
}

/** Downloads one table from where it stopped; returns the rows it holds from this download. */
async function downloadTable(table: SyncTable, since: string, until: string, loadedElsewhere: number, book: string): Promise<number> {
  const kept = await syncStateOf(table);
  let stored = kept?.totalRecords ?? 0;
  if (kept?.dataVersion === 1) return stored;
  // The table in flight, not the last one written: its first batch may take a while to come and be stored.
  report({ table });
  let lastId = kept?.lastId ?? 0;
  // While the table holds only the rows this download put (it was empty and nothing else added one since), a chunk's
  // rows cannot be on the device yet: each row comes once, in id order. A queue reply that adds a row ends this.
  let ours = !kept && (await db.table(table).count()) === 0 ? 0 : -1;
  const fetchChunk = (from: number) => api.get<SyncChunkReply>('/api/sync', { table, since, last_id: from, chunk_size: SYNC_CHUNK_SIZE, until });
  // The next chunks are fetched (and parsed) while a batch is written: the network and IndexedDB overlap.
  const feed = new ChunkFeed(fetchChunk, lastId, AHEAD_ROWS);
  try {
    for (;;) {
      const replies = await feed.take();
      const last = replies[replies.length - 1];
      const data = replies.length === 1 ? replies[0].data : replies.flatMap((r) => r.data);
      const done = !last.meta.has_more || last.meta.next_chunk_id === null;
      const keep = await localChanges(table);
      lastServerTime = last.meta.server_time;
      lastId = last.meta.next_chunk_id ?? lastId;
      stored += data.length;
      // Nothing is awaited between this check and the batch's transaction: a batch is never written into another book.
      if (bookKey() !== book) throw new BookChangedError();
      await db.transaction('rw', db.table(table), db.syncState, async () => {
        const onlyOurs = ours >= 0 && (await db.table(table).count()) === ours;
        const rows = await rowsToStore(table, data as Row[], keep, onlyOurs);
        if (rows.length) await db.table(table).bulkPut(rows);
        ours = onlyOurs ? ours + rows.length : -1;
        await putState(table, { lastSyncTime: until, lastId, dataVersion: done ? 1 : 0, totalRecords: stored });
      });
      report({ table, loaded: loadedElsewhere + stored });
      if (done) return stored;
    }
  } finally {
    feed.stop();
  }
}

/**
 * Runs (or resumes) the chunked download and stores the sync state record: lastSyncTime = the pinned cursor,
 * dataVersion 1. Errors are logged and rethrown; the next pull resumes.
 */
export async function runDownload(): Promise<void> {
  const book = bookKey();
  const pinned = await syncStateOf(STATE_DOWNLOAD);
  if (!pinned) return;
  const since = (await syncStateOf(STATE_ALL))?.lastSyncTime ?? SYNC_EPOCH;
  const already = async () => {
    let n = 0;
    for (const table of DOWNLOAD_TABLES) n += (await syncStateOf(table))?.totalRecords ?? 0;
    return n;
  };
  report({ running: true, table: null, loaded: await already(), total: pinned.totalRecords, failed: null });
  try {
    let loaded = 0;
    for (const table of DOWNLOAD_TABLES) loaded += await downloadTable(table, since, pinned.lastSyncTime, loaded, book);
    if (bookKey() !== book) throw new BookChangedError();
    await db.transaction('rw', db.syncState, async () => {
      await putState(STATE_ALL, { lastSyncTime: pinned.lastSyncTime, lastId: 0, dataVersion: 1, totalRecords: loaded, synced_at: lastServerTime ?? new Date().toISOString() });
      await db.syncState.where('table_name').anyOf([STATE_DOWNLOAD, ...DOWNLOAD_TABLES]).delete();
    });
  } catch (error) {
    console.error('Initial sync failed', error);
    report({ failed: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    report({ running: false, table: null });
  }
}
