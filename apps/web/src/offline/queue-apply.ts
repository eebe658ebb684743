import type { CashDay } from '@kalinga/contracts/cash-days';
import type { Category } from '@kalinga/contracts/categories';
import type { ReplyKind } from '@kalinga/contracts/lending/operations';
import type { Customer, Item, Loan, LoanActionReply, Transaction } from '@kalinga/contracts/lending/schemas';
import type { Row } from '@kalinga/contracts/lending/effects';
import { db } from './database';
import type { LocalTransaction } from './db';
import { cleanFor, withSyncStatus, type StoreTable } from './local-save';
import { baseOf, renest, ROW_TABLES, serverCopy, syncedRow, type LocalRow } from './local-rows';

// Writing server rows into the local store: the queue's replies and the pulls (decision 0111). The server's copy of
// a row is kept whatever the row's local state: a row with unsent changes (an open queue entry) keeps showing them
// and takes the server's copy as the base they stand on; any other row shows the server's copy. Either way a copy
// older than the one the device has (a stored reply replayed after another device's change) is ignored, by the
// rows' versions. Nested items match by uuid; the items table is the truth for a loan's items.

export const REPLY_TABLES = () => [db.customers, db.loans, db.items, db.transactions, db.categories, db.cashDays, db.syncQueue];

/** Server-made fields a record with pending local changes still shows from a reply (its id and ticket number). */
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
}

/** True unless `server` is older than `local` (rows without a version are taken). */
export function notOlder(server: object, local: object | undefined): boolean {
  const a = Number((server as { version?: unknown }).version);
  const b = Number((local as { version?: unknown } | undefined)?.version);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return true;
  return a >= b;
}

type ServerRow = Customer | Item | Transaction | Category | Loan | CashDay;

/** Puts one server row; returns the stored row when it is shown as the server has it, else null. */
async function putServerRow(table: Exclude<StoreTable, 'transactions'>, row: ServerRow, ctx: ApplyContext): Promise<LocalRow | null> {
  const local = (await db.table(table).get(row.uuid)) as LocalRow | undefined;
  const copy = row as unknown as Row;
  if (local && ctx.open.has(row.uuid)) {
    const base = baseOf(local);
    if (base && !notOlder(copy, base)) return null;
    await db.table(table).put({ ...local, ...identityOf(row, table), _base: serverCopy(cleanFor(table, copy) as Row) });
    return null;
  }
  if (local && !notOlder(copy, baseOf(local) ?? local)) return null;
  const stored = syncedRow(table, copy);
  await db.table(table).put(stored);
  return stored;
}

/** Puts one server row (not a loan) into its table; returns the stored row, or null when the local one was kept. */
export async function applyRow(table: Exclude<StoreTable, 'loans'>, row: Customer | Item | Transaction | Category | CashDay, ctx: ApplyContext): Promise<Record<string, unknown> | null> {
  if (table === 'transactions') {
    await applyTransactions([row as Transaction]);
    return row;
  }
  return putServerRow(table, row, ctx);
}

/** Puts an item and the copy nested in its loan (and in the loan it left). */
export async function applyItem(item: Item, ctx: ApplyContext): Promise<void> {
  const before = (await db.items.get(item.uuid)) as LocalRow | undefined;
  await putServerRow('items', item, ctx);
  await renest([item.loan_uuid, ...(before?.loan_uuid ? [String(before.loan_uuid)] : [])]);
}

/** Puts a loan with its nested items (matched by uuid), each item into the items table too. */
export async function applyLoan(loan: Loan, ctx: ApplyContext): Promise<void> {
  const loans = new Set([loan.uuid]);
  for (const item of loan.items) {
    const before = (await db.items.get(item.uuid)) as LocalRow | undefined;
    if (before?.loan_uuid) loans.add(String(before.loan_uuid));
    await putServerRow('items', { ...item, loan_uuid: loan.uuid }, ctx);
  }
  await putServerRow('loans', loan, ctx);
  await renest(loans);
}

/** Transactions are the server's alone: always stored as sent. */
export async function applyTransactions(rows: Transaction[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transactions.bulkPut(rows.map((t) => withSyncStatus(cleanFor('transactions', t), false) as unknown as LocalTransaction));
}

/** How each kind of reply in the operations table is put into the store (docs/architecture.md#lending-slice). */
const REPLY_APPLIERS: Record<ReplyKind, (payload: unknown, ctx: ApplyContext) => Promise<unknown>> = {
  customer: (payload, ctx) => applyRow('customers', (payload as { data: Customer }).data, ctx),
  category: (payload, ctx) => applyRow('categories', (payload as { data: Category }).data, ctx),
  'cash-day': (payload, ctx) => applyRow('cashDays', (payload as { data: CashDay }).data, ctx),
  item: (payload, ctx) => applyItem((payload as { data: Item }).data, ctx),
  loan: (payload, ctx) => applyLoan((payload as { data: Loan }).data, ctx),
  'loan-action': async (payload, ctx) => {
    const action = payload as LoanActionReply;
    await applyLoan(action.data, ctx);
    if (action.new_loan) await applyLoan(action.new_loan, ctx);
    await applyTransactions(action.transactions ?? []);
  },
};

/** A successful reply to an operation, put into the store as its kind (the operation's `reply` in the table) says. */
export async function applyReply(kind: ReplyKind, payload: unknown, ctx: ApplyContext): Promise<void> {
  await REPLY_APPLIERS[kind](payload, ctx);
}

/**
 * After an entry is sent: each of its records that no other open entry writes shows the server's copy it now has.
 * A record without one (a reply that did not carry it) is left for the next pull.
 */
export async function settle(keys: string[], open: ApplyContext['open']): Promise<void> {
  const loans = new Set<string>();
  for (const uuid of keys) {
    if (open.has(uuid)) continue;
    for (const table of ROW_TABLES) {
      const row = (await db.table(table).get(uuid)) as LocalRow | undefined;
      if (!row) continue;
      if (row._base) {
        const stored = syncedRow(table, row._base);
        await db.table(table).put(stored);
        // An item the server moved (another counter's renewal) leaves the ticket it was nested in too.
        if (table === 'items' && stored.loan_uuid) loans.add(String(stored.loan_uuid));
        if (table === 'items' && row.loan_uuid) loans.add(String(row.loan_uuid));
        if (table === 'loans') loans.add(uuid);
      }
      break;
    }
  }
  await renest(loans);
}
