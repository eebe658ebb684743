import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
