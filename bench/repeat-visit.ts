// The repeat visit of bench/lighthouse (decision 0095): a second visit to a signed-in screen fetches no hashed asset
// (/assets/*) from the network again, first with the service worker blocked (the HTTP cache: a year,
// immutable), then with it (its precache). Read from the DevTools protocol's own account of each response.
import type { Browser, Page } from 'playwright-core';
import { DEMO, signIn } from '../e2e/support/browser';

const SCREEN = '/appointments';

/** Opens `url` in a new page of the page's context and counts the hashed assets that came from the network. */
async function assetsFromNetwork(page: Page, url: string): Promise<{ total: number; network: number }> {
  const visit = await page.context().newPage();
  const cdp = await page.context().newCDPSession(visit);
  const assets = new Map<string, boolean>();
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (!new URL(e.response.url).pathname.startsWith('/assets/')) return;
    const local = e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache || cached.has(e.requestId);
    assets.set(e.requestId, !local);
  });
  await cdp.send('Network.enable');
  await visit.goto(url);
  await visit.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
  await visit.waitForLoadState('networkidle');
  await cdp.detach();
  await visit.close();
  return { total: assets.size, network: [...assets.values()].filter(Boolean).length };
}

export async function repeatVisit(browser: Browser, baseURL: string): Promise<string[]> {
  const lines = [`Repeat visit to ${SCREEN} (signed in, after a first visit): hashed assets fetched again (target 0):`];
  for (const serviceWorkers of ['block', 'allow'] as const) {
    const context = await browser.newContext({ baseURL, serviceWorkers });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    if (serviceWorkers === 'allow') await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');
    const { total, network } = await assetsFromNetwork(page, SCREEN);
    const how = serviceWorkers === 'block' ? 'HTTP cache only (no service worker)' : 'with the service worker';
    lines.push(`  ${how.padEnd(36)} ${network} of ${total} from the network: ${network === 0 ? 'met' : 'NOT met'}`);
    await context.close();
  }
  return lines;
}
