import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './database';

// The top bar's sync indicator needs only the queue's counts: kept apart from use-sync-status.ts (which brings
// the queue runner, the first download and, through them, zod), so the indicator's chunk is Dexie and this
// (decision 0098: its code is evaluated on its own after the first screen, zod later with the sync engine).

export interface QueueCounts {
  pending: number;
  /** Failed, waiting for their back-off to end (sent again on their own). */
  retrying: number;
  /** Refused by the server (4xx): shown with the sentence, sent again only with Retry. */
  rejected: number;
  completed: number;
  /** Refused for good or discarded, and undone on this device (kept a week). */
  takenBack: number;
  /** Not yet on the server: pending + retrying + rejected. */
  unsent: number;
}

/** The queue's counts; undefined until the store has answered (never a false "0 unsent"). */
export function useQueueCounts(): QueueCounts | undefined {
  return useLiveQuery(async () => {
    const [pending, failed, completed, takenBack] = await Promise.all([
      db.syncQueue.where('status').equals('pending').count(),
      db.syncQueue.where('status').equals('failed').toArray(),
      db.syncQueue.where('status').equals('completed').count(),
      db.syncQueue.where('status').anyOf('refused', 'discarded').count(),
    ]);
    const rejected = failed.filter((e) => e.error_kind === 'rejected').length;
    const retrying = failed.length - rejected;
    return { pending, retrying, rejected, completed, takenBack, unsent: pending + failed.length };
  });
}


/** Changes of this book not on the server yet (pending or failed), read once (sign-out asks before it goes). */
export async function unsentCount(): Promise<number> {
  return db.syncQueue.where('status').anyOf('pending', 'failed').count();
}
