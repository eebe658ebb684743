import { applyOperation, type EffectTable, type Row, type RowStore } from '@kalinga/contracts/lending/effects';
import Dexie from 'dexie';
import { db } from './database';
import { cleanFor, withSyncStatus } from './local-save';
import { openEntries, ownKeys } from './sync-queue';

// The device's rows are the server's rows with the unsent operations applied on top (decision 0111).
// A row changed on the device keeps the server's copy it started from in `_base` (absent for a row the device
// made itself), so that whenever an operation leaves the queue (sent, refused, discarded) or the server's copy
// moves on (a pull), the row can be made again: the server's copy, then every operation still open, in queue
// order, through the same effects the actions used (contracts' lending-effects.ts).

export const ROW_TABLES: EffectTable[] = ['customers', 'loans', 'items', 'categories', 'cashDays'];
const LOCAL_FIELDS = ['sync_status', 'sync_error', 'last_synced_at', '_base', 'searchTerms'];

export type LocalRow = Row & { sync_status?: string; sync_error?: string; _base?: Row; version?: number };

/** A row as the server sent it: the device's own fields left out. */
export function serverCopy(row: Row): Row {
  const out: Row = { ...row };
  for (const f of LOCAL_FIELDS) delete out[f];
  return out;
}

/** The server's copy a row stands on: its `_base`, a synced row itself, or none (made on this device). */
export function baseOf(row: LocalRow | undefined): Row | undefined {
  if (!row) return undefined;
  if (row._base) return row._base;
  return row.sync_status === 'synced' ? serverCopy(row) : undefined;
}

/** A server row stored as synced (cleaned for its table). */
export function syncedRow(table: EffectTable, row: Row): LocalRow {
  return withSyncStatus(cleanFor(table, row), false) as LocalRow;
}

/** A row changed on the device: cleaned, pending, standing on `base`. */
function changedRow(table: EffectTable, row: Row, base: Row | undefined): LocalRow {
  const out = withSyncStatus(cleanFor(table, row), true) as LocalRow;
  delete out.sync_error;
  if (base) out._base = base;
  else delete out._base;
  return out;
}

/** Keeps a loan's nested copy of an item in step with the items table. */
function nestItem(item: LocalRow): Promise<unknown> {
  return db.loans.get(String(item.loan_uuid)).then((loan) => {
    if (!loan) return undefined;
    const items = (loan.items ?? []).filter((i) => i.uuid !== item.uuid);
    return db.loans.put({ ...loan, items: [...items, item as never] });
  });
}

/**
 * The store an action writes through, inside its Dexie transaction: each row written is marked pending and keeps
 * the server's copy it started from. `touched` collects the uuids written (the entry's records), `written` the rows
 * as stored. A row read before it is written is not read again to find the copy it stands on (one IndexedDB round
 * trip less a write: the transaction holds its tables, so nothing else changed it meanwhile).
 */
export function actionStore(touched: Set<string>, written: Map<string, LocalRow> = new Map()): RowStore {
  // The rows as read (a copy, so that an effect changing what it got does not change the base it stands on).
  const read = new Map<string, LocalRow | undefined>();
  const remember = (table: EffectTable, uuid: string, row: LocalRow | undefined) => {
    read.set(`${table}:${uuid}`, row === undefined ? undefined : structuredClone(row));
    return row;
  };
  // Dexie's own promises all the way (no async wrappers): a native await chain too deep loses the transaction's zone.
  const previous = (table: EffectTable, uuid: string) => {
    const key = `${table}:${uuid}`;
    return read.has(key) ? Dexie.Promise.resolve(read.get(key)) : (db.table(table).get(uuid) as unknown as Promise<LocalRow | undefined>);
  };
  return {
    get: (table, uuid) => db.table(table).get(uuid).then((row: LocalRow | undefined) => remember(table, uuid, row)) as unknown as Promise<Row | undefined>,
    itemsOf: (loanUuid) =>
      db.items
        .where('loan_uuid')
        .equals(loanUuid)
        .toArray()
        .then((items) => items.map((item) => remember('items', item.uuid, item as unknown as LocalRow))) as unknown as Promise<Row[]>,
    put: (table, row) =>
      previous(table, row.uuid).then((before: LocalRow | undefined) => {
        const stored = changedRow(table, row, baseOf(before));
        if (table === 'loans') stored.items = ((row.items as Row[] | undefined) ?? []).map((i) => changedRow('items', { ...i, loan_uuid: row.uuid }, undefined));
        touched.add(row.uuid);
        written.set(row.uuid, stored);
        remember(table, row.uuid, stored);
        return db
          .table(table)
          .put(stored)
          .then(() => (table === 'items' ? nestItem(stored).then(() => read.delete(`loans:${String(stored.loan_uuid)}`)) : undefined));
      }) as unknown as Promise<void>,
  };
}

