import type { Browser, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, signIn } from './support/browser';
import { go, localRows, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Issue 26 in Chromium against the real server: changes made offline go in one batch (POST /api/sync/push), and
// a batch whose reply is lost because the network is really cut after the server applied it is sent again with
// the same keys: every change reaches the server once. Service workers are blocked so that context.route sees the
// page's requests (decision 0130).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface QueueEntry { id: number; operation: string; status: string; error?: string }

describe('issue 26: the batch push in a browser', () => {
  it('three customers added offline go in one batch; its reply cut after the commit, the resend applies nothing twice', async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/lending/customers');
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    // The form's code is in before the network goes.
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    await page.getByTestId('drawer').getByLabel('First name').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('drawer').waitFor({ state: 'hidden' });

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const stamp = String(Date.now());
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Add Customer' }).first().click();
      const drawer = page.getByTestId('drawer');
      await drawer.getByLabel('First name').fill(`Batch${n}`);
      await drawer.getByLabel('Last name').fill(`Cut ${stamp}`);
      await drawer.getByRole('button', { name: 'Add Customer' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }
    expect((await localRows<QueueEntry>(page, 'syncQueue')).filter((e) => e.status === 'pending').map((e) => e.operation)).toEqual(['CREATE_CUSTOMER', 'CREATE_CUSTOMER', 'CREATE_CUSTOMER']);

    // The first batch reaches the server, which applies it; then the network is cut before the reply arrives.
    const batches: number[] = [];
    let cut = false;
    await context.route('**/api/sync/push', async (route: Route) => {
      batches.push((route.request().postDataJSON() as { mutations: unknown[] }).mutations.length);
      if (cut) return route.continue();
      cut = true;
      const reply = await route.fetch();
      expect(reply.status()).toBe(200);
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => cut, { timeout: 30_000 }).toBe(true);
    await expect
      .poll(async () => (await localRows<QueueEntry>(page, 'syncQueue')).map((e) => e.status), { timeout: 30_000 })
      .toEqual(['failed', 'failed', 'failed']);

    // Back online: the same entries go again (the same keys) and every result is the first one replayed.
    await context.setOffline(false);
    await expect
      .poll(async () => (await localRows<QueueEntry>(page, 'syncQueue')).map((e) => e.status), { timeout: 60_000 })
      .toEqual(['completed', 'completed', 'completed']);
    expect(batches).toEqual([3, 3]);
    const admin = await apiLogin(server, DEMO.admin);
    const onServer = await apiCall<{ data: { first_name: string }[] }>(server, admin, 'GET', `/api/customers?search=${encodeURIComponent(`Cut ${stamp}`)}&per_page=100`);
    expect(onServer.data.map((c) => c.first_name).sort()).toEqual(['Batch1', 'Batch2', 'Batch3']);
    await context.close();
  }, 120_000);
});
