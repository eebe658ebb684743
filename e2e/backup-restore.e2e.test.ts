import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type ApiSession } from './support/api';
import { DEMO, DESKTOP, launchBrowser, PHONE, screenshot, signIn } from './support/browser';
import { go, localRows, waitForBook, waitForQueue } from './support/lending';
import { type RunningServer, startServer } from './support/server';

// A device with unsent work meets a server restored from a backup (decision 0190): the server's backup is taken by
// `npm run backup`'s command while it runs, more work happens (one customer synced, one whose reply is cut after the
// server applied it, one made offline), the server is replaced by a restore of the archive on the same address, and
// the device ends equal to the restored server with its unsent work applied once. Service workers are blocked so that
// context.route sees the page's requests.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-e2e-backup-'));

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The server's own command (what npm run backup / restore run), with the given DATA_DIR. */
async function command(args: string[], dataDir: string): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, 'apps/server/dist/main.js'), ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } });
  return stdout.trim();
}

async function addCustomer(page: Page, first: string, last: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const drawer = page.getByTestId('drawer');
  await drawer.getByLabel('First name').fill(first);
  await drawer.getByLabel('Last name').fill(last);
  await drawer.getByRole('button', { name: 'Add Customer' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

type Versions = Record<string, number>;

/** Every row of a table on the server (uuid → version), read through the chunked pull as a fresh device would. */
async function serverRows(session: ApiSession, table: 'customers' | 'loans'): Promise<Versions> {
  const out: Versions = {};
  let lastId = 0;
  for (;;) {
    const res = await fetch(`${server.baseURL}/api/sync?table=${table}&chunk_size=5000&last_id=${lastId}`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { uuid: string; version: number }[]; meta: { has_more: boolean; next_chunk_id: number | null } };
    for (const r of body.data) out[r.uuid] = r.version;
    if (!body.meta.has_more || body.meta.next_chunk_id === null) return out;
    lastId = body.meta.next_chunk_id;
  }
}

/** Where two uuid → version maps differ: `uuid device→server` (a missing side reads as -). */
function differences(device: Versions, server: Versions): string[] {
  const uuids = [...new Set([...Object.keys(device), ...Object.keys(server)])].sort();
  return uuids.filter((u) => device[u] !== server[u]).map((u) => `${u} ${device[u] ?? '-'}→${server[u] ?? '-'}`);
}

async function deviceRows(page: Page, table: 'customers' | 'loans'): Promise<Versions> {
  const rows = await localRows<{ uuid: string; version: number }>(page, table);
  return Object.fromEntries(rows.map((r) => [r.uuid, r.version]));
}

describe('a device meets a restored server', () => {
  it('re-syncs by itself and ends equal to the restored server, its unsent work applied once', async () => {
    const port = Number(new URL(server.baseURL).port);
    const context: BrowserContext = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/lending/customers');
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();

    // The backup, while the server runs.
    const backups = path.join(work, 'backups');
    const written = await command(['backup', backups], server.dataDir);
    expect(written).toMatch(/^Backup written: .+kalinga-backup-\d{8}T\d{6}Z\.tar\.gz \(/);
    const archive = fs.readdirSync(backups).map((n) => path.join(backups, n))[0];

    // After it: one customer synced (the restore will lose it), one applied by the server whose reply is cut, one offline.
    const stamp = String(Date.now());
    await addCustomer(page, 'Ghost', `After ${stamp}`);
    await waitForQueue(page);
    let cut = false;
    const cutReply = async (route: Route) => {
      if (cut || route.request().method() !== 'POST') return route.continue();
      cut = true;
      const reply = await route.fetch();
      expect(reply.status()).toBeLessThan(300);
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    };
    await context.route('**/api/customers', cutReply);
    await context.route('**/api/sync/push', cutReply);
    await addCustomer(page, 'Resent', `After ${stamp}`);
    await expect.poll(() => cut, { timeout: 30_000 }).toBe(true);
    await page.waitForFunction(() => !navigator.onLine);
    await addCustomer(page, 'Unsent', `After ${stamp}`);
    expect((await localRows<{ status: string }>(page, 'syncQueue')).filter((e) => e.status !== 'completed')).toHaveLength(2);

    // The server is replaced by a restore of the archive, on the same address.
    // The archive's confidential fields need the original server's content key (decision 0205): its key files go first.
    const restoredDir = path.join(work, 'restored');
    fs.cpSync(path.join(server.dataDir, 'content-keys'), path.join(restoredDir, 'content-keys'), { recursive: true });
    await server.stop();
    const restored = await command(['restore', archive], restoredDir);
    expect(restored).toMatch(/^Restored kalinga-backup-.+ rows, \d+ images into .+\. Start the server with npm start; devices sync again by themselves\.$/m);
    server = await startServer({ port, dataDir: restoredDir, demo: false });
    await context.unroute('**/api/customers', cutReply);
    await context.unroute('**/api/sync/push', cutReply);
    await context.setOffline(false);

    // The device re-syncs by itself: its queue drains and its book becomes the restored server's.
    await waitForQueue(page);
    const admin = await apiLogin(server, DEMO.admin);
    const named = async () => (await localRows<{ first_name: string; last_name: string }>(page, 'customers')).filter((c) => c.last_name === `After ${stamp}`).map((c) => c.first_name).sort();
    await expect.poll(named, { timeout: 90_000 }).toEqual(['Resent', 'Unsent']);
    for (const table of ['customers', 'loans'] as const) {
      await expect.poll(async () => differences(await deviceRows(page, table), await serverRows(admin, table)), { timeout: 60_000 }).toEqual([]);
    }
    const onServer = Object.keys(await serverRows(admin, 'customers')).length;
    expect(Object.keys(await deviceRows(page, 'customers'))).toHaveLength(onServer);
    const search = await fetch(`${server.baseURL}/api/customers?search=${encodeURIComponent(`After ${stamp}`)}&per_page=100`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(((await search.json()) as { data: { first_name: string }[] }).data.map((c) => c.first_name).sort()).toEqual(['Resent', 'Unsent']);
    const cursor = (await localRows<{ table_name: string; lastSyncTime: string }>(page, 'syncState')).find((s) => s.table_name === 'all')?.lastSyncTime;
    expect(cursor).toMatch(/^c\d+r[a-z0-9]+$/);

    // Site Settings shows the backup the archive was written by (succeeded, by command).
    for (const [viewport, size] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      await page.setViewportSize(viewport);
      await go(page, '/settings/site');
      const last = page.getByTestId('last-backup');
      await last.waitFor();
      expect(await last.textContent()).toContain('Succeeded');
      expect(await last.textContent()).toContain('Backup by command');
      await last.scrollIntoViewIfNeeded();
      await screenshot(page, `backups-settings-${size}`);
    }
    await context.close();
  }, 240_000);
});
