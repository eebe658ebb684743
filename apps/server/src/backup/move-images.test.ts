import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, createTestApp, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { anotherInstance, sameDatabase, type S3Server, startS3Server } from '../../test/storage/s3-server';
import { type AppConfig, loadConfig } from '../config';
import { removedUploadsDir } from '../lib/disk-image-store';
import { storageCommand } from './cli';
import { moveImages, storesOf } from './move-images';

// `npm run storage -- to-s3 | to-disk` moves the stored images into the bucket and back; run again after an
// interruption it finishes the move and loses nothing (docs/decisions/0328-object-storage.md).

let s3: S3Server;
let t: TestApp;
let admin: Actor;
let bucketConfig: AppConfig;

beforeAll(async () => {
  s3 = await startS3Server(['kalinga-moved']);
  t = await createTestApp({ CONTENT_KEY: s3.env('kalinga-moved').CONTENT_KEY });
  admin = await registerCompany(t.app, 'Moving Centre');
  bucketConfig = loadConfig({ DATA_DIR: t.config.dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...s3.env('kalinga-moved'), DATABASE_URL: sameDatabase(t.config) });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const logo = async () =>
  ((await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${PNG_1PX.toString('base64')}` } })).json().site_logo as string).replace('/uploads/', '');
const files = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);

describe('moving the images between the disk and the bucket', () => {
  it('moves every image into the bucket, served from there by an instance with no disk of its own; again moves nothing', async () => {
    const replaced = await logo();
    const current = await logo();
    expect(files(t.config.uploadsDir)).toEqual([current]);
    expect(files(removedUploadsDir(t.config.uploadsDir))).toEqual([replaced]);

    const { from, to } = storesOf(bucketConfig, 'to-s3');
    expect(await moveImages(from, to)).toEqual({ from: t.config.uploadsDir, to: 's3://kalinga-moved/uploads/', moved: 2, already: 0 });
    expect(files(t.config.uploadsDir)).toEqual([]);
    expect(files(removedUploadsDir(t.config.uploadsDir))).toEqual([]);
    expect((await to.list('uploads')).map((i) => i.name)).toEqual([current]);
    expect((await to.list('removed')).map((i) => i.name)).toEqual([replaced]);

    const other = await anotherInstance(t, s3.env('kalinga-moved'));
    try {
      const res = await other.app.inject({ method: 'GET', url: `/uploads/${current}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    } finally {
      await other.close();
    }
    expect(await moveImages(from, to)).toMatchObject({ moved: 0, already: 0 });
  });

  it('finishes a move that was interrupted after a copy, and moves them all back to the disk', async () => {
    const { from: disk, to: bucket } = storesOf(bucketConfig, 'to-s3');
    const [current] = (await bucket.list('uploads')).map((i) => i.name);
    // As a run stopped between the copy and the delete leaves it: the image on both sides.
    fs.writeFileSync(path.join(t.config.uploadsDir, current), PNG_1PX);
    expect(await moveImages(disk, bucket)).toMatchObject({ moved: 0, already: 1 });
    expect(files(t.config.uploadsDir)).toEqual([]);

    const back = storesOf(bucketConfig, 'to-disk');
    expect(await moveImages(back.from, back.to)).toMatchObject({ moved: 2, already: 0 });
    expect(await bucket.list('uploads')).toEqual([]);
    expect(await bucket.list('removed')).toEqual([]);
    expect(files(t.config.uploadsDir)).toEqual([current]);
    expect(fs.readFileSync(path.join(t.config.uploadsDir, current)).equals(PNG_1PX)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${current}` })).statusCode).toBe(200);
  });

  it('says how to use it, and that it needs the bucket configured', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await storageCommand(['sideways'])).toBe(1);
      expect(error.mock.calls[0][0]).toMatch(/^Usage: npm run storage -- to-s3/);
    } finally {
      error.mockRestore();
    }
    expect(() => storesOf(t.config, 'to-s3')).toThrow(/^Set S3_BUCKET/);
  });
});
