import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { UploadUrls } from './upload-access';

describe('signed upload URLs', () => {
  it('verify their own signature until they expire, and nothing else', () => {
    let now = Date.UTC(2026, 10, 23, 8);
    const urls = new UploadUrls(Buffer.from('k'), () => now);
    const url = new URL(urls.signed('a.png'), 'http://x');
    const exp = url.searchParams.get('exp');
    const sig = url.searchParams.get('sig');
    expect(urls.verify('a.png', exp, sig)).toBe(true);
    expect(urls.verify('b.png', exp, sig)).toBe(false);
    expect(urls.verify('a.png', String(Number(exp) + 86_400), sig)).toBe(false);
    expect(new UploadUrls(Buffer.from('other'), () => now).verify('a.png', exp, sig)).toBe(false);
    // The same URL all day (browsers cache it), valid for at least a week.
    now += 3_600_000;
    expect(urls.signed('a.png')).toBe(url.pathname + url.search);
    now += 7 * 86_400_000;
    expect(urls.verify('a.png', exp, sig)).toBe(true);
    now += 2 * 86_400_000;
    expect(urls.verify('a.png', exp, sig)).toBe(false);
  });
});

describe('images of draft resources', () => {
  let t: TestApp;
  let admin: Actor;
  let student: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t.app, 'Draft School');
    student = await addUser(t.app, admin.companyId, { userType: 'student' });
  });
  afterAll(async () => t?.close());

  it('are served only through the signed URL managers get; once published, to anyone', async () => {
    const form = multipart({ title: 'Unfinished', content: 'Soon.', is_published: '0' }, { field: 'image', filename: 'p.png', content: PNG_1PX, type: 'image/png' });
    const created = await t.app.inject({ method: 'POST', url: '/api/resources', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(created.statusCode).toBe(201);
    const { id, image_url: signedUrl } = created.json().data as { id: number; image_url: string };
    expect(signedUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.png\?exp=\d+&sig=[\w-]+$/);
    const plain = signedUrl.split('?')[0];
    const name = plain.replace('/uploads/', '');

    const signed = await t.app.inject({ method: 'GET', url: signedUrl });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(signed.headers['cache-control']).toBe('private, max-age=3600');

    for (const url of [plain, `${plain}?exp=9999999999&sig=forged`, `/uploads/x/..%2F${name}`, `/uploads/x/../${name}`, `/uploads/%2e%2e/uploads/${name}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: student.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.equals(PNG_1PX)).toBe(false);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/resources/${id}`, headers: student.headers })).statusCode).toBe(404);

    const published = await t.app.inject({ method: 'PUT', url: `/api/resources/${id}`, headers: admin.headers, payload: { is_published: true } });
    expect(published.json().data.image_url).toBe(plain);
    const open = await t.app.inject({ method: 'GET', url: plain });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('the signing key is not itself served', async () => {
    for (const url of ['/uploads/upload-urls.key', '/uploads/../upload-urls.key', '/uploads/..%2Fupload-urls.key']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
