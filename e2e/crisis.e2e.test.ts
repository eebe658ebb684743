import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import { type RunningServer, startServer } from './support/server';

// The crisis path (decisions 0161, 0163): the crisis screen opens from a cold start of the browser while offline
// (precached code, the contacts this device kept, no server call), and "I need help now" on the booking screen tells
// the counselors on call once the network is back.

let server: RunningServer;
const profiles: string[] = [];

/** A browser with a profile on disk, so that closing and launching it again is a cold start of the same device. */
async function launchDevice(profile: string, options: { offline?: boolean; viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    baseURL: server.baseURL,
    viewport: options.viewport ?? DESKTOP,
    timezoneId: 'Asia/Manila',
    locale: 'en-PH',
    offline: options.offline ?? false,
  });
}

function newProfile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-device-'));
  profiles.push(dir);
  return dir;
}

async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  for (const dir of profiles) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the crisis screen', () => {
  it('opens from a cold start offline with the centre\'s contacts, asking the server nothing', async () => {
    const profile = newProfile();
    let device = await launchDevice(profile);
    let page = device.pages()[0] ?? (await device.newPage());
    await signIn(page, DEMO.student);
    await controlledBySw(page);
    // After sign-in the device keeps the centre's crisis contacts (the demo centre's are the national lines).
    await page.waitForFunction(() => localStorage.getItem('crisis_info:last') !== null, undefined, { timeout: 20_000 });
    await device.close();

    device = await launchDevice(profile, { offline: true });
    page = device.pages()[0] ?? (await device.newPage());
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto('/crisis');
    await page.getByRole('heading', { name: 'You are not alone. Help is here now.' }).waitFor();
    for (const number of ['1553', '0917 899 8727', '0966 351 4518', '0908 639 2672']) {
      await expect.poll(() => page.getByRole('link', { name: new RegExp(number) }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: /1553/ }).getAttribute('href')).toBe('tel:1553');
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    // Offline, every /api call fails at the network; none was needed to draw the screen.
    expect(apiCalls.filter((u) => !u.endsWith('/api/me'))).toEqual([]);
    await screenshot(page, 'crisis-offline-cold-start-1280');
    await expectAccessible(page);
    await device.close();
  });

  it('"I need help now" on the booking screen, offline: the screen at once; the counselors told when the network returns', async () => {
    const profile = newProfile();
    const device = await launchDevice(profile, { viewport: PHONE });
    const page = device.pages()[0] ?? (await device.newPage());
    await signIn(page, DEMO.personnel);
    await controlledBySw(page);
    await page.getByRole('heading', { name: 'Appointments', exact: true, level: 1 }).waitFor();
    await device.setOffline(true);
    await page.getByRole('link', { name: 'I need help now' }).click();
    await page.getByRole('heading', { name: 'You are not alone. Help is here now.' }).waitFor();
    await page.getByText('You are offline, so your counselors have not been told yet', { exact: false }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'crisis-help-now-offline-375');

    await device.setOffline(false);
    await page.getByText('The counselors on call have been told.', { exact: false }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'crisis-help-now-told-375');
    await expectAccessible(page);
    await device.close();

    // The counselor on call sees the urgent case at the top of the Triage list, and was notified in the app.
    const counselor = await apiLogin(server, DEMO.counselor);
    const triage = await apiCall<{ data: { kind: string; client_name: string; acknowledged_at: string | null }[] }>(server, counselor, 'GET', '/api/triage');
    expect(triage.data[0]).toMatchObject({ kind: 'urgent', client_name: 'Paula Personnel', acknowledged_at: null });
    const inbox = await apiCall<{ data: { kind: string }[] }>(server, counselor, 'GET', '/api/notifications');
    expect(inbox.data.some((n) => n.kind === 'urgent')).toBe(true);
  });

  it('a device that never kept its centre\'s contacts, signed out and offline, shows the national lines', async () => {
    const profile = newProfile();
    let device = await launchDevice(profile, { viewport: PHONE });
    let page = device.pages()[0] ?? (await device.newPage());
    await page.goto('/login');
    await controlledBySw(page);
    await device.close();
    device = await launchDevice(profile, { offline: true, viewport: PHONE });
    page = device.pages()[0] ?? (await device.newPage());
    await page.goto('/login');
    await page.getByRole('link', { name: 'Need help now? Crisis contacts' }).click();
    await page.getByRole('link', { name: /1553/ }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'crisis-signed-out-offline-375');
    await device.close();
  });
});
