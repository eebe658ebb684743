import Dexie from 'dexie';
import type { BookKeyReply } from '@kalinga/contracts/sync';
import { api, ApiError } from '../lib/api-client';
import { fromBase64Url, isBookOpen, loadCipher, setBookDataKey, toBase64Url } from './book-seal';
import { type BookOwner, bookName, bookOwner, currentBook, deviceDatabase } from './database';
import type { KalingaDB, SyncQueueEntry } from './db';
import { forgetCursor } from './pull';
import { isSealed } from './sealed';
import { SESSION_ID } from './session-hint';

// Opening a user's offline book (decision 0375). The server gives the signed-in user their book's key (one per
// content key it holds, GET /api/sync/book-key); it is imported as a non-extractable AES-GCM key and kept for the
// session beside the stored session (the device database's `auth` table, which sign-out, a 401 and an expired
// session clear whole), so an offline start while signed in opens the book too. The book keeps its own random data
// key wrapped under that key; unwrapped, it stays in memory (book-seal.ts) and seals the ID numbers.

/** The book's wrapped data key, in the book's settings table. */
const SEAL_ROW = 'book-seal';

interface KeptBookKeys {
  id: string;
  current: string;
  keys: { id: string; key: CryptoKey }[];
}

interface SealRecord {
  /** The server key (its id) the data key is wrapped under. */
  keyId: string;
  iv: string;
  wrapped: string;
  /** Every ID number the book held in plain before has been sealed. */
  sealed: boolean;
}

export type FetchBookKeys = () => Promise<BookKeyReply['data']>;

const fetchFromServer: FetchBookKeys = async () => (await api.get<BookKeyReply>('/api/sync/book-key')).data;

const keptId = (owner: BookOwner) => `book-key:u${owner.userId}:c${owner.companyId}`;
const sessionTable = () => deviceDatabase().table<KeptBookKeys | { id: string }, string>('auth');
const encoder = new TextEncoder();

async function importKeys(owner: BookOwner, reply: BookKeyReply['data']): Promise<KeptBookKeys> {
  const keys = await Promise.all(
    reply.keys.map(async (k) => ({ id: k.id, key: await crypto.subtle.importKey('raw', fromBase64Url(k.key), 'AES-GCM', false, ['encrypt', 'decrypt']) })),
  );
  return { id: keptId(owner), current: reply.current, keys };
}

/** The server's keys of the book: asked for when the server answers, else the copy kept for this session. */
async function serverKeys(owner: BookOwner, fetchKeys: FetchBookKeys): Promise<KeptBookKeys | null> {
  const table = sessionTable();
  let fresh: KeptBookKeys;
  try {
    fresh = await importKeys(owner, await fetchKeys());
  } catch (error) {
    // Refused (signed out, no lending here): nothing is opened. Offline or the server away: the session's copy.
    if (error instanceof ApiError && error.fromServer && error.status < 500) return null;
    return ((await table.get(keptId(owner))) as KeptBookKeys | undefined) ?? null;
  }
  // Kept only beside a stored session: one that ended meanwhile takes the key with it.
  await table.put(fresh);
  if (!(await table.get(SESSION_ID))) await table.delete(fresh.id);
  return fresh;
}

const aadOf = (book: KalingaDB) => encoder.encode(`book-data-key:${book.name}`);

async function wrap(key: CryptoKey, keyId: string, book: KalingaDB, dataKey: Uint8Array<ArrayBuffer>, sealed: boolean): Promise<SealRecord> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aadOf(book) }, key, dataKey));
  return { keyId, iv: toBase64Url(iv), wrapped: toBase64Url(wrapped), sealed };
}

async function unwrap(kept: KeptBookKeys, book: KalingaDB, record: SealRecord): Promise<Uint8Array<ArrayBuffer> | null> {
  const key = kept.keys.find((k) => k.id === record.keyId)?.key;
  if (!key) return null;
  try {
    const iv = fromBase64Url(record.iv);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aadOf(book) }, key, fromBase64Url(record.wrapped)));
  } catch {
    return null;
  }
}

/** Writes back every customer and queued customer write holding an ID number: the middleware seals them. */
async function sealEverything(book: KalingaDB): Promise<void> {
  await book.transaction('rw', [book.customers, book.syncQueue], async () => {
    const customers = await book.customers.filter((c) => typeof c.id_number === 'string').toArray();
    if (customers.length > 0) await book.customers.bulkPut(customers);
    const entries = await book.syncQueue.filter((e) => typeof e.data.id_number === 'string' || typeof (e.data.was as Record<string, unknown> | undefined)?.id_number === 'string').toArray();
    if (entries.length > 0) await book.syncQueue.bulkPut(entries);
  });
}

