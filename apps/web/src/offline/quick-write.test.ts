import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type { AuthUser } from '@kalinga/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession, saveVerifiedSession } from './auth-local';
import { openLocalDatabase } from './database';
import { DB_NAME, SCHEMA_V15 } from './db';
import { adoptLegacyBook } from './legacy-book';
import { USE_DEXIE } from './quick-read';
import { quickCount } from './quick-write';
import { BOOK_USER_KEY, COMPANY_KEY } from '../lib/storage-keys';

// Decision 0389: start-up's write of the verified session and its check for an earlier book use the device's
// database without making and opening it through Dexie, when it is there at the schema's version.

const user = { id: 7, name: 'Ana' } as unknown as AuthUser;
const BOOK_TABLES = ['customers', 'loans', 'items', 'transactions', 'categories', 'syncQueue', 'syncState'];

/** The device's database as Dexie leaves it, closed again. */
async function deviceDatabaseThere(): Promise<void> {
  const db = openLocalDatabase(DB_NAME);
  await db.open();
  db.close();
}

function deleted(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

beforeEach(async () => {
  await deleted(DB_NAME);
  localStorage.setItem(BOOK_USER_KEY, '7');
  localStorage.setItem(COMPANY_KEY, '3');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the short way to the device database', () => {
  it('keeps the verified session without opening the database through Dexie, and Dexie reads it back', async () => {
    await deviceDatabaseThere();
    const opened = vi.spyOn(Dexie.prototype, 'open');
    const saved = await saveVerifiedSession('token-1', user);
    expect(opened).not.toHaveBeenCalled();
    expect(localStorage.getItem('session_stored')).toBe('1');
    opened.mockRestore();
    const db = openLocalDatabase(DB_NAME);
    expect(await db.auth.get('session')).toEqual(saved);
    db.close();
    expect((await readStoredSession())?.token).toBe('token-1');
  });

  it('stores the session through Dexie when there is no database yet', async () => {
    const opened = vi.spyOn(Dexie.prototype, 'open');
    await saveVerifiedSession('token-2', user);
    expect(opened).toHaveBeenCalled();
    expect((await readStoredSession())?.token).toBe('token-2');
  });

  it('finds no earlier book without opening the device database through Dexie', async () => {
    await deviceDatabaseThere();
    const opened = vi.spyOn(Dexie.prototype, 'open');
    expect(await adoptLegacyBook()).toBe(0);
    expect(opened).not.toHaveBeenCalled();
  });

  it('counts the earlier book\'s rows, and cannot tell for a database at another version', async () => {
    expect(await quickCount(BOOK_TABLES)).toBe(0);
    await deviceDatabaseThere();
    const db = openLocalDatabase(DB_NAME);
    await db.customers.put({ uuid: 'c-1', sync_status: 'synced' } as never);
    await db.syncQueue.put({ operation: 'CREATE_CUSTOMER', status: 'pending' } as never);
    db.close();
    expect(await quickCount(BOOK_TABLES)).toBe(2);
    await deleted(DB_NAME);
    const old = new Dexie(DB_NAME);
    old.version(15).stores(SCHEMA_V15);
    await old.open();
    old.close();
    expect(await quickCount(BOOK_TABLES)).toBe(USE_DEXIE);
  });
});

describe("the cipher's first load (decision 0389)", () => {
  it('returns in a task after the one that evaluated its module, and at once when loaded', async () => {
    vi.resetModules();
    const { loadCipher } = await import('./book-seal');
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await loadCipher();
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 0);
    timers.mockClear();
    await loadCipher();
    expect(timers).not.toHaveBeenCalled();
  });
});
