import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { firstDownloadDone } from '../bench/first-download';
import { DEMO, DESKTOP, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The start-up benches measure a returning user only once the first download of the lending book has finished
// (decision 0370): their wait must not return before the book holds its cursor, nor create the book itself.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

it('the benches wait for the book to hold its cursor, and a returning start pulls from it, not from the epoch (decision 0370)', async () => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.admin, undefined, server.baseURL);
    await firstDownloadDone(page);
    const book = await page.evaluate(
      () =>
        new Promise<{ version: number; cursor: string | null; customers: number }>((resolve, reject) => {
          const open = indexedDB.open(`PawnshopDB-u${localStorage.getItem('book_user')}-c${localStorage.getItem('company_id')}`);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('syncState')) {
              db.close();
              resolve({ version: db.version, cursor: null, customers: 0 });
              return;
            }
            const tx = db.transaction(['syncState', 'customers']);
            const states = tx.objectStore('syncState').getAll();
            const customers = tx.objectStore('customers').count();
            tx.oncomplete = () => {
              db.close();
              const all = (states.result as { table_name: string; lastSyncTime: string }[]).find((r) => r.table_name === 'all');
              resolve({ version: db.version, cursor: all?.lastSyncTime ?? null, customers: customers.result });
            };
          };
        }),
    );
    expect(book.version).toBe(160);
    expect(book.cursor).not.toBeNull();
    expect(book.customers).toBeGreaterThan(0);

    // The returning start the benches then measure asks from the book's cursor.
    const pulls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/sync?since=')) pulls.push(new URL(r.url()).searchParams.get('since') ?? '');
    });
    await page.goto('about:blank');
    await page.goto(`${server.baseURL}/reports`);
    await expect.poll(() => pulls.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(pulls[0]).toBe(book.cursor);
  } finally {
    await context.close();
  }
});
