// Concurrent updates of one resource (decision 0075); on PostgreSQL (npm run test:pg) they really overlap.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Library Race School');
});
afterAll(async () => t?.close());

describe('concurrent resource updates', () => {
  it('six image and category replacements at once: all 200, one image file left, the links of one request', async () => {
    const cat = async (title: string) => (await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { title } })).json().data.id as number;
    const a = await cat('Anxiety');
    const b = await cat('Stress');
    const created = await t.app.inject({ method: 'POST', url: '/api/resources', headers: admin.headers, payload: { title: 'Breathing', content: 'In, out.' } });
    const id = created.json().data.id as number;
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const form = multipart({ title: `Breathing ${i}`, categories: i % 2 ? `${a},${b}` : String(a) }, { field: 'image', filename: 'p.png', content: PNG_1PX, type: 'image/png' });
        return t.app.inject({ method: 'PUT', url: `/api/resources/${id}`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
      }),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const final = (await t.app.inject({ method: 'GET', url: `/api/resources/${id}`, headers: admin.headers })).json().data;
    // Every replaced image's file is gone; only the one the row names is left.
    expect(fs.readdirSync(t.config.uploadsDir)).toEqual([final.image_url.split('?')[0].replace('/uploads/', '')]);
    const n = Number(final.title.split(' ')[1]);
    expect(final.categories.map((c: { id: number }) => c.id)).toEqual(n % 2 ? [a, b] : [a]);
  });
});
