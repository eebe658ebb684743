import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { type AppConfig, loadConfig } from '../../src/config';
import { type Actor, freshPostgresDatabase, multipart, PNG_1PX, type TestApp } from '../harness';

/**
 * An empty place to restore into: a fresh DATA_DIR and, on PostgreSQL (DATABASE_URL set), a fresh empty database;
 * `drop` removes both. `env` adds configuration (the S3_ variables of a bucket to restore the images into).
 */
export async function emptyTarget(env: Record<string, string> = {}): Promise<{ config: AppConfig; drop: () => Promise<void> }> {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-restore-')), 'data');
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || !/^postgres/.test(adminUrl)) {
    return { config: loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env }), drop: async () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }) };
  }
  const { url, drop } = await freshPostgresDatabase(adminUrl, 'kalinga_r_');
  return {
    config: loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env, DATABASE_URL: url }),
    drop: async () => {
      await drop();
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}

/** Rewrites an archive through `change` (its files extracted into a folder under `dir`), keeping everything else. */
export async function tamperedArchive(archive: string, dir: string, change: (folder: string) => void): Promise<string> {
  const folder = fs.mkdtempSync(path.join(dir, 'x-'));
  await extract({ file: archive, cwd: folder });
  change(folder);
  const out = path.join(dir, `tampered-${path.basename(folder)}.tar.gz`);
  await createTar({ gzip: true, cwd: folder, file: out }, fs.readdirSync(folder));
  return out;
}

/** A distinct valid PNG each call (the 1-px PNG with a tEXt chunk), so every stored image has its own checksum. */
function pngNumbered(n: number): Buffer {
  return Buffer.concat([PNG_1PX.subarray(0, PNG_1PX.length - 12), textChunk(`n${n}`), PNG_1PX.subarray(PNG_1PX.length - 12)]);
}

function textChunk(text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const type = Buffer.from('tEXt');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([len, type, data, crc]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

export interface Writers {
  /** Writes each writer made so far. */
  counts: number[];
  stop(): Promise<void>;
}

/**
 * Four writers that keep writing until stopped: two create customers (with Idempotency-Keys), one publishes
 * resources with an image each, one replaces the site logo (each replacement removes the file before it).
 */
export function startWriters(t: TestApp, admin: Actor, categoryId: number): Writers {
  const counts = [0, 0, 0, 0];
  let stopped = false;
  let seq = 0;
  const expectOk = (status: number, body: string) => {
    if (status >= 300) throw new Error(`writer got ${status}: ${body}`);
  };
  const writers: (() => Promise<void>)[] = [
    async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...admin.headers, 'idempotency-key': randomUUID() }, payload: { uuid: randomUUID(), first_name: 'Ana', last_name: `Writer ${++seq}`, phone_number: '09171234567' } });
      expectOk(res.statusCode, res.body);
    },
    async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...admin.headers, 'idempotency-key': randomUUID() }, payload: { uuid: randomUUID(), first_name: 'Ben', last_name: `Writer ${++seq}`, phone_number: '09171234567' } });
      expectOk(res.statusCode, res.body);
    },
    async () => {
      const body = multipart({ title: `Guide ${++seq}`, content: 'A guide.', is_published: 'true', categories: String(categoryId) }, { field: 'image', filename: 'g.png', content: pngNumbered(seq), type: 'image/png' });
      const res = await t.app.inject({ method: 'POST', url: '/api/resources', headers: { ...admin.headers, ...body.headers }, payload: body.payload });
      expectOk(res.statusCode, res.body);
    },
    async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${pngNumbered(++seq).toString('base64')}` } });
      expectOk(res.statusCode, res.body);
    },
  ];
  const loops = writers.map(async (write, i) => {
    while (!stopped) {
      await write();
      counts[i]++;
    }
  });
  return {
    counts,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Resolves once every writer has written `n` more times than when called. */
export async function eachWrites(w: Writers, n: number): Promise<void> {
  const start = [...w.counts];
  while (w.counts.some((c, i) => c < start[i] + n)) await new Promise((r) => setTimeout(r, 5));
}
