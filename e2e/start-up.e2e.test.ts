import type { Page } from 'playwright-core';
import { START_UP_READS_PATH } from '@kalinga/contracts/start-up-reads-constants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, launchBrowser, newPage, PHONE, signIn } from './support/browser';
import { RECORD_SHIFTS } from './support/checks';
import { type RunningServer, startServer } from './support/server';

// Start-up of a signed-in screen (decision 0231): what arrives late must not move what is already drawn.

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Records when the first largest paint of text matching `text` came (buffered), for reading as `window.__textPaint`. */
const recordTextPaint = (text: string) => `(() => {
  window.__textPaint = null;
  new PerformanceObserver((list) => {
    // The rendering update that painted it (paintTime), not when the frame reached the screen (startTime, up to a
    // frame later): a task queued after that paint may run before the frame is shown.
    for (const e of list.getEntries()) if (window.__textPaint === null && e.element && e.element.textContent.includes(${JSON.stringify(text)})) window.__textPaint = e.paintTime ?? e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/**
 * Holds the app's entry script back until `release` (the page's start-up script alone can send requests
 * meanwhile) and records every /api/ request's path and query from now on.
 */
async function holdEntry(page: Page): Promise<{ reads: string[]; entryRequested: Promise<void>; release: () => void }> {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The page's start-up sends its reads in one request (decision 0381): each is counted.
    if (url.pathname === START_UP_READS_PATH) reads.push(...url.searchParams.getAll('url'));
    else if (url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entryAsked!: () => void;
  const entryRequested = new Promise<void>((resolve) => (entryAsked = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    entryAsked();
    await held;
    await route.continue();
  });
  return { reads, entryRequested, release };
}

describe('start-up of a signed-in screen', () => {
  it('Appointments does not move its tabs and list down when what it shows above them answers after the list', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser, server.baseURL, PHONE);
      await signIn(page, DEMO.admin);
      // The demo centre offers the intake questionnaires, and its administrator (personnel) has not answered them.
      const prompt = page.getByRole('link', { name: 'Answer the questionnaire' });
      await prompt.waitFor();
      // A first open on this device (no kept screen: removed from a page that runs no app code, which would keep
      // the screen again as it is left), with the answers of the intake prompt and the checklist held back.
      await page.goto('/manifest.webmanifest');
      // (And the reads its start kept, which the page would send in one request with the others, decision 0381.)
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('last_screen:') || k.startsWith('early_reads:/')).forEach((k) => localStorage.removeItem(k)));
      await page.route(/\/api\/(company\/setup|screenings\/status)$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.addInitScript(RECORD_SHIFTS);
      await page.goto('/appointments');
      await prompt.waitFor();
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      const total = shifts.reduce((sum, v) => sum + v, 0);
      expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("readies the browser's date and number data in a worker on a signed-in screen, and not on the sign-in page (decision 0334)", async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser, server.baseURL, PHONE);
      const workers: string[] = [];
      const refused: string[] = [];
      page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|intl-warm/.test(message.text())) refused.push(message.text());
      });
      await page.goto('/login');
      await page.getByPlaceholder('Email').waitFor();
      expect(workers).not.toContain('/intl-warm.js');
      await signIn(page, DEMO.admin);
      await page.goto('/appointments');
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await vi.waitFor(() => expect(workers).toContain('/intl-warm.js'), { timeout: 15_000, interval: 100 });
      expect(refused).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("sends the screen's first reads from the page itself, before the app's code has arrived, and the app asks for them no second time", async () => {
    const browser = await launchBrowser();
    try {
      // Without the service worker, which would answer the held script from its cache (page.route does not see it).
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, serviceWorkers: 'block', timezoneId: 'Asia/Manila', locale: 'en-PH' });
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await page.goto('/appointments');
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      // Leaving the page keeps what its start-up read (decision 0252).
      await page.goto('about:blank');
      await page.goto('/manifest.webmanifest');
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('early_reads:/appointments') ?? 'null') as { urls: string[] } | null);
      const list = kept?.urls.find((u) => u.startsWith('/api/appointments?'));
      expect(kept?.urls).toEqual(expect.arrayContaining(['/api/me', '/api/user/companies']));
      expect(list).toBeDefined();

      // The app's entry held back: the reads leave all the same, from the page's start-up script.
      const { reads, entryRequested, release } = await holdEntry(page);
      await page.goto('about:blank');
      const opened = page.goto('/appointments', { waitUntil: 'commit' });
      await entryRequested;
      await vi.waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(kept!.urls.length), { timeout: 15_000, interval: 100 });
      expect([...reads].sort()).toEqual([...kept!.urls].sort());
      release();
      await opened;
      // The app draws the list from those replies: no read of the start-up is asked for twice.
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await page.getByTestId('count-pending').filter({ hasText: /\d/ }).waitFor();
      for (const url of ['/api/me', '/api/user/companies', list]) expect(reads.filter((r) => r === url), url).toHaveLength(1);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("a list screen's first open on a signed-in device sends the reads the app predicted for it before the app's code has arrived (decision 0371)", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, serviceWorkers: 'block', timezoneId: 'Asia/Manila', locale: 'en-PH' });
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      // Signed in, the app writes the reads of the list screens not started at yet; Categories never was on this device.
      const predicted = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('early_reads:/categories') ?? 'null') as { urls: string[]; predicted?: boolean } | null);
      await expect.poll(async () => (await predicted())?.predicted, { timeout: 20_000 }).toBe(true);
      const list = '/api/categories?page=1&per_page=10';
      expect((await predicted())?.urls).toEqual(['/api/me', '/api/user/companies', list]);

      const { reads, entryRequested, release } = await holdEntry(page);
      await page.goto('about:blank');
      const opened = page.goto('/categories', { waitUntil: 'commit' });
      await entryRequested;
      // The entry is held: only the page's start-up script can have sent these.
      await vi.waitFor(() => expect(reads).toEqual(expect.arrayContaining([list])), { timeout: 15_000, interval: 100 });
      release();
      await opened;
      await page.getByTestId('category-card').first().waitFor();
      // The app took the early reply: the list was asked for once.
      expect(reads.filter((r) => r === list)).toHaveLength(1);
      // Left, the start keeps what it really asked in the prediction's place.
      await page.goto('about:blank');
      await page.goto('/manifest.webmanifest');
      expect(await predicted()).toMatchObject({ urls: expect.arrayContaining([list]) });
      expect(await predicted()).not.toHaveProperty('predicted');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("Reports asks for its reports, and its sections' code, after the paint that shows its heading (decision 0381)", async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser, server.baseURL, PHONE);
      await signIn(page, DEMO.admin);
      await page.addInitScript(recordTextPaint('Appointment Reports'));
      await page.goto('/reports');
      await page.getByTestId('report-category').getByRole('button', { name: /CSV/ }).and(page.locator(':not([disabled])')).waitFor();
      const seen = await page.evaluate(() => ({
        headingPaint: (window as unknown as { __textPaint: number | null }).__textPaint,
        starts: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      }));
      expect(seen.headingPaint).not.toBeNull();
      const later = seen.starts.filter((r) => r.path.startsWith('/api/reports/') || /^\/assets\/(attendance-reports|group-report)-/.test(r.path));
      expect(later.length).toBeGreaterThanOrEqual(5);
      for (const r of later) expect(r.start, r.path).toBeGreaterThan(seen.headingPaint!);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("My Profile asks for its notification settings and My record after the paint that shows it, moves nothing, and a phone's start asks for no logo file (decision 0362)", async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser, server.baseURL, PHONE);
      await signIn(page, DEMO.student);
      await page.addInitScript(RECORD_SHIFTS);
      await page.addInitScript(recordTextPaint('come to you in this language'));
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'My record' }).waitFor();
      await page.getByRole('checkbox').first().waitFor();
      await page.waitForTimeout(500);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __textPaint: number | null; __shifts: number[] };
        const starts = performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }));
        return { hintPaint: w.__textPaint, shifts: w.__shifts, starts };
      });
      // The Language section's hint, drawn by the first render, is a largest paint of the start.
      expect(seen.hintPaint).not.toBeNull();
      const later = seen.starts.filter((r) => ['/api/me/notification-preferences', '/api/me/corrections'].includes(r.path) || /^\/assets\/my-record-section-/.test(r.path));
      expect(later.map((r) => r.path)).toHaveLength(3);
      for (const r of later) expect(r.start, r.path).toBeGreaterThan(seen.hintPaint!);
      expect(seen.starts.map((r) => r.path)).not.toContain('/logo.svg');
      // The manifest is linked once the first screen is up (decision 0381), not fetched in front of it: the page as
      // sent links none.
      expect(await (await page.request.get('/profile')).text()).not.toContain('rel="manifest"');
      await page.waitForFunction(() => document.head.querySelector('link[rel="manifest"]') !== null, undefined, { timeout: 10_000 });
      const manifest = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/manifest.webmanifest')?.startTime ?? null);
      if (manifest !== null) expect(manifest).toBeGreaterThan(seen.hintPaint!);
      expect(seen.shifts.reduce((sum, v) => sum + v, 0), `layout shifts ${JSON.stringify(seen.shifts)}`).toBeLessThanOrEqual(0.01);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
