import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTarget, tamperedArchive } from '../../test/backup/backup-helpers';
import { type Actor, createTestApp, openApp, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { type S3Server, startS3Server } from '../../test/storage/s3-server';
import type { AppConfig } from '../config';
import { createImageStore } from '../lib/create-image-store';
import { createBackup } from './create-backup';
import type { Manifest } from './manifest';
import { RestoreRefused, restoreBackup } from './restore';

// A backup of a server that keeps its images in a bucket holds the bucket's images; a restore puts them into the
// target's bucket, and a refusal leaves that bucket as it was (docs/decisions/0328-object-storage.md, 0190).

let s3: S3Server;
let t: TestApp;
let admin: Actor;
let dir: string;
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s3 = await startS3Server(['kalinga-live', 'kalinga-restored', 'kalinga-occupied', 'kalinga-refused']);
  t = await createTestApp(s3.env('kalinga-live'));
  admin = await registerCompany(t.app, 'Backed-up Centre');
  dir = fs.mkdtempSync(path.join(t.config.dataDir, '..', 'kalinga-bucket-backups-'));
});
afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  await t?.close();
  await s3?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function target(bucket: string): Promise<AppConfig> {
  const made = await emptyTarget(s3.env(bucket));
  drops.push(made.drop);
  return made.config;
}

const logo = async () =>
  ((await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${PNG_1PX.toString('base64')}` } })).json().site_logo as string).replace('/uploads/', '');

describe('backups of images in a bucket', () => {
  it('archives the bucket\'s images and restores them into the target\'s bucket, served from there', async () => {
    const replaced = await logo();
    const current = await logo();
    const { archive, manifest } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    const archived = manifest.files.filter((f) => f.path.startsWith('uploads/')).map((f) => f.path.slice('uploads/'.length));
    // The current logo; the replaced one was removed before the backup and no row names it.
    expect(archived).toContain(current);
    expect(archived).not.toContain(replaced);
    expect(manifest.images.missing).toEqual([]);

    const config = await target('kalinga-restored');
    const restored = await restoreBackup(config, archive);
    expect(restored.images).toBe(archived.length);
    const bucket = createImageStore(config);
    expect((await bucket.list('uploads')).map((i) => i.name).sort()).toEqual([...archived].sort());
    // Nothing on the target's disk: the images are in its bucket.
    expect(fs.existsSync(config.uploadsDir)).toBe(false);

    const server = await openApp(config);
    try {
      const res = await server.app.inject({ method: 'GET', url: `/uploads/${current}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('refuses a bucket that holds images, and leaves a refused restore\'s bucket as it was', async () => {
    await logo();
    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    const full = await target('kalinga-occupied');
    await createImageStore(full).put('uploads', 'older.png', PNG_1PX);
    const err = await restoreBackup(full, archive).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toBe('s3://kalinga-occupied/uploads/ is not empty: restore into an empty bucket');
    expect((await createImageStore(full).list('uploads')).map((i) => i.name)).toEqual(['older.png']);

    // Rows that do not match the manifest: on PostgreSQL found while loading, after the images went in; taken out again.
    const wrong = await tamperedArchive(archive, dir, (folder) => {
      const file = path.join(folder, 'manifest.json');
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      m.tables.users += 1;
      fs.writeFileSync(file, JSON.stringify(m));
    });
    const config = await target('kalinga-refused');
    expect(await restoreBackup(config, wrong).then(() => null, (e: unknown) => e)).toBeInstanceOf(RestoreRefused);
    const bucket = createImageStore(config);
    expect(await bucket.list('uploads')).toEqual([]);
    expect(fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : []).toEqual([]);
    // The genuine archive then restores into the same place.
    expect((await restoreBackup(config, archive)).images).toBeGreaterThan(0);
    expect((await bucket.list('uploads')).length).toBeGreaterThan(0);
  });

  it('says in words that the bucket could not be read when a backup meets it unreachable', async () => {
    const config = { ...t.config, storage: { ...(t.config.storage as Extract<AppConfig['storage'], { kind: 's3' }>), endpoint: 'http://127.0.0.1:9', bucket: 'kalinga-live' } };
    const err = await createBackup({ config, db: t.db, dir, kind: 'manual' }).then(() => null, (e: unknown) => e);
    expect((err as Error).message).toMatch(/^The images in s3:\/\/kalinga-live\/uploads\/ could not be copied: the object storage at http:\/\/127\.0\.0\.1:9 cannot be reached \(ECONNREFUSED\): check S3_ENDPOINT and that the storage is running\.$/);
  });
});
