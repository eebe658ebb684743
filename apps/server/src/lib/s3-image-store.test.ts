import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/free-port';
import { type Actor, createTestApp, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { type S3Server, startS3Server } from '../../test/storage/s3-server';
import { loadConfig } from '../config';
import { createImageStore } from './create-image-store';
import { STORAGE_UNAVAILABLE, StorageUnavailable } from './image-store';
import { watchImageStorage } from './storage-watch';

// A bucket that cannot be used is said in words, at start and to whoever meets it; the server serves on and never
// stops over it (docs/decisions/0328-object-storage.md).

let s3: S3Server;
/** A port nothing listens on: one the system gave and took back. */
let closedPort: number;

beforeAll(async () => {
  s3 = await startS3Server(['kalinga-present']);
  closedPort = await freePort();
});
afterAll(async () => s3?.close());

const storeFor = (env: Record<string, string>) => createImageStore(loadConfig({ DATA_DIR: '/nonexistent-kalinga', ...env }));

async function reasonOf(run: () => Promise<unknown>): Promise<string> {
  const err = await run().then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(StorageUnavailable);
  return (err as StorageUnavailable).reason;
}

describe('the S3 image store', () => {
  it('stores, lists, moves and deletes in the bucket', async () => {
    const images = storeFor(s3.env('kalinga-present'));
    await images.check();
    expect(await images.isEmpty()).toBe(true);
    await images.put('uploads', 'a.png', PNG_1PX);
    expect(await images.isEmpty()).toBe(false);
    expect((await images.list('uploads')).map((i) => [i.name, i.size])).toEqual([['a.png', PNG_1PX.length]]);
    expect(await images.move('a.png', 'uploads', 'removed')).toBe(true);
    expect(await images.move('a.png', 'uploads', 'removed')).toBe(false);
    expect(await images.read('uploads', 'a.png')).toBeNull();
    expect((await images.read('removed', 'a.png'))?.data.equals(PNG_1PX)).toBe(true);
    await images.delete('removed', 'a.png');
    await images.delete('removed', 'a.png');
    expect(await images.list('removed')).toEqual([]);
    await expect(images.put('uploads', '../escape.png', PNG_1PX)).rejects.toThrow(/Not a stored image's name/);
  });

  it('says in words that the storage cannot be reached, or that the bucket is missing', async () => {
    const unreachable = storeFor({ ...s3.env('kalinga-present'), S3_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    expect(await reasonOf(() => unreachable.check())).toBe(`The object storage at http://127.0.0.1:${closedPort} cannot be reached (ECONNREFUSED): check S3_ENDPOINT and that the storage is running`);
    expect(await reasonOf(() => unreachable.read('uploads', 'a.png'))).toMatch(/cannot be reached/);
    const missing = storeFor(s3.env('kalinga-missing'));
    expect(await reasonOf(() => missing.check())).toBe(`The bucket kalinga-missing does not exist at ${s3.endpoint}: create it, or correct S3_BUCKET`);
    expect(await reasonOf(() => missing.put('uploads', 'a.png', PNG_1PX))).toMatch(/^The bucket kalinga-missing does not exist/);
  });

  it('refuses a half-made configuration in one line', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'kalinga', S3_ACCESS_KEY_ID: 'k', UPLOAD_URL_KEY: 'x'.repeat(32) })).toThrow(/set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/);
    expect(() => loadConfig({ S3_BUCKET: 'kalinga' })).toThrow(/UPLOAD_URL_KEY: must be set when S3_BUCKET is set/);
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket', UPLOAD_URL_KEY: 'x' })).toThrow(/S3_BUCKET: must be a bucket name/);
    const config = loadConfig({ S3_BUCKET: 'kalinga', S3_ENDPOINT: 'http://minio:9000', UPLOAD_URL_KEY: 'x'.repeat(32) });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'kalinga', region: 'us-east-1', forcePathStyle: true, credentials: null });
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
  });
});

describe('a server whose bucket cannot be reached', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp({ ...s3.env('kalinga-present'), S3_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    admin = await registerCompany(t.app, 'Unreachable Centre');
  });
  afterAll(async () => t?.close());

  it('says so at start and checks again until it can be used, without stopping', async () => {
    const lines: [string, boolean][] = [];
    const watch = watchImageStorage(t.app.images, (line, ok) => lines.push([line, ok]), 60_000);
    expect(await watch.first).toBe(false);
    watch.stop();
    expect(lines).toEqual([[expect.stringMatching(/^The object storage at http:\/\/127\.0\.0\.1:\d+ cannot be reached \(ECONNREFUSED\): check S3_ENDPOINT .*\. The server goes on without images: .* \(checked again every 60 s\)\.$/), false]]);
    const fine = watchImageStorage(createImageStore(loadConfig({ DATA_DIR: '/nonexistent-kalinga', ...s3.env('kalinga-present') })), () => undefined);
    expect(await fine.first).toBe(true);
    fine.stop();
  });

  it('says so when the storage can be used again', async () => {
    const env = s3.env('kalinga-made-later');
    const lines: [string, boolean][] = [];
    const watch = watchImageStorage(storeFor(env), (line, ok) => lines.push([line, ok]), 100);
    try {
      expect(await watch.first).toBe(false);
      expect(lines[0][0]).toMatch(/^The bucket kalinga-made-later does not exist at /);
      const client = new S3Client({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } });
      await client.send(new CreateBucketCommand({ Bucket: 'kalinga-made-later' }));
      client.destroy();
      await vi.waitFor(() => expect(lines.at(-1)).toEqual(['The image storage s3://kalinga-made-later/uploads/ can be used again.', true]), { timeout: 10_000, interval: 50 });
    } finally {
      watch.stop();
    }
  });

  it('answers an upload and an image with 503 in words, in the asker\'s language, and serves the rest', async () => {
    const saved = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${PNG_1PX.toString('base64')}` } });
    expect(saved.statusCode).toBe(503);
    expect(saved.json().message).toBe(STORAGE_UNAVAILABLE);
    expect(saved.headers['retry-after']).toBe('60');
    const image = await t.app.inject({ method: 'GET', url: '/uploads/0f6b8f0a-9b11-4c43-9a39-6f1c1e397d1b.png', headers: { 'accept-language': 'fil' } });
    expect(image.statusCode).toBe(503);
    expect(image.json().message).toMatch(/^Hindi maitabi o maipakita ang mga larawan ngayon/);
    expect(image.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).statusCode).toBe(200);
  });
});