/**
 * The data key was sealed under a key the server no longer gives (decision 0375): what it sealed cannot be opened.
 * The book starts again from the epoch (the server's customers come again with their numbers); a number sealed in
 * an unsent change is dropped from it, so the rest of the change is still sent.
 */
async function dropUnreadable(book: KalingaDB): Promise<void> {
  await book.transaction('rw', [book.customers, book.syncQueue], async () => {
    const customers = await book.customers.filter((c) => isSealed(c.id_number)).toArray();
    if (customers.length > 0) await book.customers.bulkPut(customers.map((c) => ({ ...c, id_number: null })));
    const entries = await book.syncQueue.toArray();
    const strip = (e: SyncQueueEntry): SyncQueueEntry => {
      const { id_number: own, ...data } = e.data;
      const was = data.was as Record<string, unknown> | undefined;
      const keptWas = was && isSealed(was.id_number) ? Object.fromEntries(Object.entries(was).filter(([k]) => k !== 'id_number')) : was;
      return { ...e, data: { ...data, ...(!isSealed(own) && own !== undefined && { id_number: own }), ...(was && { was: keptWas }) } };
    };
    const changed = entries.filter((e) => isSealed(e.data.id_number) || isSealed((e.data.was as Record<string, unknown> | undefined)?.id_number));
    if (changed.length > 0) await book.syncQueue.bulkPut(changed.map(strip));
  });
  await forgetCursor();
}

/**
 * A new book's data key: added, not put, so that of two tabs opening the book at once the second keeps the first's
 * key (else each would seal under a key the other cannot read, and the one written last would lose the other's).
 */
async function firstSeal(book: KalingaDB, current: { id: string; key: CryptoKey }): Promise<SealRecord> {
  const mine = await wrap(current.key, current.id, book, crypto.getRandomValues(new Uint8Array(32)), false);
  try {
    await book.settings.add({ id: SEAL_ROW, data: { ...mine }, updated_at: new Date().toISOString() });
    return mine;
  } catch (error) {
    if (!(error instanceof Dexie.ConstraintError)) throw error;
    const theirs = (await book.settings.get(SEAL_ROW))?.data as SealRecord | undefined;
    if (!theirs) throw error;
    return theirs;
  }
}

const opening = new Map<string, Promise<boolean>>();

/**
 * Opens the signed-in user's book: its data key into memory, wrapped anew under the server's current key after a
 * rotation, and every ID number it held in plain sealed (once). False when no key can be had (refused, or offline
 * with none kept for this session): the book stays locked, its sealed numbers unread and unsent.
 */
export function openBook(fetchKeys: FetchBookKeys = fetchFromServer): Promise<boolean> {
  const owner = bookOwner();
  if (!owner) return Promise.resolve(false);
  const name = bookName(owner);
  if (isBookOpen(name)) return Promise.resolve(true);
  let started = opening.get(name);
  if (!started) {
    started = openOwnersBook(owner, name, fetchKeys).finally(() => opening.delete(name));
    opening.set(name, started);
  }
  return started;
}

async function openOwnersBook(owner: BookOwner, name: string, fetchKeys: FetchBookKeys): Promise<boolean> {
  const kept = await serverKeys(owner, fetchKeys);
  if (!kept) return false;
  const book = currentBook();
  // Another user or company signed in meanwhile: this book is not the one in use any more.
  if (book.name !== name) return false;
  const current = kept.keys.find((k) => k.id === kept.current) ?? kept.keys[0];
  const record = ((await book.settings.get(SEAL_ROW))?.data as SealRecord | undefined) ?? (await firstSeal(book, current));
  let dataKey = await unwrap(kept, book, record);
  const lost = !dataKey;
  dataKey ??= crypto.getRandomValues(new Uint8Array(32));
  const sealed = !lost && record.sealed;
  if (lost || record.keyId !== current.id) {
    await book.settings.put({ id: SEAL_ROW, data: { ...(await wrap(current.key, current.id, book, dataKey, sealed)) }, updated_at: new Date().toISOString() });
  }
  await loadCipher();
  setBookDataKey(name, dataKey);
  if (lost) await dropUnreadable(book);
  if (!sealed) {
    await sealEverything(book);
    await book.settings.update(SEAL_ROW, { data: { ...(await book.settings.get(SEAL_ROW))!.data, sealed: true } });
  }
  return true;
}
