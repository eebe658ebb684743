import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// The precaching service worker and offline sign-in (decision 0085), in Chromium against the built app.
// Note: context.setOffline cuts the page and the service worker; page.route would not see the worker's requests.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtDir = path.join(root, 'apps/web/dist');

let server: RunningServer;
let browser: Browser;
/** A copy of the built app this file may change (a "new version" of /sw.js). */
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
  fs.cpSync(builtDir, webDir, { recursive: true });
  server = await startServer({ env: { WEB_DIR: webDir } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** Waits until this page is controlled by the installed worker (precache complete). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Lazily loaded screens and the heading each shows, even offline. */
const SCREENS: [string, string][] = [
  ['/appointments', 'Appointments'],
  ['/categories', 'Categories'],
  ['/resources', 'Resources'],
  ['/reports', 'Appointment Reports (Daily Series)'],
  ['/settings/users', 'Users'],
  ['/settings/roles', 'Roles & Permissions'],
  ['/settings/site', 'Site Settings'],
  ['/profile', 'My Profile'],
];

describe('offline shell: precache, offline sign-in, update prompt', () => {
  it('precaches every built file, and the manifest makes it installable', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await controlledBySw(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    // The build's .br/.gz copies (decision 0095) are served in place of their originals, never precached themselves.
    const chunks = fs.readdirSync(path.join(builtDir, 'assets')).filter((f) => !/\.(br|gz)$/.test(f)).map((f) => `/assets/${f}`);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(cached).toContain(chunk);
    expect(cached).toContain('/index.html');
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Kalinga', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i: { sizes: string; type: string }) => `${i.sizes} ${i.type}`)).toEqual(expect.arrayContaining(['192x192 image/png', '512x512 image/png']));
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
    // API calls never go into the worker's caches.
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
    expect(cached.filter((u) => /\.(br|gz)$/.test(u))).toEqual([]);
    await context.close();
  });

  it('signed in, offline, reloaded: still signed in, in offline mode, every screen opens from the precache', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    const failedChunks: string[] = [];
    page.on('requestfailed', (r) => {
      // A chunk still loading when the test moves to the next screen is aborted by the navigation (the charts
      // load after the first paint): that is not a chunk missing offline.
      const error = r.failure()?.errorText ?? '';
      if (new URL(r.url()).pathname.startsWith('/assets/') && error !== 'net::ERR_ABORTED') failedChunks.push(`${r.url()} ${error}`);
    });
    await signIn(page, DEMO.admin);
    await controlledBySw(page);
    await context.setOffline(true);
    await page.getByText('Offline mode').waitFor();
    await page.reload();
    await page.getByText('Offline mode').waitFor();
    expect(new URL(page.url()).pathname).toBe('/appointments');
    await expect(page.getByTestId('username').textContent()).resolves.toBe('Alma Administrador');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await screenshot(page, 'offline-mode-desktop');
    // Dialogs the first paint does not draw load as chunks of their own (decision 0091): offline they come from the precache.
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('dialog', { name: 'Book Appointment' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Book Appointment' }).waitFor({ state: 'hidden' });
    await page.goto('/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog', { name: 'Add Category' }).getByLabel('Title').waitFor();
    await page.keyboard.press('Escape');
    for (const [route, heading] of SCREENS) {
      await page.goto(route);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(route);
    }
    expect(failedChunks).toEqual([]);
    // The settings kept on this device are shown offline; saving is refused with the sentence of product-rules.md#screen-administration.
    await page.goto('/settings/site');
    await page.getByText('Cannot update settings while offline').first().waitFor();
    await context.setOffline(false);
    // Back online: the session is re-checked and offline mode ends.
    await page.getByText('Offline mode').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a cold start with no network opens the app, offline sign-in state and /login', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.personnel);
    await controlledBySw(page);
    await page.close();
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto('/categories');
    await cold.getByRole('heading', { name: 'Categories', exact: true }).waitFor();
    await cold.getByText('Offline mode').waitFor();
    await cold.close();
    await context.close();

    // Signed out, offline: the sign-in screen still opens.
    const guest = await newPage(browser, server.baseURL);
    await guest.page.goto('/login');
    await controlledBySw(guest.page);
    await guest.context.setOffline(true);
    const again = await guest.context.newPage();
    await again.goto('/login');
    await again.getByText('Sign in to your account to continue').waitFor();
    await guest.context.close();
  });

  it('an expired stored session, offline, goes to /login', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.student);
    await controlledBySw(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('PawnshopDB');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('auth', 'readwrite');
            const store = tx.objectStore('auth');
            const get = store.get('session');
            get.onsuccess = () => store.put({ ...get.result, expiresAt: new Date(Date.now() - 1000).toISOString() });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await context.setOffline(true);
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('signing out offline clears the session on this device: an offline reload stays signed out', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.personnel);
    await controlledBySw(page);
    await context.setOffline(true);
    await page.getByText('Offline mode').waitFor();
    await page.getByRole('button', { name: /Paula Personnel/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await page.reload();
    await page.getByText('Sign in to your account to continue').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('offers a new version with a Reload prompt instead of swapping the code, at 1280 and 375 px', async () => {
    for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await controlledBySw(page);
      const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      if (name === 'phone') {
        await context.setOffline(true);
        await page.getByText('Offline mode').waitFor();
        await screenshot(page, 'offline-mode-phone');
        await context.setOffline(false);
        await page.getByText('Offline mode').waitFor({ state: 'detached' });
      }
      // A new build of /sw.js is published.
      fs.appendFileSync(path.join(webDir, 'sw.js'), `\n// version ${name} ${Date.now()}\n`);
      // (A real build rewrites its compressed copies too; here the stale ones go, so the plain file is served.)
      for (const ext of ['.br', '.gz']) fs.rmSync(path.join(webDir, `sw.js${ext}`), { force: true });
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByRole('alertdialog');
      await prompt.getByText('A new version is available').waitFor();
      await screenshot(page, `update-prompt-${name}`);
      // Nothing changed under the user until they choose Reload.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
      // The reload onto the new version is a new document (a new time origin).
      const origin = await page.evaluate(() => performance.timeOrigin);
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction((o) => performance.timeOrigin !== o, origin);
      await page.getByTestId('username').waitFor();
      await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
      await context.close();
    }
  });

  it('with the server gone (network up), a cold start still opens the app in offline mode', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await controlledBySw(page);
    await page.close();
    await server.stop();
    const cold = await context.newPage();
    await cold.goto('/appointments');
    await cold.getByText('Offline mode').waitFor();
    await cold.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await context.close();
  });
});
