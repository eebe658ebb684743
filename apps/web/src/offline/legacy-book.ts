import { bookOwner, currentBook, deviceDatabase } from './database';
import type { SyncQueueEntry } from './db';
import { SESSION_ID } from './session-hint';

// Before decision 0110 the lending book lived in the device's database (PawnshopDB). Its rows and unsent changes
// are moved, once, into the book of the user whose session this device kept, so no change of an earlier version is
// lost or sent by someone else. Queue entry ids and the browser's client id move with them: a change whose reply
// was lost is sent again with the same Idempotency-Key.

const BOOK_TABLES = ['customers', 'loans', 'items', 'transactions', 'categories', 'syncQueue', 'syncState'] as const;
const CLIENT_ID_KEY = 'sync:client-id';

/** Moves the device database's book into the signed-in user's own (when it was theirs); returns the rows moved. */
export async function adoptLegacyBook(): Promise<number> {
  const owner = bookOwner();
  if (!owner) return 0;
  const device = deviceDatabase();
  const counts = await Promise.all(BOOK_TABLES.map((t) => device.table(t).count()));
  if (counts.every((n) => n === 0)) return 0;
  const session = await device.auth.get(SESSION_ID);
  // Only the user who was signed in here when the old version ran takes its book; anyone else never sees it.
  if (session?.user.id !== owner.userId) return 0;
  const book = currentBook();
  if ((await book.syncQueue.count()) > 0) return 0;
  let moved = 0;
  await book.transaction('rw', [...BOOK_TABLES.map((t) => book.table(t)), book.settings], async () => {
    for (const table of BOOK_TABLES) {
      let rows = (await device.table(table).toArray()) as Record<string, unknown>[];
      if (table === 'syncQueue') rows = rows.map((e) => ({ ...e, user_id: owner.userId, company_id: owner.companyId }) satisfies Partial<SyncQueueEntry>);
      await book.table(table).bulkPut(rows);
      moved += rows.length;
    }
    const client = await device.settings.get(CLIENT_ID_KEY);
    if (client) await book.settings.put(client);
  });
  await device.transaction('rw', BOOK_TABLES.map((t) => device.table(t)), async () => {
    for (const table of BOOK_TABLES) await device.table(table).clear();
  });
  return moved;
}
