// GET /api/ready (decision 0331): 200 when this instance can serve; 503, saying nothing more, when its database does
// not answer or lacks a migration this build knows. On both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { migrationsBehind } from '../../db/migration-status';
import { knownMigrations } from '../../db/migrate';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startS3Server } from '../../../test/storage/s3-server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/ready', () => {
  it('answers 200 ready, without signing in, when the database answers and is fully migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database cannot be reached, and says nothing of why', async () => {
    // Nothing listens on port 1: the connection is refused (a PostgreSQL server that is down).
    const db = createDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/kalinga' });
    const app = await buildApp({ config: t.config, db });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers 503 while the database lacks the newest migration, and 200 again once it has it', async () => {
    expect(await migrationsBehind(t.db)).toEqual([]);
    const newest = [...knownMigrations()].sort().at(-1) as string;
    await sql`delete from kysely_migration where name = ${newest}`.execute(t.db);
    try {
      expect(await migrationsBehind(t.db)).toEqual([newest]);
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain(newest);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${new Date().toISOString()})`.execute(t.db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when its bucket cannot be reached, and 200 with one that answers', async () => {
    const s3 = await startS3Server(['kalinga-ready']);
    const reachable = await createTestApp(s3.env('kalinga-ready'));
    // Nothing listens on port 1.
    const away = await createTestApp({ ...s3.env('kalinga-ready'), S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      expect((await reachable.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const res = await away.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await Promise.all([reachable.close(), away.close()]);
      await s3.close();
    }
  });
});
