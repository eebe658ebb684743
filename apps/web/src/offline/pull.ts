import type { PushedDelta } from '@kalinga/contracts/live-changes';
import type { SyncDeltaReply } from '@kalinga/contracts/sync';
import { SYNC_EPOCH, SYNC_TABLES, USE_TABLE_ENDPOINTS } from '@kalinga/contracts/sync-constants';
import { api, ApiError } from '../lib/api-client';
import { bookKey, db } from './database';
import { beginDownload, BookChangedError, runDownload, STATE_ALL, STATE_DOWNLOAD, syncStateOf } from './initial-sync';
import { withLock } from './locks';
import { applyItem, applyLoan, applyRow, applyTransactions, type ApplyContext } from './queue-apply';
import { uuidsWithOpenEntries } from './sync-queue';
import { userMay } from './permissions';
import { pullBranches } from './branches-local';

// Pulls with the server's cursor (never the client's clock): GET /api/sync?since=<cursor>. The first pull sends
// the epoch; a reply recommending 'Use individual table endpoints' switches to the chunked download. A pull never
// overwrites a row with unsent local changes and applies tombstones. One pull at a time across tabs.

export const PULL_LOCK = 'kalinga-sync-pull';

/** Removes rows the server deleted, except those with unsent changes. */
async function applyTombstones(deleted: SyncDeltaReply['data']['deleted'], open: { has(uuid: string): boolean }): Promise<void> {
  for (const table of SYNC_TABLES) {
    for (const uuid of deleted[table] ?? []) {
      const local = (await db.table(table).get(uuid)) as { sync_status?: string } | undefined;
      if (local && local.sync_status === 'synced' && !open.has(uuid)) await db.table(table).delete(uuid);
    }
  }
}

/** The book the pull began in was replaced (sign-out, another user, another company): its reply is not this book's. */
class BookChanged extends Error {}

/**
 * The clerk's own cash days (decision 0193), like any pulled row: a day with unsent changes (its open or close still
 * queued here) keeps them and takes the server's copy as its base; an older copy than the device's is ignored, by
 * versions.
 */
async function applyCashDays(days: SyncDeltaReply['data']['cash_days'], ctx: ApplyContext): Promise<void> {
  for (const day of days ?? []) await applyRow('cashDays', day, ctx);
}

/**
 * Applies a delta reply in one transaction and advances the cursor to its end; with `from`, only when the book's
 * cursor is `from` (read in the same transaction): resolves whether it was applied.
 */
async function applyDelta(reply: SyncDeltaReply, book: string, from?: string): Promise<boolean> {
  const { data, meta } = reply;
  if (bookKey() !== book) throw new BookChanged();
  return db.transaction('rw', [db.customers, db.loans, db.items, db.transactions, db.categories, db.cashDays, db.syncQueue, db.syncState], async () => {
    const state = await syncStateOf(STATE_ALL);
    if (from !== undefined && state?.lastSyncTime !== from) return false;
    const ctx: ApplyContext = { open: await uuidsWithOpenEntries() };
    await applyCashDays(data.cash_days, ctx);
    for (const row of data.categories) await applyRow('categories', row, ctx);
    for (const row of data.customers) await applyRow('customers', row, ctx);
    for (const loan of data.loans) await applyLoan(loan, ctx);
    for (const item of data.items) await applyItem(item, ctx);
    await applyTransactions(data.transactions);
    await applyTombstones(data.deleted, ctx.open);
    await db.syncState.put({ id: state?.id, table_name: STATE_ALL, lastSyncTime: meta.cursor, lastId: 0, dataVersion: 1, totalRecords: (state?.totalRecords ?? 0) + meta.total_changes, synced_at: meta.server_time });
    return true;
  });
}

/**
 * A delta the live stream carried (docs/decisions/0360-deltas-carried-in-the-signal.md): the reply this device's own
 * pull after `from` would give, applied exactly as that reply when `from` is the book's cursor, under the pull lock
 * (a pull under way finishes first; then its cursor decides). Resolves false when it was not applied (another
 * cursor: behind, ahead, another restore tag, the epoch; a download under way; no lending book): the caller pulls.
 */
export function applyPushedDelta(delta: PushedDelta): Promise<boolean> {
  return withLock(PULL_LOCK, async () => {
    if (!userMay('view lending') || delta.meta.recommendation !== null) return false;
    if (await syncStateOf(STATE_DOWNLOAD)) return false;
    const { from, to: _to, ...reply } = delta;
    try {
      return await applyDelta(reply, bookKey(), from);
    } catch (error) {
      if (error instanceof BookChanged) return false;
      throw error;
    }
  });
}

/** A cursor the server refused (ahead of it: a restored backup, another company's cursor). */
function refusedCursor(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && Boolean(error.errors.since ?? error.errors.until);
}

type BookRow = { uuid: string; sync_status?: string; version?: number; _base?: { version?: number } };

