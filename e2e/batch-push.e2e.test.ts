import type { Browser, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, signIn } from './support/browser';
import { go, localRows, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The batch push (decision 0130) in Chromium against the real server: changes made offline go in one batch (POST /api/sync/push), and
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
interface Mutation { key: string; operation: string; uuid: string }

/** Unsent changes shown by the top bar's live indicator. */
async function unsent(page: Page, n: number): Promise<void> {
  await page.locator(`[data-testid="sync-indicator"][data-unsent="${n}"]`).waitFor({ timeout: 60_000 });
}

async function categoryForm(page: Page, button: RegExp | string, title: string, submit: string): Promise<void> {
  await page.getByRole('button', { name: button }).first().click();
  const drawer = page.getByRole('dialog', { name: submit === 'Create Category' ? 'Add Category' : 'Edit Category' });
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByRole('button', { name: submit }).click();
  await drawer.waitFor({ state: 'hidden' });
}

describe('the batch push in a browser', () => {
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

  it('in one batch cut after the commit: a create and a change another device made impossible; a later change of the new record waits for its create', async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/categories');
    await page.getByTestId('category-card').first().waitFor();
    const stamp = String(Date.now());
    const admin = await apiLogin(server, DEMO.admin);
    const titles = async (search: string) => (await apiCall<{ data: { id: number; title: string }[] }>(server, admin, 'GET', `/api/categories?per_page=100&search=${encodeURIComponent(search)}`)).data;
    // A category made online (this also loads the form's code before the network goes).
    await categoryForm(page, 'Add Category', `Doomed ${stamp}`, 'Create Category');
    await unsent(page, 0);
    const [doomed] = await titles(`Doomed ${stamp}`);
    expect(doomed.title).toBe(`Doomed ${stamp}`);

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await categoryForm(page, 'Add Category', `Order ${stamp}`, 'Create Category');
    const card = (title: string) => page.getByTestId('category-card').filter({ hasText: title });
    await card(`Order ${stamp}`).getByRole('button', { name: /^Edit Category/ }).click();
    let drawer = page.getByRole('dialog', { name: 'Edit Category' });
    await drawer.getByLabel('Title').fill(`Order ${stamp} edited`);
    await drawer.getByRole('button', { name: 'Update Category' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await card(`Doomed ${stamp}`).getByRole('button', { name: /^Edit Category/ }).click();
    drawer = page.getByRole('dialog', { name: 'Edit Category' });
    await drawer.getByLabel('Title').fill(`Doomed ${stamp} edited`);
    await drawer.getByRole('button', { name: 'Update Category' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await unsent(page, 3);
    // Meanwhile another device deletes the category this device changed.
    await apiCall(server, admin, 'DELETE', `/api/categories/${doomed.id}`);

    // Every push is recorded; the first reaches the server, which applies it, then the network is cut before its reply.
    const pushes: Mutation[][] = [];
    let cutting = false;
    let lost: number[] | null = null;
    await context.route('**/api/sync/push', async (route: Route) => {
      pushes.push((route.request().postDataJSON() as { mutations: Mutation[] }).mutations);
      if (cutting) return route.continue();
      cutting = true;
      const reply = await route.fetch();
      const results = ((await reply.json()) as { results: { status: number }[] }).results.map((r) => r.status);
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      lost = results;
    });
    await context.setOffline(false);
    await expect.poll(() => lost, { timeout: 30_000 }).toEqual([201, 404]);
    await expect
      .poll(async () => (await localRows<QueueEntry>(page, 'syncQueue')).filter((e) => e.status === 'failed').length, { timeout: 30_000 })
      .toBe(2);
    await context.setOffline(false);
    await expect
      .poll(async () => (await localRows<QueueEntry>(page, 'syncQueue')).filter((e) => e.status === 'pending' || e.status === 'failed').length, { timeout: 60_000 })
      .toBe(0);

    // The batch went twice with the same keys (create, and the change of the deleted one); the change of the new
    // category was not in it: it waited for its create, then went on its own.
    expect(pushes[0].map((m) => m.operation)).toEqual(['CREATE_CATEGORY', 'UPDATE_CATEGORY']);
    expect(pushes[1].map((m) => m.key)).toEqual(pushes[0].map((m) => m.key));
    const entries = await localRows<QueueEntry & { data: { uuid: string } }>(page, 'syncQueue');
    const mine = entries.filter((e) => e.operation.endsWith('_CATEGORY')).slice(-3);
    expect(mine.map((e) => `${e.operation} ${e.status}`)).toEqual(['CREATE_CATEGORY completed', 'UPDATE_CATEGORY completed', 'UPDATE_CATEGORY refused']);
    expect(pushes.flat().filter((m) => m.uuid === mine[1].data.uuid && m.operation === 'UPDATE_CATEGORY')).toEqual([]);

    // The server holds the new category once, with its change; the deleted one stays deleted.
    expect((await titles(`Order ${stamp}`)).map((c) => c.title)).toEqual([`Order ${stamp} edited`]);
    expect(await titles(`Doomed ${stamp}`)).toEqual([]);
    // The device took the refused change back: its title is nowhere on the device.
    await expect
      .poll(async () => (await localRows<{ title: string }>(page, 'categories')).filter((c) => c.title === `Doomed ${stamp} edited`).length, { timeout: 30_000 })
      .toBe(0);
    await context.close();
  }, 180_000);
});
