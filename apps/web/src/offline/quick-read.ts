import { DB_NAME, SCHEMA_VERSION } from './db';

// One row read from the local database with plain IndexedDB, without Dexie: the stored session and the site
// settings that every signed-in start-up reads (decisions 0097/0098). Loading, evaluating and opening Dexie
// (its schema checks included) cost a signed-in reload ~30 ms of main thread before the first screen painted,
// four times that in Lighthouse's simulation (decision 0098). The data stays where it is: the same database, tables
// and rows that Dexie writes (database.ts); only the read takes the short way.
//
// Whenever the short way cannot answer for sure (no IndexedDB, a database at another schema version that
// Dexie would upgrade first, a missing table, any error) the caller falls back to its Dexie read.

/** The short way could not answer: read through Dexie instead. */
export const USE_DEXIE = Symbol('use Dexie');

let connection: Promise<IDBDatabase | null> | null = null;

/** The database as Dexie left it at the schema version, or null (none here: nothing stored). Throws otherwise. */
function openExisting(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    let created = false;
    // No database yet: not created here (Dexie creates it with its schema on its first write).
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      // Dexie keeps version x at IndexedDB version 10x; at another one Dexie upgrades (or wipes, product-rules.md#local-store) first.
      if (Math.ceil(db.version / 10) !== SCHEMA_VERSION) {
        db.close();
        reject(new Error(`local database at version ${db.version}`));
        return;
      }
      // Dexie asking for an upgrade (or a deletion) must not wait for this connection.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => (connection = null);
      resolve(db);
    };
    request.onerror = () => (created ? resolve(null) : reject(request.error));
    request.onblocked = () => reject(new Error('local database blocked'));
  });
}

/** The row under `key` in `table`, undefined when there is none, or USE_DEXIE when this way cannot tell. */
export async function quickRead<T>(table: 'auth' | 'settings', key: string): Promise<T | undefined | typeof USE_DEXIE> {
  if (typeof indexedDB === 'undefined') return USE_DEXIE;
  try {
    connection ??= openExisting();
    const db = await connection;
    if (!db) {
      connection = null;
      return undefined;
    }
    return await new Promise<T | undefined>((resolve, reject) => {
      const request = db.transaction(table, 'readonly').objectStore(table).get(key);
      request.onsuccess = () => resolve(request.result as T | undefined);
      request.onerror = () => reject(request.error);
    });
  } catch {
    connection = null;
    return USE_DEXIE;
  }
}
