import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, PHONE, screenshot, signIn } from './support/browser';
import { RECORD_SHIFTS } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The list screens' first opens on this device (decision 0363): what the first paint needs leaves as soon as it can,
// and what it does not need waits behind it.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A signed-in phone (or desktop) whose next load of a screen is a first open: no kept screens, no service worker. */
async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  // The service worker would answer the held requests itself, out of the test's reach.
  const context = await browser.newContext({ baseURL: server.baseURL, viewport, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  await page.getByRole('link', { name: 'Answer the questionnaire' }).waitFor();
  // Removed from a page that runs no app code, which would keep the screen again as it is left.
  await page.goto('/manifest.webmanifest');
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('last_screen:') || k.startsWith('early_reads:/')).forEach((k) => localStorage.removeItem(k)));
  return page;
}

/** When each request matching `pattern` left and when its answer came, in the order they left (ms since the test's start). */
function watch(page: Page, pattern: RegExp) {
  const start = Date.now();
  const seen: { path: string; asked: number; answered: number | null }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname + new URL(request.url()).search;
    if (pattern.test(path)) seen.push({ path, asked: Date.now() - start, answered: null });
  });
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname + new URL(request.url()).search;
    const entry = seen.find((s) => s.path === path && s.answered === null);
    if (entry) entry.answered = Date.now() - start;
  });
  return seen;
}

const shiftTotal = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0));

describe('first opens of the list screens', () => {
  it("Appointments draws the intake prompt's words from its own catalog, asking for no other after the status, and its checklist once", async () => {
    const page = await signedIn(PHONE);
    await page.route(/\/api\/screenings\/status$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(RECORD_SHIFTS);
    const seen = watch(page, /^\/api\/screenings\/status$|^\/assets\/intake-[\w-]+\.js$|^\/api\/company\/setup$/);
    await page.goto('/appointments');
    await page.getByRole('link', { name: 'Answer the questionnaire' }).waitFor();
    await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
    const status = seen.find((s) => s.path === '/api/screenings/status');
    expect(status?.answered, JSON.stringify(seen)).not.toBeNull();
    // The prompt's words are in the Appointments catalog, sent with the page: the intake catalog is not on its path
    // (it was asked for beside the status, one more request before the prompt; decision 0371, helper i).
    expect(seen.filter((s) => s.path.startsWith('/assets/intake-')), JSON.stringify(seen)).toEqual([]);
    await page.waitForTimeout(300);
    expect(await shiftTotal(page)).toBeLessThanOrEqual(0.01);
    // The checklist the start asked for beside the lists is not asked for again by the screen's first render.
    expect(seen.filter((s) => s.path === '/api/company/setup'), JSON.stringify(seen)).toHaveLength(1);
    await screenshot(page, 'list-first-open-appointments-phone');
    await page.context().close();
  });

  it("Categories asks for its list and draws it before the device's database code has arrived", async () => {
    const page = await signedIn(PHONE);
    await page.route(/\/assets\/database-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const seen = watch(page, /^\/api\/categories\?|^\/assets\/database-[\w-]+\.js$/);
    await page.goto('/categories');
    await page.getByTestId('category-card').first().waitFor();
    const list = seen.find((s) => s.path.startsWith('/api/categories?'));
    const database = seen.find((s) => s.path.startsWith('/assets/database-'));
    expect(list?.answered, JSON.stringify(seen)).not.toBeNull();
    // Not arrived: since decision 0371 (helper i) not even asked for until the first picture is in.
    expect(database?.answered ?? null, JSON.stringify(seen)).toBeNull();
    await page.context().close();
  });

  it.each([
    ['a phone', PHONE, 1, 'phone'],
    ['1280 px', DESKTOP, 3, 'desktop'],
  ] as const)('Categories on %s asks for the first row of pictures, and the others once the first has come, moving nothing', async (_name, viewport, row, shot) => {
    const page = await signedIn(viewport);
    // Every picture is held until released: what is asked for meanwhile is what the screen asked before the first came.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/uploads\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(RECORD_SHIFTS);
    const seen = watch(page, /^\/uploads\//);
    await page.goto('/categories');
    const cards = page.getByTestId('category-card');
    await cards.first().waitFor();
    await page.waitForTimeout(1000);
    // While the first picture is on its way, only it and the rest of the first row are asked for (the demo's newest
    // category has no picture: the first picture is the second card's).
    const { early, later } = await cards.evaluateAll((all, n) => {
      const srcs = all.map((card) => card.querySelector('img')?.getAttribute('src') ?? null);
      const upTo = Math.max(n, srcs.findIndex((src) => src !== null) + 1);
      return { early: srcs.slice(0, upTo).filter((src) => src !== null), later: srcs.slice(upTo).filter((src) => src !== null) };
    }, row);
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.map((s) => s.path).sort(), JSON.stringify(seen)).toEqual(early.sort());
    expect(later).toEqual([]);
    const askedWhileHeld = seen.length;
    release();
    const shown = () => page.evaluate(() => Array.from(document.querySelectorAll('[data-testid=category-card] img')).filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length);
    await expect.poll(shown).toBeGreaterThan(askedWhileHeld);
    expect(await shiftTotal(page)).toBeLessThanOrEqual(0.01);
    await screenshot(page, `list-first-open-categories-${shot}`);
    await page.context().close();
  });
});
