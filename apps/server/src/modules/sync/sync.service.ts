import type { Category } from '@kalinga/contracts/categories';
import {
  cursorOf,
  SYNC_DELTA_LIMIT,
  type SyncChunkReply,
  type SyncDeltaReply,
  type SyncQuery,
  type SyncTable,
  USE_TABLE_ENDPOINTS,
  versionOf,
} from '@kalinga/contracts/sync';
import type { DB } from '../../db/database';
import { unprocessable } from '../../lib/http-errors';
import { toCategory } from '../categories/category.service';
import type { ItemRow, LoanRow } from '../../db/tables';
import { toCustomer, toItem, toLoan, toTransaction } from '../lending/lending-replies';
import { currentVersion } from '../../db/sync-version';
import type { Page, SyncWindow } from '../../db/sync-window';
import { lendingCategoryRows as categoryRows } from '../categories/category.repository';
import { toCashDay } from '../lending/cash-day.service';
import type { CashDay } from '@kalinga/contracts/cash-days';
import { cashDayRows, customerRows, itemRows, itemsOfLoans, loanRows, transactionRows } from '../lending/lending-pull.repository';
import { countChanges, countTable, inSnapshot, tombstones } from './sync.repository';
import { listFieldConflicts } from '../lending/lending-records.repository';
import { paginationMeta } from '../../lib/pagination';

// GET /api/sync: the pull of the offline store (docs/decisions/0065-sync-pull.md).

export const CURSOR_AHEAD = 'This cursor is ahead of the server; sync again from the epoch.';
export const UNTIL_BEFORE_SINCE = 'The until cursor may not be before the since cursor.';

/** The exclusive lower bound a `since` names: -1 for the epoch (everything, version 0 included), else the cursor's version. */
export function lowerBound(since: string): number {
  return since.startsWith('c') ? (versionOf(since) ?? 0) : -1;
}

/** Loans with their items nested (as of the window's end). */
async function loansWithItems(db: DB, w: SyncWindow, rows: LoanRow[], byIdRange = false) {
  const items = await itemsOfLoans(db, w, rows, byIdRange);
  const byLoan = new Map<number, ItemRow[]>();
  for (const row of items) {
    const list = byLoan.get(row.loan_id);
    if (list) list.push(row);
    else byLoan.set(row.loan_id, [row]);
  }
  return rows.map((r) => toLoan(r, byLoan.get(r.id) ?? []));
}

async function tableRows(db: DB, table: SyncTable, w: SyncWindow, page?: Page): Promise<SyncChunkReply['data']> {
  switch (table) {
    case 'customers':
      return (await customerRows(db, w, page)).map(toCustomer);
    case 'loans':
      // A branch's loans are spread over the chain's ids: their items by id list, not by the id range (decision 0304).
      return loansWithItems(db, w, await loanRows(db, w, page), page !== undefined && !w.branchIds);
    case 'items':
      return (await itemRows(db, w, page)).map(toItem);
    case 'transactions':
      return (await transactionRows(db, w, page)).map(toTransaction);
    case 'categories':
      return (await categoryRows(db, w, page)).map(toCategory);
  }
}

export const emptyDeleted = (): SyncDeltaReply['data']['deleted'] => ({ customers: [], loans: [], items: [], transactions: [], categories: [] });

/** Tombstones by table; a uuid whose row is in the same reply was written again after its deletion, so the row wins. */
async function deletedIn(db: DB, w: SyncWindow, present: Partial<Record<SyncTable, { uuid: string }[]>>): Promise<SyncDeltaReply['data']['deleted']> {
  const deleted = emptyDeleted();
  for (const t of await tombstones(db, w)) {
    if (!(t.table_name in deleted)) continue;
    const table = t.table_name as SyncTable;
    if (present[table]?.some((r) => r.uuid === t.uuid)) continue;
    if (!deleted[table].includes(t.uuid)) deleted[table].push(t.uuid);
  }
  return deleted;
}

/** A delta's rows of the window, without the clerk's cash days: what every reader of the same branches gets. */
export type DeltaRows = Omit<SyncDeltaReply['data'], 'cash_days'>;

/**
 * What a delta holds in the window `w` (read on the caller's snapshot): its count of changed rows, and the rows
 * unless there are more than `limit` (the pull then recommends the download).
 */
export async function deltaRowsIn(trx: DB, w: SyncWindow, limit = SYNC_DELTA_LIMIT): Promise<{ total: number; rows: DeltaRows | null }> {
  const counts = await countChanges(trx, w);
  const total = counts.customers + counts.loans + counts.items + counts.transactions + counts.categories + counts.tombstones;
  if (total > limit) return { total, rows: null };
  const customers = counts.customers ? (await customerRows(trx, w)).map(toCustomer) : [];
  const loans = counts.loans ? await loansWithItems(trx, w, await loanRows(trx, w)) : [];
  const items = counts.items ? (await itemRows(trx, w)).map(toItem) : [];
  const transactions = counts.transactions ? (await transactionRows(trx, w)).map(toTransaction) : [];
  const categories: Category[] = counts.categories ? (await categoryRows(trx, w)).map(toCategory) : [];
  const deleted = counts.tombstones ? await deletedIn(trx, w, { customers, loans, items, transactions, categories }) : emptyDeleted();
  return { total, rows: { customers, loans, items, transactions, categories, deleted } };
}

/**
 * The clerks' own cash days in a delta's window (decision 0193), by clerk: the days changed in it and every day still
 * open, with its position so far. A clerk with none is left out of the map.
 */
