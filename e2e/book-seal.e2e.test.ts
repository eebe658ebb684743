import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import { go, goOffline, localRows, signOut, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A pawner's ID number on the counter's device (decision 0375): kept sealed in the offline book, so once the clerk
// signs out nothing in the browser's storage reads it; the same clerk signing in again sees it and their unsent
// customer reaches the server with it. The network is really cut (context.setOffline).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Everything this origin keeps: every IndexedDB database's every store, and localStorage and sessionStorage. */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: Record<string, unknown> = { local: { ...localStorage }, session: { ...sessionStorage } };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      dump[name] = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = Array.from(db.objectStoreNames);
          if (stores.length === 0) {
            db.close();
            resolve({});
            return;
          }
          const tx = db.transaction(stores, 'readonly');
          const out: Record<string, unknown> = {};
          for (const store of stores) {
            const req = tx.objectStore(store).getAll();
            req.onsuccess = () => (out[store] = req.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }
    return JSON.stringify(dump);
  });
}

const BOOK_MS = 150_000;

describe("a pawner's ID number on the device", () => {
  it('added offline: sealed in the book, unreadable after sign-out, shown and sent when the same clerk signs in again', async () => {
    const idNumber = `PX-0375-${Date.now()}`;
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.clerk);
    // The service worker in control: the app's code that is not loaded yet still comes offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitForBook(page);

    await goOffline(context, page);
    await go(page, '/lending/customers');
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByLabel('First name').fill('Imelda');
    await drawer.getByLabel('Last name').fill('Sealcheck');
    await drawer.getByLabel('ID type').fill('Passport');
    await drawer.getByLabel('ID number').fill(idNumber);
    await drawer.getByRole('button', { name: 'Add Customer' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const [created] = (await localRows<{ uuid: string; last_name: string }>(page, 'customers')).filter((c) => c.last_name === 'Sealcheck');
    expect((await localRows<{ operation: string; status: string }>(page, 'syncQueue')).filter((e) => e.status === 'pending').map((e) => e.operation)).toEqual(['CREATE_CUSTOMER']);

    // Signed in, offline: the customer page shows the number; the book's rows and the kept screen hold none.
    await go(page, `/lending/customers/${created.uuid}`);
    await page.getByText(`Passport ${idNumber}`).waitFor();
    // The screen is kept once drawn (decision 0101): wait for this one's copy.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(location.pathname)).length), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await everythingStored(page)).not.toContain(idNumber);
    expect(JSON.stringify(await localRows(page, 'customers'))).toContain('bk1:');

    // Signed out with the change unsent: nothing this browser keeps reads the number, and no key is kept.
    expect(await signOut(page)).toMatch(/1 change made on this device has not reached the server/);
    const stored = await everythingStored(page);
    expect(stored).not.toContain(idNumber);
    expect(stored).toContain('Sealcheck');
    expect(stored).not.toContain('book-key:');

    // The same clerk signs in again: the change goes with the number, and the page shows it.
    await context.setOffline(false);
    await signIn(page, DEMO.clerk);
    await waitForQueue(page);
    const admin = await apiLogin(server, DEMO.admin);
    const onServer = await apiCall<{ data: { id_number: string | null } }>(server, admin, 'GET', `/api/customers/${created.uuid}`);
    expect(onServer.data.id_number).toBe(idNumber);
    await go(page, `/lending/customers/${created.uuid}`);
    await page.getByText(`Passport ${idNumber}`).waitFor();
    await screenshot(page, 'book-seal-customer-1280');
    await page.setViewportSize(PHONE);
    await page.getByText(`Passport ${idNumber}`).waitFor();
    await screenshot(page, 'book-seal-customer-375');
    expect(await everythingStored(page)).not.toContain(idNumber);
    await context.close();
  }, BOOK_MS);
});
