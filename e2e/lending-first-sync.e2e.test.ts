import { USE_TABLE_ENDPOINTS } from '@kalinga/contracts/sync';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, PHONE, signIn } from './support/browser';
import { checkScreen, go, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The first minutes on a new device: while the shop's book comes down, every lending screen says so with its
// progress, and a search says it is still loading instead of "No customer matches" (a clerk would add duplicates).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/**
 * A device whose customer download waits until `release()`: the book is half here (categories only). The demo
 * book fits one delta reply; the reply is answered as for a book too big for one (the server's recommendation
 * to download table by table, pinned to its cursor), so the chunked download runs as it does for a large shop.
 */
async function deviceWithHeldCustomers(): Promise<{ page: Page; release: () => void; close: () => Promise<void> }> {
  // No service worker: page.route sees the app's requests only when no worker answers them.
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
  const page = await context.newPage();
  let released = false;
  let release = () => {};
  const releasing = new Promise<void>((resolve) => (release = () => ((released = true), resolve())));
  await page.route(/\/api\/sync\?since=1970/, async (route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as { data: Record<string, unknown> & { deleted: unknown }; meta: Record<string, unknown> };
    const data = { customers: [], loans: [], items: [], transactions: [], categories: [], deleted: reply.data.deleted };
    await route.fulfill({ response, json: { data, meta: { ...reply.meta, recommendation: USE_TABLE_ENDPOINTS } } });
  });
  // Until released, each customers chunk waits (less than the app's 20 s request timeout) and then brings one row:
  // the download stays on the customers, running, a row at a time.
  await page.route(/\/api\/sync\?.*table=customers/, async (route) => {
    if (!released) await Promise.race([releasing, new Promise((resolve) => setTimeout(resolve, 4_000))]);
    if (released) return route.continue();
    const url = new URL(route.request().url());
    url.searchParams.set('chunk_size', '1');
    return route.continue({ url: url.toString() });
  });
  return { page, release, close: () => context.close() };
}

describe('first sync on a new device', () => {
  it('every lending screen says the book is still coming, with progress; a search says it is still loading', { timeout: 300_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    // The customer the download brings last (the highest id): not on the device while the test looks.
    const customers = (await apiCall<{ data: { id: number; first_name: string; last_name: string }[] }>(server, admin, 'GET', '/api/customers?per_page=100')).data;
    const known = customers.reduce((a, b) => (b.id > a.id ? b : a));
    const { page, release, close } = await deviceWithHeldCustomers();
    try {
      await signIn(page, DEMO.admin);
      // Before the first chunk (the server is still counting the book): the Sync page says the book is coming.
      await go(page, '/sync');
      await page.getByRole('heading', { name: /First sync: downloading/ }).waitFor();
      expect(await page.getByText('Last sync: Never').count()).toBe(0);

      await go(page, '/lending/customers');
      const notice = page.getByTestId('first-sync');
      await expect.poll(() => notice.textContent(), { timeout: 120_000 }).toMatch(/rows so far, table 2 of 5 \(customers\)/);
      expect(await page.getByText('No customers yet').count()).toBe(0);
      // The rows so far are listed, counted as such.
      await page.getByText(/^\d+ customers? so far$/).waitFor();
      await checkScreen(page, 'first-sync-customers-desktop');

      await go(page, '/lending/loans');
      await page.getByTestId('first-sync').waitFor();
      await page.getByText('Loans are still downloading').waitFor();
      expect(await page.getByText('No loans here').count()).toBe(0);
      await checkScreen(page, 'first-sync-loans-desktop');

      await go(page, '/lending/loans/new');
      await page.getByTestId('first-sync').waitFor();
      expect(await page.getByText('No categories on this device yet').count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Find customer' }).fill(`${known.first_name} ${known.last_name}`);
      await page.getByTestId('picker-still-loading').waitFor();
      expect(await page.getByText('No customer matches').count()).toBe(0);
      await checkScreen(page, 'first-sync-ticket-desktop');

      await go(page, '/sync');
      await page.getByRole('heading', { name: /First sync: downloading/ }).waitFor();
      expect(await page.getByText('Last sync: Never').count()).toBe(0);
      await page.getByRole('heading', { name: 'Records on this device so far' }).waitFor();
      await checkScreen(page, 'first-sync-sync-desktop');

      await page.setViewportSize(PHONE);
      await checkScreen(page, 'first-sync-sync-phone');
      await go(page, '/lending/customers');
      await page.getByTestId('first-sync').waitFor();
      await checkScreen(page, 'first-sync-customers-phone');
      await page.setViewportSize(DESKTOP);

      // The rest of the book comes: the notices go and the search finds the customer.
      release();
      await waitForBook(page);
      await go(page, '/lending/loans/new');
      await page.getByRole('searchbox', { name: 'Find customer' }).fill(`${known.first_name} ${known.last_name}`);
      await page.getByRole('button', { name: new RegExp(`${known.last_name}, ${known.first_name}`) }).first().waitFor();
      expect(await page.getByTestId('first-sync').count()).toBe(0);
      await go(page, '/sync');
      // A date as lib/dates.ts writes it (decision 0146), not 'Never'.
      await page.getByText(/Last sync: (?!Never)\w/).waitFor();
    } finally {
      release();
      await close();
    }
  });
});
