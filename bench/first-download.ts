import type { Page } from 'playwright-core';

// Shared by the start-up benches (lighthouse.bench.ts, startup-trace.ts).

/**
 * A returning user is measured, not a first sign-in: the first download of the lending book (the sync engine's,
 * once per device) has finished and left its sync state before any run.
 */
export async function firstDownloadDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open(`PawnshopDB-u${localStorage.getItem('book_user')}-c${localStorage.getItem('company_id')}`);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('syncState')) return resolve(false);
          const all = db.transaction('syncState').objectStore('syncState').getAll();
          all.onsuccess = () => resolve((all.result as { table_name: string }[]).some((r) => r.table_name === 'all'));
          all.onerror = () => resolve(false);
        };
      }),
    undefined,
    { timeout: 120_000, polling: 500 },
  );
}
