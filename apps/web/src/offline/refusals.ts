import { db } from './database';
import type { SyncQueueEntry } from './db';
import { rebase, type LocalRow, type RebaseResult } from './local-rows';
import { isCreate, openEntries, ownKeys, refKeys } from './sync-queue';

// Taking a change back (decision 0112): the server refused it for good (409: the record moved on; 404: it is not
// there), or the user discarded it from the Sync panel. The entry closes without reaching the server, so do the
// later entries that depend on a record it made (a renewal's new ticket, a new loan's items), and the device's rows
// are made again from the server's copy and the entries still open. What changed back is kept on the entry.

export type DropStatus = 'refused' | 'discarded';

/** The records an entry brings into being (none for a change of an existing record). */
function madeBy(entry: SyncQueueEntry): string[] {
  if (!isCreate(entry)) return [];
  if (entry.operation === 'RENEW_LOAN') return [String(entry.data.new_uuid), ...ownKeys(entry).filter((k) => k !== entry.data.uuid)];
  return ownKeys(entry);
}

/** The entry and every later open entry that writes or refers to a record it (or another of them) makes. */
export function withDependants(root: SyncQueueEntry, open: SyncQueueEntry[]): SyncQueueEntry[] {
  const out = [root];
  const made = new Set(madeBy(root));
  for (const e of open) {
    if ((e.id ?? 0) <= (root.id ?? 0) || e.id === root.id) continue;
    if ([...ownKeys(e), ...refKeys(e)].some((k) => made.has(k))) {
      out.push(e);
      for (const k of madeBy(e)) made.add(k);
    }
  }
  return out;
}

/** A record's own name: its ticket number, a customer's name, an item's description, a title. */
export function recordName(row: LocalRow): string | undefined {
  if (row.pawn_ticket_number) return String(row.pawn_ticket_number);
  if (row.first_name || row.last_name) return [row.first_name, row.last_name].filter(Boolean).join(' ');
  if (row.description) return String(row.description);
  if (row.title) return String(row.title);
  if (row.loan_date) return 'New ticket';
  if (row.day && row.opening_float !== undefined) return `Cash day ${String(row.day)}`;
  return undefined;
}

/** How a record is named in a sentence: 'Ticket PT-…', 'Customer Ana Lim', 'Item “Ring”'. */
export function recordLabel(row: LocalRow): string {
  if (row.pawn_ticket_number) return `Ticket ${String(row.pawn_ticket_number)}`;
  if (row.first_name || row.last_name) return `Customer ${[row.first_name, row.last_name].filter(Boolean).join(' ')}`;
  if (row.description) return `Item “${String(row.description)}”`;
  if (row.title) return `Category “${String(row.title)}”`;
  if (row.loan_date) return 'A new ticket';
  if (row.day && row.opening_float !== undefined) return `Cash day ${String(row.day)}`;
  return 'A record';
}

/** What undoing a status means, by the status the device showed. */
const UNDONE: Record<string, string> = {
  renewed: 'renewal undone',
  redeemed: 'redemption undone',
  forfeited: 'forfeiture undone',
  for_sale: 'sale price undone',
  sold: 'sale undone',
};

/** One sentence per record the take-back changed on this device, as the user sees it. */
export function describeChanges({ before, after }: RebaseResult): string {
  const lines: string[] = [];
  for (const [uuid, was] of before) {
    const now = after.get(uuid);
    if (!was) continue;
    if (!now) lines.push(`${recordLabel(was)} removed.`);
    else if (was.status !== now.status && was.status) lines.push(`${recordLabel(now)}: ${UNDONE[String(was.status)] ?? 'change undone'}.`);
  }
  return lines.length ? lines.join(' ') : 'Nothing on this device needed undoing.';
}

/**
 * Closes `entry` and its dependants with `status`, takes their effects back and returns what changed.
 * Runs in its own transaction over the rows and the queue.
 */
export async function dropEntry(entryId: number, status: DropStatus, reason: string): Promise<string> {
  return db.transaction('rw', [db.customers, db.loans, db.items, db.categories, db.cashDays, db.syncQueue], async () => {
    const root = await db.syncQueue.get(entryId);
    if (!root || root.status === 'completed' || root.status === 'refused' || root.status === 'discarded') return '';
    const dropped = withDependants(root, await openEntries());
    const keys = new Set<string>();
    for (const e of dropped) for (const k of ownKeys(e)) keys.add(k);
    const now = new Date().toISOString();
    for (const e of dropped) {
      const error = e.id === root.id ? reason : 'Not sent: it depended on a change that was taken back.';
      await db.syncQueue.update(e.id!, { status, error, error_kind: undefined, next_attempt_at: undefined, completed_at: now });
    }
    const reverted = describeChanges(await rebase(keys));
    await db.syncQueue.update(root.id!, { reverted });
    return reverted;
  });
}

/**
 * The user's correction of a refused entry: its body's fields replaced, sent again, and the device's rows made
 * again with the corrected change.
 */
export async function correctEntry(entryId: number, fields: Record<string, unknown>): Promise<void> {
  await db.transaction('rw', [db.customers, db.loans, db.items, db.categories, db.cashDays, db.syncQueue], async () => {
    const entry = await db.syncQueue.get(entryId);
    if (!entry || entry.status !== 'failed') return;
    const data = { ...entry.data, ...fields, uuid: entry.data.uuid };
    await db.syncQueue.update(entryId, { data, status: 'pending', error: undefined, error_kind: undefined, next_attempt_at: undefined });
    await rebase(ownKeys(entry));
  });
}
