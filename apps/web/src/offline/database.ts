import Dexie from 'dexie';
import { DB_NAME, type KalingaDB, SCHEMA_V15 } from './db';
import { storageFullMiddleware } from './storage-persistence';

/**
 * Opens the local database at schema version 15. Spec section 4: upgrades to versions 11 to 14 wipe all
 * local tables (their rows came from an older app and cannot be trusted); the v15 upgrade does nothing.
 */
export function openLocalDatabase(name: string = DB_NAME): KalingaDB {
  const db = new Dexie(name) as KalingaDB;
  for (const version of [11, 12, 13, 14]) {
    db.version(version)
      .stores(SCHEMA_V15)
      .upgrade(async (tx) => {
        await Promise.all(tx.storeNames.map((table) => tx.table(table).clear()));
      });
  }
  db.version(15).stores(SCHEMA_V15);
  // A full device is said in a toast, whichever write hit it (never a silent loss).
  db.use(storageFullMiddleware);
  return db;
}

/** The app's one local database. */
export const db: KalingaDB = openLocalDatabase();