/** The row without the versions of a history the server no longer has: the server's next copy is laid under it. */
function withoutVersions(row: BookRow): BookRow {
  const out = { ...row };
  delete out.version;
  if (out._base) {
    out._base = { ...out._base };
    delete out._base.version;
  }
  return out;
}

/**
 * Starts the book again from the epoch after the server refused its cursor (restored from a backup: decision 0190;
 * defect 6). Every unsent change and the queue are kept. The rows with none are dropped: the epoch pull brings the
 * server's copy of each again, and a row the restore lost does not stay behind as if it were synced. The kept rows
 * forget their versions, which count a history the restore undid, so the server's copies are laid under them again.
 */
export async function forgetCursor(): Promise<void> {
  await db.transaction('rw', [db.customers, db.loans, db.items, db.transactions, db.categories, db.cashDays, db.syncQueue, db.syncState], async () => {
    const open = await uuidsWithOpenEntries();
    // The register is the server's alone and never has unsent rows: its copy starts again whole (the guard of
    // decision 0187 lets only a clear remove its rows).
    await db.transactions.clear();
    // The clerk's cash days are kept the same way (decision 0193): every pull brings the open ones again.
    for (const table of [...SYNC_TABLES, 'cashDays'] as const) {
      if (table === 'transactions') continue;
      const rows = (await db.table(table).toArray()) as BookRow[];
      const kept = rows.filter((r) => open.has(r.uuid) || r.sync_status === 'pending' || r.sync_status === 'failed');
      const keptIds = new Set(kept.map((r) => r.uuid));
      await db.table(table).bulkDelete(rows.filter((r) => !keptIds.has(r.uuid)).map((r) => r.uuid));
      if (kept.length > 0) await db.table(table).bulkPut(kept.map(withoutVersions));
    }
    await db.syncState.clear();
  });
}

async function pullLocked(): Promise<void> {
  try {
    await pullOnce();
  } catch (error) {
    // The book changed under the pull: its owner's next pull goes on from where this one stopped.
    if (error instanceof BookChangedError) return;
    if (!refusedCursor(error)) throw error;
    console.warn('The server refused this device\'s sync cursor: syncing again from the epoch.');
    await forgetCursor();
    await pullOnce();
  }
}

async function pullOnce(): Promise<void> {
  const book = bookKey();
  // A download cut off by a reload (or a lost connection) goes on from its last chunk.
  if (await syncStateOf(STATE_DOWNLOAD)) await runDownload();
  const since = (await syncStateOf(STATE_ALL))?.lastSyncTime ?? SYNC_EPOCH;
  requestLeft = { at: Date.now(), book };
  const reply = await api.get<SyncDeltaReply>('/api/sync', { since });
  if (bookKey() !== book) return;
  if (reply.meta.recommendation === USE_TABLE_ENDPOINTS) {
    // Chunks carry rows, not deletions: the server keeps this window's tombstones in the recommendation reply, and
    // the clerk's cash days (few: one a date).
    await db.transaction('rw', [db.customers, db.loans, db.items, db.transactions, db.categories, db.cashDays, db.syncQueue], async () => {
      const open = await uuidsWithOpenEntries();
      await applyTombstones(reply.data.deleted, open);
      await applyCashDays(reply.data.cash_days, { open });
    });
    await beginDownload(reply.meta.cursor, reply.meta.total_changes);
    await runDownload();
    return;
  }
  try {
    await applyDelta(reply, book);
  } catch (error) {
    if (!(error instanceof BookChanged)) throw error;
  }
}

/**
 * A user without 'view lending' has no book to pull: a known user is not asked for (a counselor's every load
 * logged a 403), and a 403 (permissions changed since) ends the pull quietly.
 */
async function pullIfAllowed(): Promise<void> {
  if (!userMay('view lending')) return;
  try {
    await pullLocked();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return;
    throw error;
  }
  // The branch picker's list, kept for a start without the network (decision 0341); a failure keeps the last one.
  await pullBranches().catch(() => undefined);
}

// The pull under way in this tab, when and for which book its delta request left (null: not yet), and whether one
// more is owed.
let running: Promise<void> | null = null;
let requestLeft: { at: number; book: string } | null = null;
let again = false;

/**
 * Pulls changes (the initial sync when no sync state exists): a pull whose request leaves at `neededFrom` or later
 * (this device's clock; the caller's reason to pull: now, a signal's arrival, the stream's opening, the engine's
 * start). A call while one runs shares it when that one's request has not left yet, or left at `neededFrom` or later
 * for the book in use now; else one more pull follows it, shared by every such call (decision 0374: a start-up pull and the stream's opening pull
 * are one request).
 */
export function pullChanges(neededFrom: number = Date.now()): Promise<void> {
  if (running) {
    if (requestLeft !== null && (requestLeft.at < neededFrom || requestLeft.book !== bookKey())) again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      requestLeft = null;
      await withLock(PULL_LOCK, pullIfAllowed);
    } while (again);
  })().finally(() => {
    running = null;
    requestLeft = null;
  });
  return running;
}
