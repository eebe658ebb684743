import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// Compression and caching headers read from the running built server over HTTP (decisions 0095-0096):
// the earlier caching bug passed tests that never looked at a real reply.

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ demo: false });
});
afterAll(() => server?.stop());

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  body: string;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode). */
function get(url: string, acceptEncoding?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(url, server.baseURL), { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: buf.length, body: buf.toString('latin1') });
      });
    });
    req.on('error', reject);
  });
}

/** The page's list for its start-up script (decision 0101): the entry, the stylesheet, the modules to preload. */
function bootData(html: string): { entry: string; css: string; preload: string[] } {
  const json = /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page has no boot-data list');
  return JSON.parse(json) as { entry: string; css: string; preload: string[] };
}

describe('first load over HTTP: compressed and cached', () => {
  it('sends the page compressed and revalidated, and its script and stylesheet compressed and kept for a year', async () => {
    const page = await get('/login', 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const plainPage = (await get('/login')).body;
    const boot = bootData(plainPage);
    const assets = [boot.css, boot.entry, ...boot.preload];
    expect(plainPage).toContain(`<link rel="stylesheet" crossorigin href="${boot.css}">`);
    expect(assets.every((a) => /^\/assets\/[\w.-]+\.(js|css)$/.test(a))).toBe(true);
    for (const asset of assets) {
      const br = await get(asset, 'gzip, deflate, br');
      const plain = await get(asset);
      expect(br.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      if (plain.bytes >= 1024) {
        expect(br.headers['content-encoding'], asset).toBe('br');
        expect(br.bytes, asset).toBeLessThan(plain.bytes / 2);
        expect((await get(asset, 'gzip')).headers['content-encoding'], asset).toBe('gzip');
      }
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
    }
  });

  it('a signed-in screen\'s page preloads the frame\'s and the screen\'s code, each a built file; the sign-in page none', async () => {
    const screens: Record<string, RegExp> = { '/': /appointments-page-/, '/appointments': /appointments-page-/, '/categories': /categories-page-/, '/reports': /reports-page-/, '/profile': /profile-page-/ };
    for (const [url, screen] of Object.entries(screens)) {
      const html = (await get(url)).body;
      const { preload: preloads } = bootData(html);
      expect(preloads.some((p) => /\/layout-/.test(p)), url).toBe(true);
      expect(preloads.some((p) => screen.test(p)), url).toBe(true);
      for (const file of preloads) {
        const reply = await get(file, 'br');
        expect(reply.status, file).toBe(200);
        expect(reply.headers['content-type'], file).toMatch(/javascript/);
        expect(reply.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      }
    }
    // The sign-in page is the built index.html as it is (Vite's own preloads of the entry's imports, nothing added).
    expect(bootData((await get('/login')).body).preload.some((p) => /layout-|-page-/.test(p))).toBe(false);
    expect((await get('/login')).body).toBe((await get('/index.html')).body);
  });

  it('revalidates the service worker and the manifest on every load', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const reply = await get(url, 'br');
      expect(reply.status, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses API JSON on the fly, keeps no-store on it, and never compresses an image', async () => {
    const docs = await get('/api/docs/json', 'gzip, br');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    const health = await get('/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
    const icon = await get('/icons/icon-192.png', 'gzip, br');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('registers the service worker only after the first screen has painted its content', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), { timeout: 15_000 }).toBe(true);
      const times = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        worker: performance.getEntriesByType('resource').find((e) => /workbox-window/.test(e.name))?.startTime ?? Number.NaN,
      }));
      expect(times.paint).toBeGreaterThan(0);
      expect(times.worker).toBeGreaterThan(times.paint);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('a signed-in screen\'s page draws the frame\'s skeleton before any script has run; the sign-in page does not', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 375, height: 780 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/appointments');
      // The menu button's icon and the page's grey rows, painted as content with no script at all (decision 0100).
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
      expect(await page.locator('#root svg path').count()).toBe(1);
      expect(await page.locator('#root main .skeleton').count()).toBeGreaterThan(2);
      await page.goto('/login');
      expect(await page.locator('#root').innerHTML()).toBe('');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('the sign-in page loads only its own code: no signed-in frame, screens, local database or validation library', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^\/assets\//, ''));
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      // Chunks named for the modules that start them (Vite): the layout, Dexie's, zod's (contracts/zod), the contracts', any screen.
      for (const name of ['layout-', 'database-', 'dexie', 'zod-', 'common-', 'sync-engine-', 'toast-', '-page-']) {
        expect(scripts.filter((s) => s.includes(name) && !s.startsWith('index-')), name).toEqual([]);
      }
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
