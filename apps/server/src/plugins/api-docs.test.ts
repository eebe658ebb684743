import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The API reference is not served in production (decision 0125).

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('/api/docs', () => {
  it('is not served when NODE_ENV=production: 404 for the page and the document, signed in or not', async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://care.example.test' });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/openapi|swagger/i);
    }
    // The API itself is unchanged.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is served outside production', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/login']).toBeDefined();
  });
});
