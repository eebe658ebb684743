import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { createDatabase } from '../db/database';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { emptyTarget, tamperedArchive } from '../../test/backup/backup-helpers';
import { createBackup } from './create-backup';
import type { Manifest } from './manifest';
import { RestoreRefused, restoreBackup } from './restore';

// A restore trusts nothing in the archive it has not checked, and every refusal leaves the target as it was, on both
// databases (docs/decisions/0227-restore-all-or-nothing.md).

let t: TestApp;
let admin: Actor;
let dir: string;
let archive: string;
const drops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Refusing Centre');
  dir = fs.mkdtempSync(path.join(t.config.dataDir, '..', 'kalinga-refusals-'));
  ({ archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' }));
});

afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function target(): Promise<AppConfig> {
  const made = await emptyTarget();
  drops.push(made.drop);
  return made.config;
}

/** The archive with its manifest changed by `edit`. */
function withManifest(edit: (m: Manifest) => void): Promise<string> {
  return tamperedArchive(archive, dir, (folder) => {
    const file = path.join(folder, 'manifest.json');
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    edit(m);
    fs.writeFileSync(file, JSON.stringify(m));
  });
}

async function refusal(config: AppConfig, file: string): Promise<string> {
  const err = await restoreBackup(config, file).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(RestoreRefused);
  return (err as Error).message;
}

/** What the target holds: the files in DATA_DIR and, on PostgreSQL, the tables of its database. */
async function held(config: AppConfig): Promise<{ files: string[]; tables: number }> {
  const files = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : [];
  if (config.database.kind === 'sqlite') return { files, tables: 0 };
  const db = createDatabase(config.database);
  try {
    return { files, tables: (await db.introspection.getTables({ withInternalKyselyTables: true })).length };
  } finally {
    await db.destroy();
  }
}

describe('restore refuses what it cannot trust', () => {
  it('a manifest naming a database outside the archive, with no tables and no files: refused, nothing copied in', async () => {
    const config = await target();
    const outside = path.join(config.dataDir, '..', 'outside', 'other.sqlite');
    fs.mkdirSync(path.dirname(outside), { recursive: true });
    const other = new SQLite(outside);
    other.exec("create table secrets (v text); insert into secrets values ('not for this server')");
    other.close();
    const crafted = await withManifest((m) => {
      m.database.file = config.database.kind === 'sqlite' ? '../../outside/other.sqlite' : '../../outside/other.pgdump';
      m.tables = {};
      m.files = [];
    });
    expect(await refusal(config, crafted)).toMatch(/^The archive's manifest names its database "\.\.\/\.\.\/outside\/other\.(sqlite|pgdump)", not database\/kalinga\.(sqlite|pgdump): it is not a Kalinga backup, or it was changed$/);
    expect(await held(config)).toEqual({ files: [], tables: 0 });
  });

  it('a manifest that leaves out the database entry or the tables: refused', async () => {
    const config = await target();
    const unlisted = await withManifest((m) => {
      m.files = m.files.filter((f) => f.path !== m.database.file);
    });
    expect(await refusal(config, unlisted)).toMatch(/^The archive's manifest does not list database\/kalinga\.(sqlite|pgdump) with its checksum: it is damaged or was changed$/);
    const noTables = await withManifest((m) => {
      m.tables = {};
    });
    expect(await refusal(config, noTables)).toBe("The archive's manifest counts no tables or no migrations: it is damaged or was changed");
    const stray = await withManifest((m) => {
      m.files.push({ path: 'uploads/../../escape.png', bytes: 1, sha256: '0'.repeat(64) });
    });
    expect(await refusal(config, stray)).toBe(`The archive's manifest lists "uploads/../../escape.png", which is neither its database nor an image: it was changed`);
    expect(await held(config)).toEqual({ files: [], tables: 0 });
  });

  it('rows that do not match the manifest: refused with the target left empty, so the genuine archive restores into it next', async () => {
    const config = await target();
    const wrong = await withManifest((m) => {
      m.tables.users += 1;
    });
    const users = (await t.db.selectFrom('users').select('id').execute()).length;
    expect(await refusal(config, wrong)).toBe(`The restored users holds ${users} rows, the manifest counts ${users + 1}: the archive is damaged`);
    expect(await held(config)).toEqual({ files: [], tables: 0 });

    const restored = await restoreBackup(config, archive);
    expect(restored.manifest.tables.users).toBe(users);
    const db = createDatabase(config.database);
    try {
      const admins = await db.selectFrom('users').select('email').where('email', '=', admin.user.email).execute();
      expect(admins).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
