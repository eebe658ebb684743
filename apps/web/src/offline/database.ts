import Dexie from 'dexie';
import { BOOK_USER_KEY, COMPANY_KEY } from '../lib/storage-keys';
import { DB_NAME, type KalingaDB, SCHEMA_V15, SCHEMA_V16 } from './db';
import { bookSealMiddleware } from './book-seal';
import { registerGuardMiddleware } from './register-guard';
import { storageFullMiddleware } from './storage-persistence';

// Two kinds of local database (decision 0110):
// - the device's (`PawnshopDB`): the stored session and the site settings, read before anyone is known;
// - one book per user and company (`PawnshopDB-u<user>-c<company>`): the lending book, its sync queue and sync
//   state. The book in use is always the one of the signed-in user and the company every API call names, so one
//   user's rows and unsent changes are never read, shown or sent by another user or in another company; a user's
//   unsent work waits in their book until they sign in here again.

/**
 * The IndexedDB this copy of the module opens its databases in: the environment's as the module loads, as Dexie's
 * own default is. A simulated device (the convergence test) loads its own copy of the engine over its own.
 */
const environment: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {
  indexedDB: globalThis.indexedDB,
  IDBKeyRange: globalThis.IDBKeyRange,
};

/**
 * Opens a local database at schema version 16 (decision 0171: the original 15 plus the cash days; product-rules.md#local-store). A database
 * older than 15 (rows from an older app, which cannot be trusted) has all its local tables wiped on the way up; the
 * v15 and v16 upgrades touch no row. The wipe is declared once, at 14: Dexie runs every declared upgrade above the
 * stored version, so a database at 10 to 13 is wiped as when 11 to 14 each declared it, and each declared version
 * is parsed again whenever a database is opened (~10 ms of start-up per version at 4x CPU, decision 0289).
 */
export function openLocalDatabase(name: string = DB_NAME): KalingaDB {
  const db = new Dexie(name, environment.indexedDB ? { indexedDB: environment.indexedDB, IDBKeyRange: environment.IDBKeyRange } : undefined) as KalingaDB;
  db.version(14)
    .stores(SCHEMA_V15)
    // The tables of that version: the upgrade's transaction also names later versions' tables (cashDays), which
    // do not exist yet at this step (clearing them failed the whole open).
    .upgrade(async (tx) => {
      await Promise.all(Object.keys(SCHEMA_V15).map((table) => tx.table(table).clear()));
    });
  db.version(15).stores(SCHEMA_V15);
  db.version(16).stores(SCHEMA_V16);
  // A full device is said in a toast, whichever write hit it (never a silent loss).
  db.use(storageFullMiddleware);
  // The register's rows are the server's: never changed or deleted here (decision 0187).
  db.use(registerGuardMiddleware);
  // Pawners' ID numbers are kept sealed under the book's key, opened as they are read (decision 0375).
  db.use(bookSealMiddleware(name));
  return db;
}

let device: KalingaDB | null = null;

/** The device's database: the stored session (`auth`) and the site settings (`settings`). */
export function deviceDatabase(): KalingaDB {
  device ??= openLocalDatabase(DB_NAME);
  return device;
}

export interface BookOwner {
  userId: number;
  companyId: number;
}

/** The signed-in user and the company the API calls name, or null before sign-in. */
export function bookOwner(): BookOwner | null {
  const userId = Number(localStorage.getItem(BOOK_USER_KEY));
  const companyId = Number(localStorage.getItem(COMPANY_KEY));
  return userId > 0 && companyId > 0 ? { userId, companyId } : null;
}

export function bookName(owner: BookOwner): string {
  return `${DB_NAME}-u${owner.userId}-c${owner.companyId}`;
}

/** Identifies the book in use: a run or pull that began in one book stops when another takes its place. */
export function bookKey(): string {
  const owner = bookOwner();
  return owner ? bookName(owner) : DB_NAME;
}

const books = new Map<string, KalingaDB>();

/** The book in use (the device's database, which holds no book, while nobody is signed in). */
export function currentBook(): KalingaDB {
  const owner = bookOwner();
  if (!owner) return deviceDatabase();
  const name = bookName(owner);
  let book = books.get(name);
  if (!book) {
    book = openLocalDatabase(name);
    books.set(name, book);
  }
  return book;
}

/**
 * The app's local database as its code uses it: the book of whoever is signed in, in the company they work in.
 * Each property read goes to the book in use at that moment (inside a Dexie transaction: the transaction's).
 */
export const db: KalingaDB = new Proxy({} as KalingaDB, {
  get(_target, property) {
    // Inside a transaction, the transaction's database: a sign-in between two of its steps cannot split it.
    const book = (Dexie.currentTransaction?.db as KalingaDB | undefined) ?? currentBook();
    const value: unknown = Reflect.get(book, property, book);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(book) : value;
  },
});

/** The lowest and highest index keys, for a range over a compound index's second part (features import no Dexie). */
export const MIN_KEY: unknown = Dexie.minKey;
export const MAX_KEY: unknown = Dexie.maxKey;
