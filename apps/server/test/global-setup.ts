import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { freshPostgresDatabase, PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './harness';

/**
 * Vitest global setup of the server project (decision 0196): the migrations run once per test run, into an SQLite
 * file (and, when DATABASE_URL is a postgres URL, a PostgreSQL database); createTestApp then copies that file, or
 * creates its database from that template, instead of migrating each time. Both go when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-template-'));
  const file = path.join(dir, 'migrated.sqlite');
  const sqlite = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(sqlite);
  await sqlite.destroy();
  process.env[SQLITE_TEMPLATE_ENV] = file;

  let dropTemplate: (() => Promise<void>) | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl && /^postgres/.test(adminUrl)) {
    const template = await freshPostgresDatabase(adminUrl, 'kalinga_tpl_');
    const db = createDatabase({ kind: 'postgres', url: template.url });
    await migrateToLatest(db);
    await db.destroy();
    process.env[PG_TEMPLATE_ENV] = template.name;
    dropTemplate = template.drop;
  }

  return async () => {
    delete process.env[SQLITE_TEMPLATE_ENV];
    delete process.env[PG_TEMPLATE_ENV];
    if (dropTemplate) await dropTemplate();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
