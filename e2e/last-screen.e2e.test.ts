import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The last screen kept on the device (decision 0101): the page's start-up script draws it before the
// app's code has arrived, inert, and the app's own screen replaces it; the session's end takes it away.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const keptPaths = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('last_screen:')).sort());

describe('the last screen kept on the device', () => {
  it('is drawn before the app\'s code has arrived, inert, gives way to the app\'s screen, and goes at sign-out', async () => {
    // Without the service worker, which would answer the held script from its cache (page.route does not see it).
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, serviceWorkers: 'block', timezoneId: 'Asia/Manila', locale: 'en-PH' });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page, DEMO.admin);
    await page.goto('/categories');
    await page.getByText('Study habits, exam preparation, procrastination and balancing academic load.').waitFor();
    // Leaving the page keeps what it showed.
    await page.goto('about:blank');
    await page.goto('/categories');
    await page.getByText('Study habits, exam preparation, procrastination and balancing academic load.').waitFor();
    expect(await keptPaths(page)).toContain('last_screen:/categories');
    // What is kept is the drawn list (a snapshot of a loading state would draw no text when the code is held), as
    // far down as two phone screens (decision 0387): the second card, not the last.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('last_screen:/categories') ?? ''), { timeout: 10_000 })
      .toContain('Support for the loss of a loved one and other losses that change our lives.');
    expect(await page.evaluate(() => localStorage.getItem('last_screen:/categories') ?? '')).not.toContain('Study habits, exam preparation');

    // The app's entry held back: what the page shows is the kept screen, drawn by the start-up script alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('about:blank');
    const reloaded = page.goto('/categories', { waitUntil: 'commit' });
    const cover = page.locator('#last-screen');
    await cover.getByText('Support for the loss of a loved one and other losses that change our lives.').waitFor();
    expect(await cover.getAttribute('inert')).toBe('');
    expect(await cover.getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('#root').evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
    // Inert: its controls take no focus and no click.
    const add = cover.locator('button', { hasText: 'Add Category' });
    expect(await add.evaluate((b: HTMLElement) => {
      b.focus();
      return document.activeElement === b;
    })).toBe(false);
    await expect(add.click({ timeout: 500 })).rejects.toThrow();
    expect(await cover.locator('[id]').count()).toBe(0);
    // Nor anything the app's screen names (its test ids, labels, field names): while both are up, nothing is found twice.
    expect(await cover.locator('[data-testid], label:not(.tab), [name], [aria-labelledby], [aria-describedby]').count()).toBe(0);
    expect(await cover.getByText('Categories').count()).toBeGreaterThan(0);
    await screenshot(page, 'last-screen-cover-375');

    release();
    await reloaded;
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await expect.poll(() => cover.count()).toBe(0);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.getByTestId('username').count()).toBe(1);
    expect(await page.locator('#root').getAttribute('style')).toBeNull();
    expect(violations).toEqual([]);

    // Signing out takes every kept screen with the session.
    await page.unroute('**/assets/index-*.js');
    await page.locator('button:has([data-testid="username"])').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    expect(await keptPaths(page)).toEqual([]);
    await context.close();
  });
});
