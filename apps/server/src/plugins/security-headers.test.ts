import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';
import { createTestApp, type TestApp } from '../../test/harness';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  // The test's requests come from 127.0.0.1: here that is the proxy in front.
  proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('HTTPS-only headers', () => {
  it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP, whatever an untrusted client claims', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const res = await get(direct, '/api/health', headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends both when a trusted proxy says the request came over HTTPS', async () => {
    const secure = await get(proxied, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/);
    // TRUST_PROXY as a hop count: one proxy in front.
    const oneHop = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect((await get(oneHop, '/api/health', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await oneHop.close();
    }
    const plain = await get(proxied, '/api/health', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });
});

describe('Cache-Control on API replies', () => {
  it('is no-store on API JSON, successes and errors alike', async () => {
    for (const url of ['/api/health', '/api/me', '/api/nothing-here']) {
      const res = await get(direct, url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('Headers of the built files (decision 0288)', () => {
  /** The headers plugin alone, over files of each kind as the web app's static files are served. */
  async function files() {
    const app = Fastify();
    await registerSecurityHeaders(app);
    const kinds: [string, string][] = [
      ['/login', 'text/html; charset=utf-8'],
      ['/assets/index.js', 'application/javascript; charset=utf-8'],
      ['/logo.svg', 'image/svg+xml'],
      ['/assets/index.css', 'text/css; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/icons/icon-192.png', 'image/png'],
      ['/api/report.csv', 'text/csv'],
      ['/uploads/a.png', 'image/png'],
    ];
    for (const [url, type] of kinds) app.get(url, async (_request, reply) => reply.type(type).send('x'));
    return app;
  }

  it('sends no obsolete header on any reply', async () => {
    const app = await files();
    for (const url of ['/login', '/assets/index.css', '/api/report.csv']) {
      const res = await app.inject({ method: 'GET', url });
      for (const name of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-dns-prefetch-control']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    await app.close();
  });

  it('keeps the page-only headers on pages, scripts, SVG, API replies and uploads, and leaves them off a stylesheet, image or manifest', async () => {
    const app = await files();
    for (const url of ['/login', '/assets/index.js', '/logo.svg', '/api/report.csv', '/uploads/a.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/assets/index.css', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // What any file needs: no sniffing, no other origin embedding it, no referrer for what a stylesheet loads.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    await app.close();
  });

  it('leaves them off a built script the page imports, and keeps them when the script is asked for as a worker', async () => {
    const app = await files();
    const asScript = await app.inject({ method: 'GET', url: '/assets/index.js', headers: { 'sec-fetch-dest': 'script' } });
    expect(asScript.headers['content-security-policy']).toBeUndefined();
    expect(asScript.headers['x-frame-options']).toBeUndefined();
    expect(asScript.headers['x-content-type-options']).toBe('nosniff');
    for (const destination of ['worker', 'serviceworker', 'document']) {
      const res = await app.inject({ method: 'GET', url: '/assets/index.js', headers: { 'sec-fetch-dest': destination } });
      expect(String(res.headers['content-security-policy']), destination).toContain("default-src 'self'");
    }
    await app.close();
  });
});
