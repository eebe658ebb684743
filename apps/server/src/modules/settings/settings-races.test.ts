// Concurrent logo changes (decision 0075); on PostgreSQL (npm run test:pg) they really overlap.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, PNG_1PX, registerCompany, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Logo Race School');
});
afterAll(async () => t?.close());

describe('concurrent logo changes', () => {
  it('six new logos at once: all 200, and only the logo the settings name is left on disk', async () => {
    const logo = `data:image/png;base64,${PNG_1PX.toString('base64')}`;
    const replies = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: logo } })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json().site_logo as string;
    expect(fs.readdirSync(t.config.uploadsDir).filter((n) => n.endsWith('.png'))).toEqual([current.replace('/uploads/', '')]);
  });
});
