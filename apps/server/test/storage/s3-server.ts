import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../../src/config';
import { openApp, type TestApp } from '../harness';

// A real S3-compatible server (s3rver) for the object-storage tests, and a second app instance on the same database
// with a DATA_DIR of its own: two machines that share no disk (docs/decisions/0328-object-storage.md).

/** The parts of s3rver (it ships no types) used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] }) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface S3Server {
  endpoint: string;
  /** The environment of an instance keeping its images in `bucket` (the URL key and content key shared). */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on a free port over a temporary folder, with the given buckets made. */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // Every machine of one installation has the same keys (the README's "more than one machine").
  const shared = { UPLOAD_URL_KEY: randomBytes(32).toString('hex'), CONTENT_KEY: randomBytes(32).toString('base64') };
  return {
    endpoint,
    env: (bucket) => ({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', ...shared }),
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The DATABASE_URL another instance opens the same database with. */
export function sameDatabase(config: AppConfig): string {
  return config.database.kind === 'sqlite' ? `file:${config.database.file}` : config.database.url;
}

/** Another app instance on `first`'s database, with its own DATA_DIR (no disk shared) and `env`. */
export async function anotherInstance(first: TestApp, env: Record<string, string>): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-second-'));
  const instance = await openApp(loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env, DATABASE_URL: sameDatabase(first.config) }));
  return {
    ...instance,
    async close() {
      await instance.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
