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
      expect(res.headers['cache-control'], url).toBe('no-store');
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

/** Sends a request line exactly as written (no client cleans the target) and returns status, headers and body. */
async function rawGet(port: number, target: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(head[0].split(' ')[1]), headers, body: all.subarray(split + 4) });
    });
  });
}

describe('a draft image asked for by another spelling of its path', () => {
  let t: TestApp;
  let admin: Actor;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t.app, 'Spelling School');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  it('is refused (404, never cacheable) with a fragment, the absolute form, a semicolon or a doubled slash', async () => {
    const form = multipart({ title: 'Unfinished', content: 'Soon.', is_published: '0' }, { field: 'image', filename: 'p.png', content: PNG_1PX, type: 'image/png' });
    const created = await t.app.inject({ method: 'POST', url: '/api/resources', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(created.statusCode).toBe(201);
    const signedUrl = (created.json().data as { image_url: string }).image_url;
    const plain = signedUrl.split('?')[0];
    const signed = await rawGet(port, signedUrl);
    expect(signed.status).toBe(200);
    expect(signed.body.equals(PNG_1PX)).toBe(true);
    const targets = [
      `${plain}#x`,
      `${plain}#?exp=1&sig=x`,
      `http://127.0.0.1:${port}${plain}`,
      `http://127.0.0.1:${port}${plain}#x`,
      `${plain};x`,
      `/${plain}`,
      `/uploads//${plain.replace('/uploads/', '')}`,
      plain.replace('.png', '%2Epng'),
    ];
    for (const target of targets) {
      const res = await rawGet(port, target);
      expect(res.body.equals(PNG_1PX), target).toBe(false);
      expect(res.body.includes(PNG_1PX), target).toBe(false);
      if (res.status !== 400) expect(res.status, target).toBe(404);
      expect(res.headers['cache-control'] ?? '', target).not.toMatch(/public|max-age=[1-9]/);
    }
  });
});
