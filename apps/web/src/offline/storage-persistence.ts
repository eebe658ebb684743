import type { DBCore, Middleware } from 'dexie';
import { useSyncExternalStore } from 'react';
import { notifyError } from '../components/ui/toast';

// Persistent storage (the browser keeps the local store under storage pressure) and the one message for a full
// device. Asked for after sign-in; the Sync status panel shows the answer.

export type PersistenceState = 'granted' | 'denied' | 'unsupported' | 'unknown';

let state: PersistenceState = 'unknown';
let checked = false;
const listeners = new Set<() => void>();

function set(next: PersistenceState): void {
  if (next === state) return;
  state = next;
  listeners.forEach((l) => l());
}

function storageManager(): StorageManager | undefined {
  return typeof navigator !== 'undefined' ? navigator.storage : undefined;
}

/** What the browser says today, without asking (no prompt). */
async function check(): Promise<void> {
  checked = true;
  const storage = storageManager();
  if (!storage?.persisted) return set('unsupported');
  try {
    if (await storage.persisted()) set('granted');
  } catch {
    // An answer we cannot read stays 'unknown'.
  }
}

/** Asks the browser to keep the local store (call after sign-in). Never throws. */
export async function requestPersistence(): Promise<PersistenceState> {
  const storage = storageManager();
  if (!storage?.persist || !storage.persisted) {
    set('unsupported');
    return state;
  }
  try {
    set((await storage.persisted()) || (await storage.persist()) ? 'granted' : 'denied');
  } catch (error) {
    console.error('Persistent storage request failed', error);
  }
  checked = true;
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!checked) void check();
  return () => listeners.delete(listener);
}

/** 'granted' | 'denied' | 'unsupported' | 'unknown' (not asked yet this session). */
export function usePersistence(): PersistenceState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

const FULL = 'The device storage is full: ';

/** True for a write refused because the device (or the browser's share of it) is out of space. */
export function isQuotaExceeded(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const named = e as { name?: string; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError' || (e instanceof DOMException && e.code === 22)) return true;
    e = named.inner ?? named.cause;
  }
  return false;
}

/** One full-device failure reaches us several ways (request, transaction, caller): one toast for it. */
const QUIET_MS = 3000;
let lastToldAt = -Infinity;

/**
 * Says so in a toast when `error` is a full device, never silently. Returns whether it was one.
 * Every offline/ write path that catches an error may pass it here; the store's middleware already does.
 */
export function reportStorageError(error: unknown, what = 'the last change was not saved on this device'): boolean {
  if (!isQuotaExceeded(error)) return false;
  const now = Date.now();
  if (now - lastToldAt >= QUIET_MS) notifyError(`${FULL}${what}. Free some space (or remove other sites' data), then try again.`);
  lastToldAt = now;
  return true;
}

/**
 * Dexie middleware on the local database: every write (mutate) and every transaction that aborts for lack of
 * space is reported, whoever started it (saves, queue replies, pulls).
 */
export const storageFullMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'storage-full',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) => {
      const tx = down.transaction(stores, mode, options);
      // The real IDBTransaction reports a quota failure at commit as an abort with its error.
      if (tx instanceof EventTarget) tx.addEventListener('abort', () => reportStorageError((tx as IDBTransaction).error));
      return tx;
    },
    table: (name) => {
      const table = down.table(name);
      return {
        ...table,
        mutate: (req) =>
          table.mutate(req).catch((error: unknown) => {
            reportStorageError(error);
            throw error;
          }),
      };
    },
  }),
};

let watching = false;

/** Backstop for writes nobody caught: a QuotaExceededError that reaches the window still gets its message. */
export function watchForFullStorage(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (reportStorageError(event.reason)) event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    if (reportStorageError(event.error)) event.preventDefault();
  });
}