/** Applies an action's operation to the device's rows; returns the uuids it wrote (and fills `written` with the rows). */
export function applyAction(operation: string, data: Row, now: string, written?: Map<string, LocalRow>, branchId: number | null = null): Promise<string[]> {
  const touched = new Set<string>();
  return applyOperation(operation, data, actionStore(touched, written), { now, branchId }).then(() => [...touched]);
}

type Slot = { table: EffectTable; row: LocalRow | null; base: Row | undefined };

/** The rows a rebase works on, in memory; read through to the database for rows it has not met. */
class Overlay implements RowStore {
  readonly slots = new Map<string, Slot>();
  touchedBy = new Set<string>();

  async load(uuid: string): Promise<Slot | undefined> {
    const had = this.slots.get(uuid);
    if (had) return had;
    for (const table of ROW_TABLES) {
      const row = (await db.table(table).get(uuid)) as LocalRow | undefined;
      if (!row) continue;
      const base = baseOf(row);
      // Back to the server's copy: what the device made itself is gone until its operations are applied again.
      const slot: Slot = { table, row: base ? syncedRow(table, base) : null, base };
      this.slots.set(uuid, slot);
      return slot;
    }
    return undefined;
  }

  async get(table: EffectTable, uuid: string): Promise<Row | undefined> {
    const slot = await this.load(uuid);
    return slot && slot.table === table ? (slot.row ?? undefined) : undefined;
  }

  async itemsOf(loanUuid: string): Promise<Row[]> {
    for (const item of await db.items.where('loan_uuid').equals(loanUuid).toArray()) await this.load(item.uuid);
    return [...this.slots.values()].filter((s) => s.table === 'items' && s.row && s.row.loan_uuid === loanUuid).map((s) => s.row!);
  }

  async put(table: EffectTable, row: Row): Promise<void> {
    const slot = (await this.load(row.uuid)) ?? { table, row: null, base: undefined };
    slot.row = changedRow(table, row, slot.base);
    this.slots.set(row.uuid, slot);
    this.touchedBy.add(row.uuid);
  }
}

export interface RebaseResult {
  /** Rows before and after, by uuid, for the records the rebase made again. */
  before: Map<string, LocalRow | undefined>;
  after: Map<string, LocalRow | undefined>;
}

/**
 * Makes the given records (and every record an open entry writes) again: the server's copy, then the open
 * entries in queue order. A refused entry awaiting the user's decision still shows, marked failed. Call inside
 * a `rw` transaction over the row tables and the queue.
 */
export async function rebase(keys: Iterable<string>): Promise<RebaseResult> {
  const entries = await openEntries();
  const overlay = new Overlay();
  const wanted = new Set(keys);
  for (const e of entries) for (const k of ownKeys(e)) wanted.add(k);
  const before = new Map<string, LocalRow | undefined>();
  for (const uuid of wanted) {
    await overlay.load(uuid);
    // A loan's items are made again with it (a renewal moves them; a redemption closes them).
    const slot = overlay.slots.get(uuid);
    if (slot?.table === 'loans') await overlay.itemsOf(uuid);
  }
  for (const [uuid, slot] of overlay.slots) before.set(uuid, (await db.table(slot.table).get(uuid)) as LocalRow | undefined);
  for (const entry of entries) {
    overlay.touchedBy = new Set();
    await applyOperation(entry.operation, entry.data, overlay, { now: entry.created_at, branchId: entry.branch_id ?? null });
    if (entry.status === 'failed' && entry.error_kind === 'rejected') {
      for (const uuid of overlay.touchedBy) {
        const slot = overlay.slots.get(uuid);
        if (slot?.row) slot.row = { ...slot.row, sync_status: 'failed', sync_error: entry.error };
      }
    }
  }
  const after = new Map<string, LocalRow | undefined>();
  const loans = new Set<string>();
  for (const [uuid, slot] of overlay.slots) {
    const was = before.get(uuid);
    if (!before.has(uuid)) before.set(uuid, (await db.table(slot.table).get(uuid)) as LocalRow | undefined);
    if (slot.row) await db.table(slot.table).put(slot.row);
    else if (was) await db.table(slot.table).delete(uuid);
    after.set(uuid, slot.row ?? undefined);
    if (slot.table === 'loans') loans.add(uuid);
    if (slot.table === 'items') {
      if (slot.row?.loan_uuid) loans.add(String(slot.row.loan_uuid));
      if (was?.loan_uuid) loans.add(String(was.loan_uuid));
    }
  }
  await renest(loans);
  return { before, after };
}

/** A loan's nested items made from the items table (the one truth for items). */
export async function renest(loanUuids: Iterable<string>): Promise<void> {
  for (const uuid of loanUuids) {
    const loan = await db.loans.get(uuid);
    if (!loan) continue;
    const items = await db.items.where('loan_uuid').equals(uuid).toArray();
    await db.loans.put({ ...loan, items });
  }
}
