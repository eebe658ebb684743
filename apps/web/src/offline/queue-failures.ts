import { db } from './database';
import type { SyncQueueEntry } from './db';
import { ROW_TABLES } from './local-rows';
import { ownKeys } from './sync-queue';

// What a send that did not go through leaves on its entry and its records: a retry after a back-off, or a refusal
// shown with the server's sentence until the user retries, corrects or discards it (docs/decisions/0080).

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/** Exponential back-off with jitter: 2 s, 4 s, 8 s ... at most 5 minutes, each between half and all of it. */
export function backoffMs(retryCount: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retryCount - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The server's sentence for a refusal: its field messages, else its message, else its status. */
export function sentenceOf(payload: unknown, status: number): string {
  const body = (payload && typeof payload === 'object' ? payload : {}) as { message?: unknown; errors?: Record<string, unknown> };
  const fieldErrors = Object.values(body.errors ?? {}).flatMap((v) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));
  if (fieldErrors.length > 0) return fieldErrors.join(' ');
  if (typeof body.message === 'string' && body.message) return body.message;
  return `The server answered ${status}.`;
}

export function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Refusals that mean the record moved on (409) or is not there (404): the change is taken back at once. */
export function isFinalRefusal(status: number): boolean {
  return status === 404 || status === 409;
}

export async function retryLater(entry: SyncQueueEntry, error: string, retryAfterSeconds?: number): Promise<void> {
  const retry_count = entry.retry_count + 1;
  const wait = Math.max(backoffMs(retry_count), (retryAfterSeconds ?? 0) * 1000);
  await db.syncQueue.update(entry.id!, { status: 'failed', error_kind: 'retry', error, retry_count, next_attempt_at: new Date(Date.now() + wait).toISOString() });
}

/**
 * Any other 4xx: the change cannot be made as it is. Shown with the server's sentence on the entry and on its
 * records, its dependants waiting; the user retries, corrects or discards it from the Sync panel.
 */
export async function reject(entry: SyncQueueEntry, error: string): Promise<void> {
  await db.transaction('rw', [db.syncQueue, db.customers, db.loans, db.items, db.categories, db.cashDays], async () => {
    await db.syncQueue.update(entry.id!, { status: 'failed', error_kind: 'rejected', error, retry_count: entry.retry_count + 1, next_attempt_at: undefined });
    await markRows(entry, { sync_status: 'failed', sync_error: error }, () => true);
  });
}

/** Sets fields on the rows an entry wrote (in whichever table they are) that pass `when`. */
export async function markRows(entry: SyncQueueEntry, fields: Record<string, unknown>, when: (row: { sync_status?: string }) => boolean): Promise<void> {
  for (const uuid of ownKeys(entry)) {
    for (const table of ROW_TABLES) {
      const row = (await db.table(table).get(uuid)) as { sync_status?: string } | undefined;
      if (!row) continue;
      if (when(row)) await db.table(table).update(uuid, fields);
      break;
    }
  }
}
