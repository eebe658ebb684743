import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { localRows, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The branch picker of a clerk who works at two branches (decision 0341), a personnel-type user, so "Help now"
// is in the top bar too: on a phone it heads the lending screen under a top bar of one line, at the screen's
// width; from a tablet's width up it is in the top bar. Its list is kept in the clerk's book, so after a reload
// without the network it is drawn again with both branches. One picker in the page, wherever it stands.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

// Sorted: the server lists them by name.
const BRANCHES = ['MKT · Kalinga Pawnshop Makati', 'PT · Kalinga Pawnshop Quezon City'];

async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Where the one picker stands, its branches and width, and the top bar's height. */
async function picker(page: Page): Promise<{ inTopBar: number; inMain: number; options: string[]; width: number; topBar: number }> {
  // The app's own page: after a reload the kept last screen stands in front of it for a moment (decision 0101),
  // a picture of the screen with its own copy of the picker, gone once the app has drawn.
  const app = page.locator('#root');
  const select = app.getByTestId('branch-switcher');
  await select.waitFor();
  expect(await select.count()).toBe(1);
  return {
    inTopBar: await app.locator('header [data-testid="branch-switcher"]').count(),
    inMain: await app.locator('main [data-testid="branch-switcher"]').count(),
    options: (await select.locator('option').allTextContents()).filter((o) => o !== 'Pick a branch').sort(),
    width: (await select.boundingBox())!.width,
    topBar: (await app.locator('header').first().boundingBox())!.height,
  };
}

describe('the branch picker', () => {
  it('on a phone heads the lending screen under a one-line top bar, online and after a reload offline', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.clerk);
    await page.waitForURL('**/lending/loans');
    await page.getByTestId('help-now').waitFor();
    const online = await picker(page);
    expect(online).toMatchObject({ inTopBar: 0, inMain: 1, options: BRANCHES });
    // The whole name shows, not a letter; the top bar stays one line (a button's height and its padding).
    expect(online.width).toBeGreaterThan(200);
    expect(online.topBar).toBeLessThan(70);
    expect(await page.locator('#root').getByTestId('branch-switcher').inputValue()).toBe(await page.evaluate(() => localStorage.getItem('branch_id')));
    await screenshot(page, 'branch-picker-phone-online');

    // The list is in the clerk's book once the lending data has been pulled.
    await waitForBook(page);
    await expect
      .poll(async () => ((await localRows<{ id: string; data: { branches?: { name: string }[] } }>(page, 'settings')).find((r) => r.id === 'branches:mine')?.data.branches ?? []).map((b) => b.name).sort())
      .toEqual(['Kalinga Pawnshop Makati', 'Kalinga Pawnshop Quezon City']);
    await controlledBySw(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline mode').first().waitFor({ state: 'attached' });
    const offline = await picker(page);
    expect(offline).toMatchObject({ inTopBar: 0, inMain: 1, options: BRANCHES });
    expect(offline.topBar).toBeLessThan(70);
    // Still the branch chosen before: the picker does not ask again.
    expect(await page.getByRole('dialog', { name: 'Which branch are you at?' }).count()).toBe(0);
    expect(await page.locator('#root').getByTestId('branch-switcher').inputValue()).toBe(await page.evaluate(() => localStorage.getItem('branch_id')));
    await screenshot(page, 'branch-picker-phone-offline');
    await context.close();
  });

  it('from a tablet up stands in the top bar, and is drawn from the book after a reload offline', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.clerk);
    await page.waitForURL('**/lending/loans');
    expect(await picker(page)).toMatchObject({ inTopBar: 1, inMain: 0, options: BRANCHES });
    await screenshot(page, 'branch-picker-desktop-online');
    await waitForBook(page);
    await expect.poll(async () => (await localRows<{ id: string }>(page, 'settings')).some((r) => r.id === 'branches:mine')).toBe(true);
    await controlledBySw(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline mode').first().waitFor();
    expect(await picker(page)).toMatchObject({ inTopBar: 1, inMain: 0, options: BRANCHES });
    // Another branch chosen offline is the one the device works at.
    await page.locator('#root').getByTestId('branch-switcher').selectOption({ label: 'MKT · Kalinga Pawnshop Makati' });
    const makati = await page.locator('#root').getByTestId('branch-switcher').inputValue();
    expect(await page.evaluate(() => localStorage.getItem('branch_id'))).toBe(makati);
    await screenshot(page, 'branch-picker-desktop-offline');
    await context.close();
  });
});
