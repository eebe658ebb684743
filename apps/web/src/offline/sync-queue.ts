import { BRANCH_KEY } from '../lib/storage-keys';
import { bookOwner, db } from './database';
import type { SyncOperation, SyncQueueEntry } from './db';

// The sync queue's entries (product-rules.md#sync-queue). Writers add entries inside the same Dexie
// transaction as the rows they change (lending-actions.ts, categories-local.ts); the runner (queue-runner.ts)
// sends them. Why it works this way: docs/decisions/0080-sync-queue-locks-cursor.md.

/** Fired on window after an entry was queued (the sync engine starts a run when online). */
export const QUEUE_CHANGED_EVENT = 'sync-queue-changed';

const CLIENT_ID_KEY = 'sync:client-id';

/**
 * This book's id, made once and kept in its settings table: the Idempotency-Key of an entry is
 * `${clientId}-${entry.id}`, unique across browsers and across a wiped-and-recreated database. Read from the book
 * each time (one small read per queue run or print), never kept in memory: another user's book, or this one
 * cleared, has an id of its own.
 */
export function clientId(): Promise<string> {
  return db.transaction('rw', db.settings, async () => {
    const kept = await db.settings.get(CLIENT_ID_KEY);
    if (typeof kept?.data.id === 'string') return kept.data.id;
    const id = crypto.randomUUID();
    await db.settings.put({ id: CLIENT_ID_KEY, data: { id }, updated_at: new Date().toISOString() });
    return id;
  });
}

export function idempotencyKey(client: string, entry: SyncQueueEntry): string {
  return `${client}-${entry.id}`;
}

/**
 * Adds an entry. Call inside a `db.transaction('rw', ..., db.syncQueue, ...)` together with the row writes so that
 * a row and its entry are stored together or not at all.
 */
export async function enqueue(operation: SyncOperation, data: SyncQueueEntry['data'], now: Date = new Date(), touched?: string[], subject?: string): Promise<SyncQueueEntry> {
  const owner = bookOwner();
  const entry: SyncQueueEntry = { operation, data, status: 'pending', created_at: now.toISOString(), retry_count: 0, priority: 0 };
  if (owner) Object.assign(entry, { user_id: owner.userId, company_id: owner.companyId });
  const branch = actingBranchId();
  if (branch !== null) entry.branch_id = branch;
  if (touched?.length) entry.touched = touched;
  if (subject) entry.subject = subject;
  entry.id = await db.syncQueue.add(entry);
  return entry;
}

/**
 * The branch the device acts at now (the branch switcher's, decision 0302), or null. An entry keeps the branch it
 * was written at and is sent with it, so switching branch before the queue is sent moves nothing (decision 0322).
 */
export function actingBranchId(): number | null {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(BRANCH_KEY);
  const id = Number(stored);
  return stored && Number.isInteger(id) && id > 0 ? id : null;
}

/** Tells the engine that entries were queued (after the transaction committed). */
export function announceQueued(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}

/** Entries not yet completed, in queue order. */
export async function openEntries(): Promise<SyncQueueEntry[]> {
  const rows = await db.syncQueue.where('status').anyOf('pending', 'failed').toArray();
  return rows.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

const OWN_FIELDS = new Set(['uuid', 'new_uuid']);

function collect(entry: Pick<SyncQueueEntry, 'data'>, own: boolean): string[] {
  const keys = new Set<string>();
  const visit = (data: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string' || v === '' || !(k === 'uuid' || k.endsWith('_uuid'))) continue;
      if (OWN_FIELDS.has(k) === own) keys.add(v);
    }
  };
  visit(entry.data);
  const items = entry.data.items;
  if (Array.isArray(items)) for (const item of items) if (item && typeof item === 'object') visit(item as Record<string, unknown>);
  return [...keys];
}

/** The records an entry writes: the rows its action wrote (or its uuid, a renewal's new_uuid, a new loan's items). */
export function ownKeys(entry: Pick<SyncQueueEntry, 'data' | 'touched'>): string[] {
  const keys = collect(entry, true);
  for (const k of entry.touched ?? []) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** The records an entry refers to (customer_uuid, category_uuid, loan_uuid, ...). */
export function refKeys(entry: Pick<SyncQueueEntry, 'data' | 'touched'>): string[] {
  return collect(entry, false);
}

/** Whether an entry brings a record into being (a new customer, loan, item, category, renewal's ticket, cash day). */
export function isCreate(entry: Pick<SyncQueueEntry, 'operation'>): boolean {
  return entry.operation.startsWith('CREATE_') || entry.operation === 'RENEW_LOAN' || entry.operation === 'OPEN_CASH_DAY';
}

/**
 * Order per record: an entry waits while an earlier open entry writes the same record (a redeem after an edit),
 * or creates a record it refers to (a loan waits for its customer's create, a renew for its loan's create).
 * `earlier` holds the open entries before it that have not completed in this run.
 */
export function mustWait(entry: SyncQueueEntry, earlier: SyncQueueEntry[]): boolean {
  const own = new Set(ownKeys(entry));
  const refs = new Set(refKeys(entry));
  return earlier.some((e) => ownKeys(e).some((k) => own.has(k) || (refs.has(k) && isCreate(e))));
}

/** uuids with an open (pending or failed) entry: a pull must not overwrite these rows. */
export async function uuidsWithOpenEntries(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const entry of await openEntries()) for (const k of ownKeys(entry)) keys.add(k);
  return keys;
}
