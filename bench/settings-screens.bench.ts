// Settings screens bench (decision 0149): an administrator opens Users, or Site Settings, from the menu once the
// page has settled. Headless Chromium against the built app (run `node scripts/build.mjs` first). Prints the time
// from the in-app navigation to the screen's content (the first user row; the filled site-name field), median of
// 5 fresh page loads, and the ratio against a reference measured in the same page: the same lists fetched with the
// session's token and drawn as a plain table. Target: the screen within 2x the reference (before: ~1 s, the chunk
// fetched on the click, then React's 300 ms reveal throttle, then the lists). Asserts nothing.
// Alone: `npx tsx bench/settings-screens.bench.ts`.
import type { Page } from 'playwright-core';
import { DEMO, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// In-page code is passed as text: tsx would wrap functions with a helper the page does not have.
/** Navigates in the app (no reload) and resolves with the ms until `ready` matches a visible element. */
const OPEN = (to: string, ready: string) => `(async () => {
  const start = performance.now();
  window.history.pushState({}, '', '${to}'); window.dispatchEvent(new PopStateEvent('popstate'));
  await new Promise((r) => { const t = () => { const e = document.querySelector(${JSON.stringify(ready)}); return e && e.getClientRects().length ? r() : requestAnimationFrame(t); }; t(); });
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - start;
})()`;

/** The floor: the screen's lists asked for with the session's headers and drawn as a plain table. */
const REFERENCE = (urls: string[]) => `(async () => {
  const headers = { Authorization: 'Bearer ' + localStorage.getItem('token'), 'X-Company-Id': localStorage.getItem('company_id') ?? '', Accept: 'application/json' };
  const start = performance.now();
  const replies = await Promise.all(${JSON.stringify(urls)}.map((u) => fetch(u, { headers }).then((r) => r.json())));
  const rows = [].concat(...replies.map((r) => Array.isArray(r.data) ? r.data : [r.data ?? r]));
  const table = document.createElement('table');
  table.innerHTML = rows.map((x) => '<tr><td>' + (x.name ?? x.site_name ?? '') + '</td><td>' + (x.email ?? '') + '</td></tr>').join('');
  document.body.appendChild(table);
  await new Promise((r) => requestAnimationFrame(() => r()));
  const ms = performance.now() - start;
  table.remove();
  return ms;
})()`;

/** A fresh load of My Profile, then the wait until the page has settled (the Settings screens' code is in). */
async function settle(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
  await page
    .waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/settings-page-')), undefined, { timeout: 20_000 })
    .catch(() => console.log('(the Settings code had not loaded ahead within 20 s)'));
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    for (const [name, to, ready, urls] of [
      ['Users', '/settings/users', '[data-testid="user-row"], [data-testid="user-card"]', ['/api/users?page=1&per_page=10', '/api/roles']],
      ['Site Settings', '/settings/site', '#settings-site_name', ['/api/settings', '/api/notifications/deliveries']],
    ] as const) {
      const screen: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await settle(page);
        screen.push(await page.evaluate<number>(OPEN(to, ready)));
        plain.push(await page.evaluate<number>(REFERENCE([...urls])));
      }
      const s = median(screen);
      const p = median(plain);
      console.log(`${name} from the menu: content in ${s.toFixed(0)} ms (runs ${screen.map((x) => x.toFixed(0)).join(', ')}); its lists fetched and drawn plainly ${p.toFixed(0)} ms; ratio ${(s / p).toFixed(1)}x (target <= 2x)`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
