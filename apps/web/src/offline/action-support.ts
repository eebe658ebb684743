import { db } from './database';
import type { SyncOperation, SyncQueueEntry } from './db';
import { applyAction } from './local-rows';
import { reportStorageError } from './storage-persistence';
import { recordName } from './refusals';
import { actingBranchId, announceQueued, enqueue } from './sync-queue';
import { ROW_TABLES, type LocalRow } from './local-rows';

// The one transaction every local action writes in: the operation's effect on the rows (contracts'
// lending-effects.ts, through local-rows.ts) and its queue entry, together or not at all (decision 0111).

/** The name of the record an entry is about, as the device shows it now (the row the action wrote, if it did). */
async function subjectOf(uuid: string, written: Map<string, LocalRow>): Promise<string | undefined> {
  const own = written.get(uuid);
  if (own) return recordName(own);
  for (const table of ROW_TABLES) {
    const row = (await db.table(table).get(uuid)) as LocalRow | undefined;
    if (row) return recordName(row);
  }
  return undefined;
}

const WRITE_TABLES = () => [db.customers, db.loans, db.items, db.categories, db.cashDays, db.syncQueue];

/**
 * Runs `write` in ONE Dexie transaction with the queue entries it adds, so a row and its entry are stored
 * together or not at all; the engine hears of new entries only after the commit.
 */
export async function writeWithEntries<T>(write: (queue: (op: SyncOperation, data: SyncQueueEntry['data']) => Promise<void>) => Promise<T>): Promise<T> {
  try {
    // An async callback: Dexie then follows the effect's native awaits (a plain one loses the transaction's zone).
    const result = await db.transaction('rw', WRITE_TABLES(), async () =>
      write(async (op, data) => {
        // The rows come from the operation's one effect (the same a replay uses), then the entry with them.
        const now = new Date();
        const written = new Map<string, LocalRow>();
        const touched = await applyAction(op, data, now.toISOString(), written, actingBranchId());
        await enqueue(op, data, now, touched, await subjectOf(data.uuid, written));
      }),
    );
    announceQueued();
    return result;
  } catch (error) {
    reportStorageError(error);
    throw error;
  }
}
