import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCustomer } from '../features/lending/book/lending-actions';
import { BOOK_USER_KEY, COMPANY_KEY } from '../lib/storage-keys';
import { clearStoredSession } from './auth-local';
import { openBook, type FetchBookKeys } from './book-key';
import { forgetBookDataKeys, toBase64Url } from './book-seal';
import { db, deviceDatabase } from './database';
import { SCHEMA_V16, type SyncQueueEntry } from './db';
import { BOOK_LOCKED, isSealed, shownIdNumber } from './sealed';
import { SESSION_ID } from './session-hint';

// A pawner's ID number in the offline book (decision 0375): sealed under the book's key in every row and queued
// change, opened on read while the user is signed in; after sign-out the book holds only ciphertext, and the same user
// signing in again reads it all. Plain numbers an earlier version kept are sealed at the first open with the key.

// Each test has a user of its own, so a book of its own (the file's tests share the worker's IndexedDB).
let user = 100;
const book = () => `PawnshopDB-u${user}-c3`;
const NUMBER = 'P1234567A';

const randomKey = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
const serverKeys = (current: string, keys: Record<string, string>): FetchBookKeys => () =>
  Promise.resolve({ current, keys: Object.entries(keys).map(([id, key]) => ({ id, key })) });
const offline: FetchBookKeys = () => Promise.reject(new TypeError('Failed to fetch'));

/** The book's rows as IndexedDB holds them: read past the app's code, as anyone with the browser profile could. */
async function rawBook(): Promise<string> {
  const raw = new Dexie(book());
  await raw.open();
  const rows = await Promise.all(['customers', 'syncQueue', 'settings'].map((t) => raw.table(t).toArray()));
  raw.close();
  return JSON.stringify(rows);
}

function customer(uuid: string, idNumber: string | null, status: 'synced' | 'pending' = 'synced') {
  return { uuid, id: 1, first_name: 'Ana', last_name: 'Cruz', id_type: 'Passport', id_number: idNumber, sync_status: status, created_at: '2026-11-01T00:00:00.000Z', searchTerms: ['ana', 'cruz'] };
}

function queued(uuid: string, idNumber: string): SyncQueueEntry {
  return { operation: 'CREATE_CUSTOMER', data: { uuid, first_name: 'Ben', last_name: 'Reyes', id_number: idNumber }, status: 'pending', created_at: '2026-11-01T00:00:00.000Z', retry_count: 0, priority: 1, user_id: user, company_id: 3 };
}

async function signedIn(): Promise<void> {
  localStorage.setItem(BOOK_USER_KEY, String(user));
  localStorage.setItem(COMPANY_KEY, '3');
  await deviceDatabase().auth.put({ id: SESSION_ID, token: 't', user: { id: user } as never, lastVerified: '2026-11-29T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z' });
}

/** Sign-out and a 401 as the auth store does them: the stored session goes (and the book keys with it). */
async function signOut(): Promise<void> {
  await clearStoredSession();
}

const K1 = randomKey();

beforeEach(async () => {
  user++;
  await signedIn();
});

