import type { Page } from 'playwright-core';

// Shared by the start-up benches (lighthouse.bench.ts, startup-trace.ts).

/**
 * Whether the signed-in user's book holds its cursor (the sync state 'all' the first download leaves, decision
 * 0370). Asked without creating the book: an open that creates a database leaves it at version 1 with no table,
 * and it closes at once, so the app's own open of the book at its schema version waits for nothing.
 */
function bookHasCursor(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open(`PawnshopDB-u${localStorage.getItem('book_user')}-c${localStorage.getItem('company_id')}`);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('syncState')) {
        db.close();
        return resolve(false);
      }
      const all = db.transaction('syncState').objectStore('syncState').getAll();
      all.onsuccess = () => {
        db.close();
        resolve((all.result as { table_name: string }[]).some((r) => r.table_name === 'all'));
      };
      all.onerror = () => {
        db.close();
        resolve(false);
      };
    };
  });
}

/**
 * A returning user is measured, not a first sign-in: the first download of the lending book (the sync engine's,
 * once per device) has finished and left its sync state before any run. Asked with page.evaluate, which waits for
 * the answer: waitForFunction takes the promise itself for a truthy answer and returned at once (decision 0370).
 */
export async function firstDownloadDone(page: Page, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(bookHasCursor))) {
    if (Date.now() > deadline) throw new Error(`The lending book's first download did not finish within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(500);
  }
}
