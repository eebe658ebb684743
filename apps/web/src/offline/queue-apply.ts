import type { Category } from '@kalinga/contracts/categories';
import type { Customer, Item, Loan, Transaction } from '@kalinga/contracts/lending';
import { db } from './database';
import type { LocalItem, LocalLoan, LocalTransaction } from './db';
import { cleanFor, withSyncStatus, type StoreTable } from './local-save';

// Writing server rows into the local store: the queue's replies and the pulls. A row whose record still has
// unsent local changes (an open queue entry, or sync_status pending/failed) keeps its local state; from a queue
// reply it takes only what the server alone knows (id, server_id, ticket number). Nested items match by uuid.

export const REPLY_TABLES = () => [db.customers, db.loans, db.items, db.transactions, db.categories, db.syncQueue];

/** Server-made fields a record with pending local changes still takes from a reply. */
function identityOf(row: { id: number }, table: StoreTable): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, server_id: row.id };
  if (table === 'loans') {
    const loan = row as unknown as Loan;
    out.pawn_ticket_number = loan.pawn_ticket_number;
    out.category_id = loan.category_id;
  }
  return out;
}

export interface ApplyContext {
  /** uuids of records that still have open queue entries (besides the one being completed). */
  open: { has(uuid: string): boolean };
  /** From a pull: rows with local changes are left entirely alone (not even their ids are taken). */
  fromPull?: boolean;
}

/**
 * The local row when it must keep its state: it has open queue entries; or, from a pull, it is not synced, or it is
 * newer than the pulled row (a queue reply applied while the pull's request was under way).
 */
async function keepsLocal(table: StoreTable, row: { uuid: string; updated_at?: string }, ctx: ApplyContext): Promise<Record<string, unknown> | null> {
  const local = (await db.table(table).get(row.uuid)) as Record<string, unknown> | undefined;
  if (!local) return null;
  if (ctx.open.has(row.uuid)) return local;
  if (!ctx.fromPull) return null;
  const newer = Date.parse(String(local.updated_at)) > Date.parse(String(row.updated_at)); // NaN compares false
  return local.sync_status !== 'synced' || newer ? local : null;
}

/** Puts one server row (not a loan) into its table; returns the stored row, or null when the local one was kept. */
export async function applyRow(table: Exclude<StoreTable, 'loans'>, row: Customer | Item | Transaction | Category, ctx: ApplyContext): Promise<Record<string, unknown> | null> {
  const local = await keepsLocal(table, row, ctx);
  if (local) {
    if (ctx.fromPull) return null;
    const merged = { ...local, ...identityOf(row, table) };
    await db.table(table).put(merged);
    return merged;
  }
  const stored = withSyncStatus(cleanFor(table, row), false);
  await db.table(table).put(stored);
  return stored;
}

/** Puts an item and the copy nested in its loan (unless the loan keeps its local state). */
export async function applyItem(item: Item, ctx: ApplyContext): Promise<void> {
  const stored = (await applyRow('items', item, ctx)) as LocalItem | null;
  if (!stored) return;
  const loan = await db.loans.get(item.loan_uuid);
  if (!loan || (ctx.fromPull && (loan.sync_status !== 'synced' || ctx.open.has(loan.uuid)))) return;
  const items = loan.items ?? [];
  const at = items.findIndex((i) => i.uuid === item.uuid);
  const next = at >= 0 ? items.map((i, n) => (n === at ? stored : i)) : [...items, stored];
  await db.loans.put({ ...loan, items: next });
}

/** Puts a loan with its nested items (matched by uuid), each item into the items table too. */
export async function applyLoan(loan: Loan, ctx: ApplyContext): Promise<void> {
  const items: LocalItem[] = [];
  for (const item of loan.items) {
    const stored = await applyRow('items', { ...item, loan_uuid: loan.uuid }, ctx);
    items.push((stored ?? (await db.items.get(item.uuid))) as LocalItem);
  }
  const local = await keepsLocal('loans', loan, ctx);
  if (local) {
    if (ctx.fromPull) return;
    const localItems = (local.items as LocalItem[] | undefined) ?? [];
    const byUuid = new Map(items.map((i) => [i.uuid, i]));
    const merged = localItems.map((i) => {
      const server = byUuid.get(i.uuid);
      return server ? { ...i, id: server.id, server_id: server.id } : i;
    });
    await db.loans.put({ ...local, ...identityOf(loan, 'loans'), items: merged } as LocalLoan);
    return;
  }
  const stored = withSyncStatus(cleanFor('loans', loan), false) as LocalLoan;
  stored.items = items.filter(Boolean);
  await db.loans.put(stored);
}

/** Transactions are the server's alone: always stored as sent. */
export async function applyTransactions(rows: Transaction[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transactions.bulkPut(rows.map((t) => withSyncStatus(cleanFor('transactions', t), false) as unknown as LocalTransaction));
}
