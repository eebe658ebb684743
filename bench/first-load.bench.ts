// First-load script size (decision 0096). Headless Chromium against the built app (run
// `node scripts/build.mjs` first): for /login (signed out) and, signed in, each main screen opened fresh, the
// JavaScript the page loads before it settles, as built (plain), gzip and brotli (the build's .gz/.br copies),
// with the sign-in page as the reference ratio. Target: signed-in screens within 170 KB gzip. Asserts nothing.
// The service worker is blocked so only the page's own requests count. Alone: `npx tsx bench/first-load.bench.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { DEMO, DESKTOP, launchBrowser, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const dist = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'apps/web/dist');
const SCREENS: [string, string][] = [
  ['/appointments', 'Appointments'],
  ['/categories', 'Categories'],
  ['/reports', 'Appointment Reports (Daily Series)'],
  ['/profile', 'My Profile'],
];

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : undefined);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Sizes {
  files: number;
  plain: number;
  gzip: number;
  brotli: number;
  /** gzip of the scripts requested before the screen's heading showed (what its first draw waited for). */
  beforeHeading: number;
}

/** Opens `url` in a fresh page of a context (signed in or not) and sums the scripts it loaded. */
async function scriptsFor(browser: Browser, baseURL: string, url: string, heading: string, signedIn: boolean): Promise<Sizes> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, serviceWorkers: 'block' });
  if (signedIn) await signIn(await context.newPage(), DEMO.admin);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  // The moment the heading (or the sign-in button) is in the page, taken in the page itself: the scripts the page
  // asked for before it are what its first draw waited for (a check from here would race the requests that the
  // screen starts right after drawing, such as the report charts').
  await page.addInitScript((text: string) => {
    const w = window as unknown as { headingAt?: number };
    new MutationObserver((_records, observer) => {
      const found = Array.from(document.querySelectorAll('h1, h2, button')).some((e) => e.textContent?.trim() === text);
      if (found && w.headingAt === undefined) {
        w.headingAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, heading);
  await page.goto(url);
  await page.getByRole(signedIn ? 'heading' : 'button', { name: heading, exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const first = new Set(
    await page.evaluate(() => {
      const at = (window as unknown as { headingAt?: number }).headingAt ?? Number.POSITIVE_INFINITY;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || e.initiatorType === 'other')
        .filter((e) => e.startTime <= at)
        .map((e) => new URL(e.name).pathname);
    }),
  );
  await context.close();
  const sizes: Sizes = { files: scripts.size, plain: 0, gzip: 0, brotli: 0, beforeHeading: 0 };
  for (const s of scripts) {
    const file = path.join(dist, s);
    const plain = size(file) ?? 0;
    sizes.plain += plain;
    sizes.gzip += size(`${file}.gz`) ?? plain;
    sizes.brotli += size(`${file}.br`) ?? plain;
    if (first.has(s)) sizes.beforeHeading += size(`${file}.gz`) ?? plain;
  }
  return sizes;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const login = await scriptsFor(browser, server.baseURL, '/login', 'Sign in', false);
  const rows: [string, Sizes][] = [['/login (signed out)', login]];
  for (const [url, heading] of SCREENS) rows.push([url, await scriptsFor(browser, server.baseURL, url, heading, true)]);
  console.log('Initial JavaScript per screen (fresh page, no service worker); ratio = gzip against /login:');
  for (const [name, s] of rows) {
    console.log(`  ${name.padEnd(20)} ${String(s.files).padStart(2)} files  plain ${kb(s.plain).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  brotli ${kb(s.brotli).padStart(8)}  x${(s.gzip / login.gzip).toFixed(2)}  before its heading: gzip ${kb(s.beforeHeading).padStart(8)}`);
  }
  const worst = Math.max(...rows.slice(1).map(([, s]) => s.gzip));
  const worstFirst = Math.max(...rows.slice(1).map(([, s]) => s.beforeHeading));
  console.log(`Signed-in screens (target <= 170 KB gzip): largest ${kb(worst)} by the time the page is idle: ${worst <= 170 * 1024 ? 'met' : 'NOT met'}; largest ${kb(worstFirst)} before the heading shows: ${worstFirst <= 170 * 1024 ? 'met' : 'NOT met'}.`);
} finally {
  await browser.close();
  await server.stop();
}
