import type { DBCore, DBCoreCursor, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { DB_NAME } from './db';
import { BOOK_LOCKED, isSealed, SEALED_PREFIX } from './sealed';

// Pawners' ID numbers in the offline book are kept sealed (decision 0375): AES-256-GCM under the book's own data key,
// bound to the customer's uuid. The data key is in memory only while its user is signed in (book-key.ts opens it);
// this middleware seals every ID number written to the customers and the queue's entries, and opens every one read,
// inside Dexie's transactions: the cipher is synchronous (an awaited WebCrypto call would end the IndexedDB
// transaction). Without the key a value is read as it is stored (sealed), and a plain one is refused.

const IV_BYTES = 12;

type Gcm = typeof import('@noble/ciphers/aes.js').gcm;
/** The cipher's code, loaded with the first key (it stays out of the chunks a screen starts with). */
let gcm: Gcm | null = null;

export async function loadCipher(): Promise<void> {
  gcm ??= (await import('@noble/ciphers/aes.js')).gcm;
}

function cipher(): Gcm {
  if (!gcm) throw new Error('The ID numbers\' cipher is not loaded');
  return gcm;
}
/** The data key of each open book, by database name: never stored in plain. */
const openKeys = new Map<string, Uint8Array>();

export function setBookDataKey(name: string, key: Uint8Array): void {
  openKeys.set(name, key);
}

export function isBookOpen(name: string): boolean {
  return openKeys.has(name);
}

/** Signing out, or a 401: every book's key leaves memory. */
export function forgetBookDataKeys(): void {
  for (const key of openKeys.values()) key.fill(0);
  openKeys.clear();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const aadOf = (uuid: string) => encoder.encode(`customers.id_number:${uuid}`);

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The sealed form of a customer's ID number. */
export function sealIdNumber(key: Uint8Array, uuid: string, plain: string): string {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  return `${SEALED_PREFIX}${toBase64Url(iv)}:${toBase64Url(cipher()(key, iv, aadOf(uuid)).encrypt(encoder.encode(plain)))}`;
}

/** The plain ID number, or null when the value is not this customer's under this key. */
export function openIdNumber(key: Uint8Array, uuid: string, stored: string): string | null {
  const [iv, body] = stored.slice(SEALED_PREFIX.length).split(':');
  if (!iv || !body) return null;
  try {
    return decoder.decode(cipher()(key, fromBase64Url(iv), aadOf(uuid)).decrypt(fromBase64Url(body)));
  } catch {
    return null;
  }
}

type Row = Record<string, unknown>;
type Change = (value: unknown, uuid: string) => unknown;

/** The ID numbers a row holds: a customer's, and a queued customer write's (its new value and the one it saw). */
function mapRow(table: string, row: unknown, change: Change): unknown {
  if (!row || typeof row !== 'object') return row;
  const r = row as Row;
  if (table === 'customers') {
    if (typeof r.id_number !== 'string' || typeof r.uuid !== 'string') return row;
    const next = change(r.id_number, r.uuid);
    return next === r.id_number ? row : { ...r, id_number: next };
  }
  const data = r.data as Row | undefined;
  if (!data || typeof data.uuid !== 'string') return row;
  const was = data.was as Row | undefined;
  const hasOwn = typeof data.id_number === 'string';
  const hasWas = !!was && typeof was.id_number === 'string';
  if (!hasOwn && !hasWas) return row;
  const uuid = data.uuid;
  return {
    ...r,
    data: {
      ...data,
      ...(hasOwn && { id_number: change(data.id_number, uuid) }),
      ...(hasWas && { was: { ...was, id_number: change(was.id_number, uuid) } }),
    },
  };
}

const TABLES = new Set(['customers', 'syncQueue']);

/** Seals what is plain; without the key, a plain ID number cannot be kept in a user's book. */
function sealer(name: string): Change {
  return (value, uuid) => {
    if (isSealed(value)) return value;
    const key = openKeys.get(name);
    // The device's database holds no book (decision 0110): nothing to seal there, and no key for it.
    if (!key) {
      if (name === DB_NAME) return value;
      throw new Error(BOOK_LOCKED);
    }
    return sealIdNumber(key, uuid, value as string);
  };
}

function opener(name: string): Change {
  return (value, uuid) => {
    const key = openKeys.get(name);
    if (!key || !isSealed(value)) return value;
    return openIdNumber(key, uuid, value) ?? value;
  };
}

function sealedMutate(table: DBCoreTable, name: string): DBCoreTable['mutate'] {
  return (req: DBCoreMutateRequest) => {
    if (req.type !== 'put' && req.type !== 'add') return table.mutate(req);
    const seal = sealer(name);
    return table.mutate({ ...req, values: req.values.map((v) => mapRow(table.name, v, seal)) });
  };
}

/**
 * A cursor whose rows read opened; everything else is the cursor's own. Each member is passed on by name: the cursor
 * is the browser's IDBCursor itself, whose getters refuse any other receiver (an object made from it throws
 * "Illegal invocation").
 */
function openedCursor(cursor: DBCoreCursor, tableName: string, open: Change): DBCoreCursor {
  const opened: DBCoreCursor = {
    get trans() {
      return cursor.trans;
    },
    get key(): unknown {
      return cursor.key;
    },
    get primaryKey(): unknown {
      return cursor.primaryKey;
    },
    get value(): unknown {
      return mapRow(tableName, cursor.value, open);
    },
    get done() {
      return cursor.done;
    },
    continue: (key?: unknown) => cursor.continue(key),
    continuePrimaryKey: (key: unknown, primaryKey: unknown) => cursor.continuePrimaryKey(key, primaryKey),
    advance: (count: number) => cursor.advance(count),
    start: (onNext: () => void) => cursor.start(onNext),
    stop: (value?: unknown) => cursor.stop(value),
    next: async () => {
      const moved = await cursor.next();
      return moved === cursor ? opened : moved;
    },
    fail: (error: Error) => cursor.fail(error),
  };
  return opened;
}

export function bookSealMiddleware(name: string): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'book-seal',
    create: (down) => ({
      ...down,
      table: (tableName) => {
        const table = down.table(tableName);
        if (!TABLES.has(tableName)) return table;
        const open = opener(name);
        const openRow = (row: unknown) => mapRow(tableName, row, open);
        return {
          ...table,
          mutate: sealedMutate(table, name),
          // Chained with then, not awaited: the promise stays Dexie's own (its transaction zone), as the layers
          // below return it.
          get: (req) => table.get(req).then(openRow),
          getMany: (req) => table.getMany(req).then((rows) => rows.map(openRow)),
          query: (req) => table.query(req).then((res) => (req.values ? { ...res, result: res.result.map(openRow) } : res)),
          openCursor: (req) => table.openCursor(req).then((cursor) => (cursor && req.values !== false ? openedCursor(cursor, tableName, open) : cursor)),
        };
      },
    }),
  };
}
