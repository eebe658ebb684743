import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase } from '../db/database';
import { referencedUploads } from '../db/upload-references';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { eachWrites, emptyTarget, startWriters, tamperedArchive } from '../../test/backup/backup-helpers';
import { createBackup } from './create-backup';
import { countRows, type Manifest, sha256File } from './manifest';
import { CURSOR_BEFORE_RESTORE } from '../lib/restore-tag';
import { RestoreRefused, restoreBackup } from './restore';

// Backup while four writers keep writing, restore into an empty place, serve from it (both databases: npm run test:pg).

let t: TestApp;
let admin: Actor;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Backup Centre');
  dir = fs.mkdtempSync(path.join(t.config.dataDir, '..', 'kalinga-backups-'));
});

afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function counselling(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { title: 'Wellbeing' } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

async function restoredServer(archive: string) {
  const target = await emptyTarget();
  cleanups.push(target.drop);
  const result = await restoreBackup(target.config, archive);
  const db = createDatabase(target.config.database);
  const app = await buildApp({ config: target.config, db });
  await app.ready();
  cleanups.unshift(async () => {
    await app.close();
    await db.destroy();
  });
  return { app, db, config: target.config, result };
}

describe('backup and restore', () => {
  it('backs up while 4 writers write; the restored server holds every row the manifest counted and every image', async () => {
    const category = await counselling();
    const writers = startWriters(t, admin, category);
    await eachWrites(writers, 3);
    const { archive, manifest } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    await eachWrites(writers, 3);
    await writers.stop();
    expect(path.basename(archive)).toMatch(/^kalinga-backup-\d{8}T\d{6}Z\.tar\.gz$/);

    // The snapshot is one moment: every customer has its key row, every row's image is in the archive.
    expect(manifest.tables.customers).toBeGreaterThan(0);
    expect(manifest.tables.idempotency_keys).toBe(manifest.tables.customers);
    expect(manifest.images.missing).toEqual([]);
    expect(manifest.images.referenced).toBeGreaterThan(0);
    const live = await countRows(t.db);
    expect(live.customers).toBeGreaterThan(manifest.tables.customers);

    const restored = await restoredServer(archive);
    const counts = await countRows(restored.db);
    for (const [table, n] of Object.entries(manifest.tables)) expect({ table, n: counts[table] }).toEqual({ table, n: table === 'restores' ? n + 1 : n });
    expect(restored.result.rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));

    // Through the restored server's API: the customers, the resources and the logo with their images.
    const customers = await restored.app.inject({ method: 'GET', url: '/api/customers?per_page=1', headers: admin.headers });
    expect(customers.statusCode).toBe(200);
    expect(customers.json().meta.total).toBe(manifest.tables.customers);
    const settings = (await restored.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json();
    const logo = await restored.app.inject({ method: 'GET', url: settings.site_logo });
    expect(logo.statusCode).toBe(200);
    for (const name of await referencedUploads(restored.db)) {
      const file = path.join(restored.config.uploadsDir, name);
      expect(fs.existsSync(file), name).toBe(true);
    }
    for (const f of manifest.files.filter((x) => x.path.startsWith('uploads/'))) {
      expect(await sha256File(path.join(restored.config.uploadsDir, f.path.slice('uploads/'.length)))).toBe(f.sha256);
    }
    expect(fs.readdirSync(restored.config.uploadsDir)).toHaveLength(manifest.images.count);
  });

  it('refuses a cursor from before the restore, hands out tagged cursors, and replays no key of a lost write', async () => {
    const key = 'lost-write-key';
    const first = await t.app.inject({ method: 'GET', url: '/api/sync', headers: admin.headers });
    const before = first.json().meta.cursor as string;
    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    const body = { uuid: '6f1c1e39-7d1b-4c43-9a39-4f6b8f0a9b11', first_name: 'Lost', last_name: 'Write', phone_number: '09171234567' };
    const lost = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...admin.headers, 'idempotency-key': key }, payload: body });
    expect(lost.statusCode).toBe(201);
    const later = (await t.app.inject({ method: 'GET', url: `/api/sync?since=${before}`, headers: admin.headers })).json().meta.cursor as string;

    const restored = await restoredServer(archive);
    for (const since of [before, later]) {
      const refused = await restored.app.inject({ method: 'GET', url: `/api/sync?since=${since}`, headers: admin.headers });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.since).toEqual([CURSOR_BEFORE_RESTORE]);
    }
    const epoch = await restored.app.inject({ method: 'GET', url: '/api/sync', headers: admin.headers });
    expect(epoch.statusCode).toBe(200);
    const cursor = epoch.json().meta.cursor as string;
    expect(cursor).toBe(`${before}r${restored.result.tag}`);
    expect((await restored.app.inject({ method: 'GET', url: `/api/sync?since=${cursor}`, headers: admin.headers })).statusCode).toBe(200);
    const chunk = await restored.app.inject({ method: 'GET', url: `/api/sync?table=customers&until=${cursor}`, headers: admin.headers });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.json().meta.cursor).toBe(cursor);

    // The write the restore lost is sent again with its key: applied (201), once.
    const again = await restored.app.inject({ method: 'POST', url: '/api/customers', headers: { ...admin.headers, 'idempotency-key': key }, payload: body });
    expect(again.statusCode).toBe(201);
    const repeat = await restored.app.inject({ method: 'POST', url: '/api/customers', headers: { ...admin.headers, 'idempotency-key': key }, payload: body });
    expect(repeat.json()).toEqual(again.json());
    const rows = await restored.db.selectFrom('customers').select('id').where('uuid', '=', body.uuid).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses, with one line and nothing written, a damaged archive, one from a newer version and a target that is not empty', async () => {
    const category = await counselling();
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' } });
    expect(res.statusCode).toBe(200);
    expect(category).toBeGreaterThan(0);
    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    const refusal = async (file: string, into?: (cfg: { uploadsDir: string }) => void) => {
      const target = await emptyTarget();
      cleanups.push(target.drop);
      into?.(target.config);
      const err = await restoreBackup(target.config, file).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(RestoreRefused);
      return { message: (err as Error).message, left: fs.existsSync(target.config.dataDir) ? fs.readdirSync(target.config.dataDir) : [] };
    };

    const damaged = await tamperedArchive(archive, dir, (folder) => {
      const image = fs.readdirSync(path.join(folder, 'uploads'))[0];
      fs.appendFileSync(path.join(folder, 'uploads', image), 'x');
    });
    const d = await refusal(damaged);
    expect(d.message).toMatch(/^Checksum mismatch for uploads\/.+\.png: the archive is damaged$/);
    expect(d.left).toEqual([]);

    const newer = await tamperedArchive(archive, dir, (folder) => {
      const file = path.join(folder, 'manifest.json');
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      m.migrations.push('099-from-the-future');
      fs.writeFileSync(file, JSON.stringify(m));
    });
    const n = await refusal(newer);
    expect(n.message).toBe('This archive comes from a newer version of Kalinga (migration 099-from-the-future is unknown here): update Kalinga before restoring it');
    expect(n.left).toEqual([]);

    const full = await refusal(archive, (cfg) => {
      fs.mkdirSync(cfg.uploadsDir, { recursive: true });
      fs.writeFileSync(path.join(cfg.uploadsDir, 'older.png'), 'keep me');
    });
    expect(full.message).toMatch(/ is not empty \(uploads\): restore into an empty folder$|uploads is not empty: restore into an empty DATA_DIR$/);
    expect(full.left).toEqual(['uploads']);
  });
});
