// The repeat visit of bench/lighthouse (decision 0095): a second visit to a signed-in screen fetches no hashed asset
// (/assets/*) from the network again, first with the service worker blocked (the HTTP cache: a year,
// immutable), then with it (its precache). Read from the DevTools protocol's own account of each response. Only
// what the first visit fetched can be fetched again: an asset the second visit asks for the first time (the first
// signs in and goes to the screen without a page load, the second is a page load) is named apart (decision 0362).
import type { Browser, Page } from 'playwright-core';
import { DEMO, signIn } from '../e2e/support/browser';

const SCREEN = '/appointments';

const isAsset = (url: string) => new URL(url).pathname.startsWith('/assets/');

/**
 * Opens `url` in a new page of the page's context: the hashed assets that came from the network although the
 * first visit (`before`, their paths) had them, of all it asked for, and those the first visit never asked for.
 */
async function assetsFromNetwork(page: Page, url: string, before: Set<string>): Promise<{ total: number; again: number; fresh: string[] }> {
  const visit = await page.context().newPage();
  const cdp = await page.context().newCDPSession(visit);
  const assets = new Map<string, { path: string; network: boolean }>();
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (!isAsset(e.response.url)) return;
    const local = e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache || cached.has(e.requestId);
    assets.set(e.requestId, { path: new URL(e.response.url).pathname, network: !local });
  });
  await cdp.send('Network.enable');
  await visit.goto(url);
  await visit.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
  await visit.waitForLoadState('networkidle');
  await cdp.detach();
  await visit.close();
  const all = [...assets.values()];
  return {
    total: all.length,
    again: all.filter((a) => a.network && before.has(a.path)).length,
    fresh: [...new Set(all.filter((a) => !before.has(a.path)).map((a) => a.path))],
  };
}

export async function repeatVisit(browser: Browser, baseURL: string): Promise<string[]> {
  const lines = [`Repeat visit to ${SCREEN} (signed in, after a first visit): hashed assets fetched again (target 0):`];
  for (const serviceWorkers of ['block', 'allow'] as const) {
    const context = await browser.newContext({ baseURL, serviceWorkers });
    const page = await context.newPage();
    const before = new Set<string>();
    page.on('response', (response) => {
      if (isAsset(response.url())) before.add(new URL(response.url()).pathname);
    });
    await signIn(page, DEMO.admin);
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    if (serviceWorkers === 'allow') await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');
    const { total, again, fresh } = await assetsFromNetwork(page, SCREEN, before);
    const how = serviceWorkers === 'block' ? 'HTTP cache only (no service worker)' : 'with the service worker';
    lines.push(`  ${how.padEnd(36)} ${again} of ${total} from the network again: ${again === 0 ? 'met' : 'NOT met'}`);
    if (fresh.length > 0) lines.push(`    not asked for by the first visit (a first fetch, not counted): ${fresh.join(', ')}`);
    await context.close();
  }
  return lines;
}
