import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { UPLOADS_CSP } from './uploads';

// /uploads serves a file only as the image its content is, never by its name; anything else is 404, and no reply
// there lets a script run (docs/decisions/0228-uploads-served-by-content.md).

let t: TestApp;
let admin: Actor;
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002003b', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Served School');
});
afterAll(async () => t?.close());

const put = (name: string, content: Buffer | string) => fs.writeFileSync(path.join(t.config.uploadsDir, name), content);
const get = (name: string) => t.app.inject({ method: 'GET', url: `/uploads/${name}` });

function expectNothingRuns(res: Awaited<ReturnType<typeof get>>) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe(UPLOADS_CSP);
  expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src/);
}

describe('/uploads', () => {
  it('serves a stored image as its type, with nosniff and a CSP that runs nothing', async () => {
    const saved = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${PNG_1PX.toString('base64')}` } });
    expect(saved.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: saved.json().site_logo as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    expectNothingRuns(res);
    expect((await t.app.inject({ method: 'HEAD', url: saved.json().site_logo as string })).headers['content-type']).toBe('image/png');
  });

  it('refuses a page or a script placed in the folder (by hand or by a restored archive): 404, nothing served', async () => {
    put('welcome.html', '<!doctype html><script src="/uploads/steal.js"></script>');
    put('steal.js', 'fetch("/api/me")');
    put('note.txt', 'plain words');
    put('drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const name of ['welcome.html', 'steal.js', 'note.txt', 'drawing.svg', 'missing.png']) {
      const res = await get(name);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 404 });
      expect(res.body).not.toContain('<script');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectNothingRuns(res);
    }
  });

  it('serves an image by its content whatever its name says', async () => {
    put('disguised.html', PNG_1PX);
    put('animated.png', GIF);
    const page = await get('disguised.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expectNothingRuns(page);
    const gif = await get('animated.png');
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
  });
});
