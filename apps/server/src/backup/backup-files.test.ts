import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import { createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { emptyTarget } from '../../test/backup/backup-helpers';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore';

// Archives, their folders and staging, the live SQLite file and a restored one are the owner's only: they hold
// password hashes, sessions, screening answers and ID numbers (docs/decisions/0226-backup-files-private.md).

let t: TestApp;
let root: string;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const ON_SQLITE = !/^postgres/.test(process.env.DATABASE_URL ?? '');

beforeEach(async () => {
  t = await createTestApp();
  await registerCompany(t.app, 'Private Centre');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-private-'));
  fs.chmodSync(root, 0o755);
});

afterEach(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup files', () => {
  it('makes the backup folders 0700 and the archive 0600, and tightens an older 0644 archive beside it', async () => {
    const dir = path.join(root, 'new', 'backups');
    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.dirname(dir))).toBe(0o700);
    expect(modeOf(archive)).toBe(0o600);

    const older = path.join(dir, 'kalinga-scheduled-20260101T000000Z.tar.gz');
    fs.writeFileSync(older, 'an older archive', { mode: 0o644 });
    fs.chmodSync(older, 0o644);
    await createBackup({ config: t.config, db: t.db, dir, kind: 'scheduled' });
    expect(modeOf(older)).toBe(0o600);
  });

  it('stages under names no one can guess: a link planted at the old staging name is left alone', async () => {
    const dir = path.join(root, 'shared');
    fs.mkdirSync(dir, { mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    const now = new Date(Date.UTC(2026, 10, 28, 9, 30, 0));
    const victim = path.join(root, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    const name = 'kalinga-backup-20261128T093000Z.tar.gz';
    fs.symlinkSync(victim, path.join(dir, `${name}.partial.tar.gz`));

    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual', now });
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(path.basename(archive)).toBe(name);
    expect(fs.lstatSync(archive).isFile()).toBe(true);
    expect(modeOf(archive)).toBe(0o600);
    // Nothing of the run is left but the archive (and the planted link).
    expect(fs.readdirSync(dir).sort()).toEqual([name, `${name}.partial.tar.gz`]);
  });

  it.runIf(ON_SQLITE)('creates the live SQLite file 0600 in a 0700 folder (its -wal too) and tightens one left 0644', async () => {
    const file = path.join(root, 'fresh', 'data', 'kalinga.sqlite');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      await sql`create table probe (v text)`.execute(db);
      await sql`insert into probe values ('x')`.execute(db);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
    fs.chmodSync(file, 0o644);
    const again = createDatabase({ kind: 'sqlite', file });
    await again.destroy();
    expect(modeOf(file)).toBe(0o600);
  });

  it('restores into a DATA_DIR made 0700, the database file 0600 on SQLite', async () => {
    const { archive } = await createBackup({ config: t.config, db: t.db, dir: path.join(root, 'b'), kind: 'manual' });
    const target = await emptyTarget();
    try {
      await restoreBackup(target.config, archive);
      expect(modeOf(target.config.dataDir)).toBe(0o700);
      if (target.config.database.kind === 'sqlite') expect(modeOf(target.config.database.file)).toBe(0o600);
    } finally {
      await target.drop();
    }
  });
});

