import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Persistence = typeof import('./storage-persistence');
let isQuotaExceeded: Persistence['isQuotaExceeded'];
let reportStorageError: Persistence['reportStorageError'];
let requestPersistence: Persistence['requestPersistence'];
let usePersistence: Persistence['usePersistence'];
let openLocalDatabase: typeof import('./database').openLocalDatabase;

/** The modules as loaded afresh: nothing learned of the storage yet, no full device told (docs/architecture.md#test-code). */
async function freshModules(): Promise<void> {
  vi.resetModules();
  ({ isQuotaExceeded, reportStorageError, requestPersistence, usePersistence } = await import('./storage-persistence'));
  ({ openLocalDatabase } = await import('./database'));
  // sonner loads on the first toast (components/ui/toast.ts, tested there); loaded here, a toast is raised at once.
  await (await import('../components/ui/toast')).loadToasts();
}

function fakeStorage(persisted: boolean, grants: boolean) {
  const storage = { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => grants) };
  vi.stubGlobal('navigator', { ...navigator, storage });
  return storage;
}

beforeEach(freshModules);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('persistent storage', () => {
  it('asks after sign-in and reports granted or denied to the panel hook', async () => {
    const storage = fakeStorage(false, true);
    const { result } = renderHook(() => usePersistence());
    await act(async () => expect(await requestPersistence()).toBe('granted'));
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('granted');
    vi.unstubAllGlobals();
    await freshModules();
    fakeStorage(false, false);
    await expect(requestPersistence()).resolves.toBe('denied');
  });

  it('does not ask again when already persisted; unsupported without the Storage API', async () => {
    const storage = fakeStorage(true, false);
    await expect(requestPersistence()).resolves.toBe('granted');
    expect(storage.persist).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    await freshModules();
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    await expect(requestPersistence()).resolves.toBe('unsupported');
  });

  it("reads today's answer without asking when the panel opens first", async () => {
    const storage = fakeStorage(true, false);
    const { result } = renderHook(() => usePersistence());
    await vi.waitFor(() => expect(result.current).toBe('granted'));
    expect(storage.persist).not.toHaveBeenCalled();
  });
});

describe('a full device is said, never silent', () => {
  it("recognises QuotaExceededError, also wrapped as Dexie wraps it, and toasts 'The device storage is full: …'", () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const quota = new DOMException('quota', 'QuotaExceededError');
    const dexieStyle = Object.assign(new Error('AbortError'), { name: 'AbortError', inner: quota });
    expect(isQuotaExceeded(quota)).toBe(true);
    expect(isQuotaExceeded(dexieStyle)).toBe(true);
    expect(isQuotaExceeded(new Error('ConstraintError'))).toBe(false);
    expect(reportStorageError(dexieStyle)).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^The device storage is full: /));
    expect(reportStorageError(new Error('other'))).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('the store middleware', () => {
  it('tells of a full device from any write, once for one failure', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const store = openLocalDatabase('quota-test');
    // Closer to IndexedDB than ours: every write fails as a full disk would.
    store.use({
      stack: 'dbcore',
      level: 1,
      name: 'full-disk',
      create: (down) => ({ ...down, table: (name) => ({ ...down.table(name), mutate: () => Promise.reject(new DOMException('full', 'QuotaExceededError')) }) }),
    });
    await expect(store.customers.put({ uuid: 'c-1', first_name: 'Ana', last_name: 'Cruz', searchTerms: ['ana'], sync_status: 'pending' } as never)).rejects.toBeTruthy();
    await expect(store.syncState.add({ table_name: 'x', lastSyncTime: '', lastId: 0, dataVersion: 1, totalRecords: 0 })).rejects.toBeTruthy();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toMatch(/^The device storage is full: /);
    store.close();
  });
});
