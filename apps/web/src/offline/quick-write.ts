import { quickConnection, USE_DEXIE } from './quick-read';

// What start-up writes to, or counts in, the device's database (the stored session, the book's kept keys; the
// earlier book's tables),
// done with plain IndexedDB over quick-read.ts's connection instead of Dexie (decision 0389). Making a Dexie
// database (its declared versions parsed) and opening it (its installed schema read back) were main-thread tasks
// of 50-80 ms at 4x CPU after the first screen, for one row put and seven counts; the book is then the only
// database Dexie opens at start-up. Whenever this way cannot answer for sure (no database yet, another schema
// version, a missing table, any error) the caller does it through Dexie, as before.

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
  });
}

/** Puts `record` into `table` (its key is in the record, as Dexie keeps it); false when this way could not. */
export async function quickPut(table: 'auth', record: { id: string }): Promise<boolean> {
  const db = await quickConnection();
  if (db === USE_DEXIE || db === null) return false;
  try {
    const transaction = db.transaction(table, 'readwrite');
    transaction.objectStore(table).put(record);
    await done(transaction);
    return true;
  } catch {
    return false;
  }
}

/** Deletes the row under `key` in `table`; false when this way could not. */
export async function quickDelete(table: 'auth', key: string): Promise<boolean> {
  const db = await quickConnection();
  if (db === USE_DEXIE || db === null) return false;
  try {
    const transaction = db.transaction(table, 'readwrite');
    transaction.objectStore(table).delete(key);
    await done(transaction);
    return true;
  } catch {
    return false;
  }
}

/** The rows in these tables of the device's database together (0 when it does not exist), or USE_DEXIE. */
export async function quickCount(tables: readonly string[]): Promise<number | typeof USE_DEXIE> {
  const db = await quickConnection();
  if (db === USE_DEXIE) return USE_DEXIE;
  if (db === null) return 0;
  try {
    const transaction = db.transaction([...tables], 'readonly');
    const counts = tables.map((table) => transaction.objectStore(table).count());
    await done(transaction);
    return counts.reduce((sum, request) => sum + request.result, 0);
  } catch {
    return USE_DEXIE;
  }
}
