import { db } from './database';
import type { SyncQueueEntry } from './db';
import type { ApplyContext } from './queue-apply';
import { ownKeys } from './sync-queue';

/**
 * The open entries' records during one pass of the queue runner, kept in memory: read once per pass, an entry's keys
 * dropped when it completes, and entries queued since then (ids above the pass's last) read by primary key when a
 * reply is applied. Rechecking every open entry per reply would make a drain of n entries cost n² reads.
 */
export class OpenRecords {
  private readonly counts = new Map<string, number>();
  private readonly maxId: number;

  constructor(entries: SyncQueueEntry[]) {
    for (const e of entries) this.add(e, 1);
    this.maxId = entries.reduce((m, e) => Math.max(m, e.id ?? 0), 0);
  }

  private add(entry: SyncQueueEntry, by: number): void {
    for (const k of ownKeys(entry)) this.counts.set(k, (this.counts.get(k) ?? 0) + by);
  }

  completed(entry: SyncQueueEntry): void {
    this.add(entry, -1);
  }

  /** Undoes `completed` (its transaction did not commit). */
  reopened(entry: SyncQueueEntry): void {
    this.add(entry, 1);
  }

  /** Inside the replies' transaction: the records of entries queued since the pass began (none can be queued during it). */
  async newer(): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const e of await db.syncQueue.where('id').above(this.maxId).toArray()) if (e.status !== 'completed') for (const k of ownKeys(e)) keys.add(k);
    return keys;
  }

  /** The records other open entries than `entry` still write (`newer` read in the same transaction). */
  besides(entry: SyncQueueEntry, newer: Set<string>): ApplyContext['open'] {
    const own = new Set(ownKeys(entry));
    return { has: (uuid) => newer.has(uuid) || (this.counts.get(uuid) ?? 0) > (own.has(uuid) ? 1 : 0) };
  }
}
