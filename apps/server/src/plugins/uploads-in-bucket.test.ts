import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { anotherInstance, type S3Server, startS3Server } from '../../test/storage/s3-server';
import { deleteRemovedImages, REMOVED_KEPT_MS } from '../lib/images';
import { sweepOrphanUploads, SWEEP_GRACE_MS } from '../lib/upload-sweep';
import { UPLOADS_CSP } from './uploads';

// Two instances on one database that share no disk keep their images in one bucket: an image uploaded through one is
// served by the other, a draft's image still only with its signature, removal and the sweep work on the bucket
// (docs/decisions/0328-object-storage.md).

let s3: S3Server;
let a: TestApp;
let b: TestApp;
let admin: Actor;
let counselor: Actor;

beforeAll(async () => {
  s3 = await startS3Server(['kalinga-images']);
  a = await createTestApp(s3.env('kalinga-images'));
  b = await anotherInstance(a, s3.env('kalinga-images'));
  admin = await registerCompany(a.app, 'Bucket Centre');
  counselor = await addUser(a.app, admin.companyId, { userType: 'counselor' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const logo = (app: TestApp, png: Buffer = PNG_1PX) =>
  app.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${png.toString('base64')}` } });
const nameOf = (url: string) => url.split('?')[0].replace('/uploads/', '');
const onDisk = (t: TestApp) => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir) : []);

describe('images in a bucket, two instances with no shared disk', () => {
  it('serves through one instance what was uploaded through the other, as its type, with nosniff and the CSP', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    const saved = await logo(a);
    expect(saved.statusCode).toBe(200);
    const url = saved.json().site_logo as string;
    const res = await b.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(UPLOADS_CSP);
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    // In the bucket, not on either machine's disk.
    expect(await b.app.images.read('uploads', nameOf(url))).not.toBeNull();
    expect([...onDisk(a), ...onDisk(b)]).toEqual([]);
    // A browser's copy is still good: 304.
    const again = await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("refuses a draft's image without its signature on either instance, and serves it with the other's signature", async () => {
    const body = multipart({ title: 'Draft with a picture', content: 'Not yet published.', is_published: 'false' }, { field: 'image', filename: 'p.png', content: PNG_1PX, type: 'image/png' });
    const created = await a.app.inject({ method: 'POST', url: '/api/resources', headers: { ...counselor.headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode).toBe(201);
    const signed = created.json().data.image_url as string;
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    const bare = `/uploads/${nameOf(signed)}`;
    for (const t of [a, b]) {
      const refused = await t.app.inject({ method: 'GET', url: bare });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ method: 'GET', url: signed.replace(/sig=[\w-]+/, 'sig=forged') })).statusCode).toBe(404);
    }
    const served = await b.app.inject({ method: 'GET', url: signed });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('refuses what is not an image even when it is in the bucket', async () => {
    await a.app.images.put('uploads', 'page.html', Buffer.from('<script>alert(1)</script>'));
    const res = await b.app.inject({ method: 'GET', url: '/uploads/page.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toBe(UPLOADS_CSP);
    await a.app.images.delete('uploads', 'page.html');
  });

  it('removes a replaced image from those served, keeps it a day among the removed, then deletes it', async () => {
    const first = nameOf((await logo(a)).json().site_logo as string);
    const replaced = await logo(b);
    expect(replaced.statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: `/uploads/${first}` })).statusCode).toBe(404);
    expect(await a.app.images.read('uploads', first)).toBeNull();
    expect(await a.app.images.read('removed', first)).not.toBeNull();
    expect(await deleteRemovedImages(b.app.images, Date.now())).toBe(0);
    expect(await deleteRemovedImages(b.app.images, Date.now() + REMOVED_KEPT_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await a.app.images.read('removed', first)).toBeNull();
  });

  it('sweeps from the bucket the images no row names, and keeps those rows name', async () => {
    const kept = nameOf((await logo(a)).json().site_logo as string);
    const stray = '0f6b8f0a-9b11-4c43-9a39-6f1c1e397d1b.png';
    await b.app.images.put('uploads', stray, PNG_1PX);
    const swept = await sweepOrphanUploads(b.db, b.app.images, { now: Date.now() + 2 * SWEEP_GRACE_MS });
    expect(swept).toContain(stray);
    expect(swept).not.toContain(kept);
    expect(await a.app.images.read('uploads', kept)).not.toBeNull();
    expect(await a.app.images.read('uploads', stray)).toBeNull();
  });
});