describe('ID numbers in the offline book', () => {
  it('seals on write and opens on read, by key, by cursor and in queued changes; the raw book holds no number', async () => {
    expect(await openBook(serverKeys('k1', { k1: K1 }))).toBe(true);
    await db.customers.put(customer('c-1', NUMBER) as never);
    await db.syncQueue.add(queued('c-2', 'N-998877'));
    await db.syncQueue.add({ ...queued('c-1', 'NEW-1'), operation: 'UPDATE_CUSTOMER', data: { uuid: 'c-1', id_number: 'NEW-1', was: { id_number: NUMBER } } });
    const raw = await rawBook();
    expect(raw).not.toContain(NUMBER);
    expect(raw).not.toContain('N-998877');
    expect(raw).not.toContain('NEW-1');
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
    expect((await db.customers.where('searchTerms').startsWith('ana').filter(() => true).toArray())[0]?.id_number).toBe(NUMBER);
    expect((await db.customers.toArray())[0]?.id_number).toBe(NUMBER);
    expect(await db.syncQueue.where('status').anyOf('pending', 'failed').count()).toBe(2);
    expect((await db.syncQueue.where('status').anyOf('pending', 'failed').toArray()).map((e) => e.data.id_number)).toEqual(['N-998877', 'NEW-1']);
    const entries = await db.syncQueue.orderBy('id').toArray();
    expect(entries.map((e) => e.data.id_number)).toEqual(['N-998877', 'NEW-1']);
    expect((entries[1].data.was as { id_number: string }).id_number).toBe(NUMBER);
    // A change of another field keeps the number (the read-change-write path goes through the cursor).
    await db.customers.update('c-1', { first_name: 'Anna' });
    expect(await db.customers.get('c-1')).toMatchObject({ first_name: 'Anna', id_number: NUMBER });
    expect(await rawBook()).not.toContain(NUMBER);
  });

  it('after sign-out the book reads only ciphertext and takes no plain number; the same user signing in reads it again', async () => {
    await openBook(serverKeys('k1', { k1: K1 }));
    await db.customers.put(customer('c-1', NUMBER) as never);
    await signOut();
    expect(await deviceDatabase().auth.count()).toBe(0);
    const locked = await db.customers.get('c-1');
    expect(isSealed(locked?.id_number)).toBe(true);
    expect(shownIdNumber(locked?.id_number)).toBeNull();
    await expect(db.customers.put(customer('c-3', 'X-1') as never)).rejects.toThrow(BOOK_LOCKED);
    // Offline with no key kept (the session is gone): the book stays shut.
    await signedIn();
    expect(await openBook(offline)).toBe(false);
    expect(await openBook(serverKeys('k1', { k1: K1 }))).toBe(true);
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
  });

  it('opens offline while still signed in from the key kept for the session, which is not extractable', async () => {
    await openBook(serverKeys('k1', { k1: K1 }));
    await db.customers.put(customer('c-1', NUMBER) as never);
    const kept = (await deviceDatabase().table('auth').get(`book-key:u${user}:c3`)) as { keys: { key: CryptoKey }[] };
    expect(kept.keys[0].key.extractable).toBe(false);
    // A new page: nothing in memory.
    forgetBookDataKeys();
    expect(await openBook(offline)).toBe(true);
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
  });

  it('seals the plain numbers an earlier version kept, once, at the first open with the key', async () => {
    const old = new Dexie(book());
    old.version(16).stores(SCHEMA_V16);
    await old.open();
    await old.table('customers').put(customer('c-1', NUMBER));
    await old.table('syncQueue').add(queued('c-2', 'N-998877'));
    old.close();
    expect(await rawBook()).toContain(NUMBER);
    await openBook(serverKeys('k1', { k1: K1 }));
    const raw = await rawBook();
    expect(raw).not.toContain(NUMBER);
    expect(raw).not.toContain('N-998877');
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
    expect((await db.syncQueue.toArray())[0]?.data.id_number).toBe('N-998877');
  });

  it('a key rotation keeps the book readable: the data key is wrapped again under the new key', async () => {
    await openBook(serverKeys('k1', { k1: K1 }));
    await db.customers.put(customer('c-1', NUMBER) as never);
    // A new page: nothing in memory.
    forgetBookDataKeys();
    const K2 = randomKey();
    expect(await openBook(serverKeys('k2', { k2: K2, k1: K1 }))).toBe(true);
    expect((await db.settings.get('book-seal'))?.data).toMatchObject({ keyId: 'k2' });
    // A new page: nothing in memory.
    forgetBookDataKeys();
    // The old key retired: the book still opens under the new one.
    expect(await openBook(serverKeys('k2', { k2: K2 }))).toBe(true);
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
  });

  it('a key the server no longer has: the synced customers are downloaded again and a queued change keeps the rest of itself', async () => {
    await openBook(serverKeys('k1', { k1: K1 }));
    await db.customers.put(customer('c-1', NUMBER) as never);
    await db.customers.put(customer('c-2', 'N-998877', 'pending') as never);
    await db.syncQueue.add(queued('c-2', 'N-998877'));
    // A new page: nothing in memory.
    forgetBookDataKeys();
    expect(await openBook(serverKeys('k9', { k9: randomKey() }))).toBe(true);
    expect(await db.customers.get('c-1')).toBeUndefined();
    expect((await db.customers.get('c-2'))?.id_number).toBeNull();
    const [entry] = await db.syncQueue.toArray();
    expect(entry.data).toEqual({ uuid: 'c-2', first_name: 'Ben', last_name: 'Reyes' });
  });

  it('a customer saved right after sign-in opens the book first (the sync engine may not have yet)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ data: { current: 'k1', keys: [{ id: 'k1', key: K1 }] } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const saved = await saveCustomer({ first_name: 'Cora', last_name: 'Early', id_type: 'Passport', id_number: NUMBER });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([expect.stringContaining('/api/sync/book-key')]);
    expect(saved.id_number).toBe(NUMBER);
    expect(await rawBook()).not.toContain(NUMBER);
    vi.unstubAllGlobals();
  });

  it('a book that cannot be opened (offline, no key kept) refuses a customer save, which could clear a number it cannot read', async () => {
    await openBook(serverKeys('k1', { k1: K1 }));
    await db.customers.put(customer('c-1', NUMBER) as never);
    await signOut();
    await signedIn();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(saveCustomer({ uuid: 'c-1', first_name: 'Ana', last_name: 'Cruz', id_type: 'Passport', id_number: '' })).rejects.toThrow(BOOK_LOCKED);
    expect(await db.syncQueue.count()).toBe(0);
    vi.unstubAllGlobals();
    expect(await openBook(serverKeys('k1', { k1: K1 }))).toBe(true);
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
  });

  it('two tabs opening a new book at once keep one data key: what one seals, the other reads', async () => {
    // The other tab: the same IndexedDB, modules (and keys in memory) of its own. Last in the file: after
    // resetModules, a module loaded later (the book's opening, imported on demand) would be the other tab's.
    vi.resetModules();
    const tab = { key: await import('./book-key'), database: await import('./database') };
    const keys = serverKeys('k1', { k1: K1 });
    expect(await Promise.all([openBook(keys), tab.key.openBook(keys)])).toEqual([true, true]);
    await tab.database.db.customers.put(customer('c-1', NUMBER) as never);
    expect((await db.customers.get('c-1'))?.id_number).toBe(NUMBER);
    tab.database.currentBook().close();
  });
});