export async function clerksCashDays(trx: DB, w: SyncWindow, clerkIds: readonly number[]): Promise<Map<number, CashDay[]>> {
  const byClerk = new Map<number, CashDay[]>();
  if (clerkIds.length === 0) return byClerk;
  for (const row of await cashDayRows(trx, w, clerkIds)) {
    if (row.user_id === null) continue;
    const day = await toCashDay(trx, row);
    const list = byClerk.get(row.user_id);
    if (list) list.push(day);
    else byClerk.set(row.user_id, [day]);
  }
  return byClerk;
}

/**
 * The delta reply of what was read on one snapshot up to `counter`: the rows, or with none (over SYNC_DELTA_LIMIT)
 * the recommendation of the chunked download with the window's tombstones (`deleted`).
 */
export async function deltaReply(counter: number, total: number, rows: DeltaRows | null, cashDays: CashDay[], deleted: () => Promise<SyncDeltaReply['data']['deleted']>, serverTime = new Date().toISOString()): Promise<SyncDeltaReply> {
  const meta = { cursor: cursorOf(counter), server_time: serverTime, total_changes: total };
  if (rows === null) {
    return { data: { customers: [], loans: [], items: [], transactions: [], categories: [], cash_days: cashDays, deleted: await deleted() }, meta: { ...meta, recommendation: USE_TABLE_ENDPOINTS } };
  }
  const { deleted: gone, ...rest } = rows;
  return { data: { ...rest, cash_days: cashDays, deleted: gone }, meta: { ...meta, recommendation: null } };
}

/**
 * Every change after `since` up to the counter read first, all read on one snapshot; with `clerkId`, that clerk's
 * cash days too. Above SYNC_DELTA_LIMIT changed rows the data is left empty (tombstones excepted: a chunked download
 * carries none) and the reply recommends the chunked download pinned to meta.cursor. A pushed delta
 * (live-deltas.ts, decision 0360) is built by the same functions.
 */
export async function pullDelta(db: DB, companyId: number, query: SyncQuery, clerkId: number | null = null, branchIds: number[] | null = null): Promise<SyncDeltaReply> {
  return inSnapshot(db, async (trx) => {
    const counter = await currentVersion(trx, companyId);
    const after = lowerBound(query.since);
    if (after > counter) throw unprocessable({ since: [CURSOR_AHEAD] });
    const w: SyncWindow = { companyId, after, until: counter, branchIds };
    const { total, rows } = await deltaRowsIn(trx, w);
    // The clerk's own days (decision 0193): few (one a date), so they come in this reply even when it recommends
    // the chunked download, read on the same snapshot.
    const cashDays = clerkId === null ? [] : ((await clerksCashDays(trx, w, [clerkId])).get(clerkId) ?? []);
    return deltaReply(counter, total, rows, cashDays, () => deletedIn(trx, w, {}));
  });
}

// A download's progress total, counted once per (company, table, window) and reused by its later chunks.
const TOTALS_KEPT = 500;
const totals = new WeakMap<DB, Map<string, number>>();

async function windowTotal(db: DB, table: SyncTable, w: SyncWindow, firstChunk: boolean): Promise<number> {
  let kept = totals.get(db);
  if (!kept) totals.set(db, (kept = new Map()));
  const key = `${w.companyId}|${table}|${w.after}|${w.until}`;
  const known = kept.get(key);
  if (known !== undefined && !firstChunk) return known;
  const n = await countTable(db, table, w);
  kept.delete(key);
  if (kept.size >= TOTALS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, n);
  return n;
}

/**
 * One chunk of a table's download: rows of the window (since, until], ordered by id after last_id.
 * `until` defaults to the current counter; the client passes the first chunk's meta.cursor to every
 * later chunk (and every other table), so rows written meanwhile wait for the next delta.
 * No snapshot is needed: every read is bounded by `until`, every version up to it had committed when the
 * counter said so (versions commit in order), and a row changed since has a greater version and is left
 * out, never shown half-changed. With `until` pinned, the counter check and the reads go side by side.
 */
export async function pullChunk(db: DB, companyId: number, table: SyncTable, query: SyncQuery, branchIds: number[] | null = null): Promise<SyncChunkReply> {
  const after = lowerBound(query.since);
  const pinned = query.until === undefined ? null : (versionOf(query.until) ?? 0);
  if (pinned !== null && after > pinned) throw unprocessable({ until: [UNTIL_BEFORE_SINCE] });
  const page: Page = { afterId: query.last_id, limit: query.chunk_size + 1 };
  const reads = (until: number) => {
    const w: SyncWindow = { companyId, after, until, branchIds };
    return Promise.all([tableRows(db, table, w, page), windowTotal(db, table, w, query.last_id === 0)]);
  };
  const [counter, early] = await Promise.all([currentVersion(db, companyId), pinned === null ? null : reads(pinned)]);
  if (pinned !== null && pinned > counter) throw unprocessable({ until: [CURSOR_AHEAD] });
  if (pinned === null && after > counter) throw unprocessable({ since: [CURSOR_AHEAD] });
  const until = pinned ?? counter;
  const [rows, total] = early ?? (await reads(until));
  const hasMore = rows.length > query.chunk_size;
  const data = hasMore ? rows.slice(0, query.chunk_size) : rows;
  return {
    data,
    meta: {
      table,
      cursor: cursorOf(until),
      server_time: new Date().toISOString(),
      has_more: hasMore,
      next_chunk_id: hasMore ? data[data.length - 1].id : null,
      total,
    },
  };
}

/** The fields an offline update overwrote unseen, newest first, a page at a time (the company column left out). */
export async function fieldConflicts(db: DB, companyId: number, query: { page: number; perPage: number; recordUuid?: string }) {
  const { rows, total } = await listFieldConflicts(db, companyId, query);
  return { data: rows.map(({ company_id: _company, ...conflict }) => conflict), meta: paginationMeta(query.page, query.perPage, total) };
}
