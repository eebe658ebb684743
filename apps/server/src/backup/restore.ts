import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { extract } from 'tar';
import type { AppConfig } from '../config';
import { createDatabase, type DB } from '../db/database';
import { knownMigrations, migrateToLatest } from '../db/migrate';
import { countRows, type Manifest, MANIFEST, manifestSchema, sha256File } from './manifest';
import { newRestoreTag } from '../lib/restore-tag';
import { pgConnection, runTool } from './snapshot';

// Restores an archive into an empty DATA_DIR (and, on PostgreSQL, an empty database): every check first, then the
// files are moved into place (docs/decisions/0190-backups-and-restore.md). A refusal is one line, and leaves the
// target as it was.

/** A restore that was refused before anything was written; the message is the one-line reason. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  tag: string;
  rows: number;
  images: number;
}

async function entries(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(() => true, () => false);
}

async function filesUnder(root: string, sub = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(root, sub), { withFileTypes: true })) {
    const rel = sub ? path.posix.join(sub, entry.name) : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(root, rel)));
    else out.push(rel);
  }
  return out;
}

/** Refuses a target that holds anything: a restore never mixes an archive with other data. */
async function checkEmptyTarget(config: AppConfig): Promise<void> {
  if (config.database.kind === 'sqlite') {
    const held = await entries(config.dataDir);
    if (held.length > 0) throw new RestoreRefused(`DATA_DIR ${config.dataDir} is not empty (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', ...' : ''}): restore into an empty folder`);
    if (await exists(config.database.file)) throw new RestoreRefused(`The database file ${config.database.file} already exists: restore into an empty place`);
    return;
  }
  const uploads = await entries(config.uploadsDir);
  if (uploads.length > 0) throw new RestoreRefused(`${config.uploadsDir} is not empty: restore into an empty DATA_DIR`);
  const db = createDatabase(config.database);
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (tables.length > 0) throw new RestoreRefused(`The database at DATABASE_URL is not empty (${tables.length} tables): restore into an empty database`);
  } finally {
    await db.destroy();
  }
}

async function readManifest(dir: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST), 'utf8').catch(() => null);
  let json: unknown = null;
  try {
    json = text === null ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new RestoreRefused('The archive has no readable manifest.json: it is not a Kalinga backup, or not one this version reads');
  return parsed.data;
}

/** Every file the manifest lists is there with its size and SHA-256, and nothing else is. */
async function checkFiles(dir: string, manifest: Manifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = (await filesUnder(dir)).filter((p) => p !== MANIFEST);
  for (const p of present) if (!listed.has(p)) throw new RestoreRefused(`The archive holds ${p}, which its manifest does not list: it was changed after the backup`);
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!present.includes(f.path)) throw new RestoreRefused(`${f.path} is missing from the archive: it is damaged`);
    if ((await fs.stat(full)).size !== f.bytes || (await sha256File(full)) !== f.sha256) throw new RestoreRefused(`Checksum mismatch for ${f.path}: the archive is damaged`);
  }
}

function checkMigrations(manifest: Manifest): void {
  const known = knownMigrations();
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new RestoreRefused(`This archive comes from a newer version of Kalinga (migration ${unknown[unknown.length - 1]} is unknown here): update Kalinga before restoring it`);
  }
}

function checkCounts(manifest: Manifest, counts: Record<string, number>): number {
  for (const [table, n] of Object.entries(manifest.tables)) {
    if (counts[table] !== n) throw new RestoreRefused(`The restored ${table} holds ${counts[table] ?? 0} rows, the manifest counts ${n}: the archive is damaged`);
  }
  return Object.values(manifest.tables).reduce((a, b) => a + b, 0);
}

async function countSqlite(file: string): Promise<Record<string, number>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the archive's database is read untyped
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
  try {
    return await countRows(db);
  } finally {
    await db.destroy();
  }
}

/** Brings the restored database to this version's level, marks it restored (its new tag) and closes runs the backup caught mid-way. */
async function markRestored(db: DB, archive: string, manifest: Manifest, tag: string): Promise<void> {
  const bytes = (await fs.stat(archive)).size;
  await migrateToLatest(db);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('restores').values({ tag, archive: path.basename(archive), archive_created_at: manifest.created_at, restored_at: now }).execute();
    // The run that wrote this archive (the newest unfinished one of its kind) was still running in its own snapshot;
    // any other unfinished one never finished in this history.
    const writer = await trx.selectFrom('backup_runs').select('id').where('finished_at', 'is', null).where('kind', '=', manifest.kind).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (writer) await trx.updateTable('backup_runs').set({ finished_at: manifest.created_at, ok: 1, archive: path.basename(archive), bytes }).where('id', '=', writer.id).execute();
    await trx.updateTable('backup_runs').set({ finished_at: now, ok: 0, error: 'It did not finish before this backup was taken.' }).where('finished_at', 'is', null).execute();
  });
}

export async function restoreBackup(config: AppConfig, archive: string): Promise<RestoreResult> {
  if (!(await fs.stat(archive).then((s) => s.isFile(), () => false))) throw new RestoreRefused(`No archive at ${archive}`);
  await checkEmptyTarget(config);
  await fs.mkdir(config.dataDir, { recursive: true });
  const work = path.join(config.dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(work);
  try {
    try {
      await extract({ file: archive, cwd: work, strict: true, filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
    } catch (err) {
      throw new RestoreRefused(`The archive cannot be read (${err instanceof Error ? err.message : String(err)}): it is damaged or not a Kalinga backup`);
    }
    const manifest = await readManifest(work);
    await checkFiles(work, manifest);
    checkMigrations(manifest);
    if (manifest.database.kind !== config.database.kind) {
      throw new RestoreRefused(manifest.database.kind === 'postgres'
        ? 'This archive holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it'
        : 'This archive holds an SQLite database: unset DATABASE_URL (or set it to a file: path) to restore it');
    }
    const dump = path.join(work, manifest.database.file);
    let rows: number;
    if (config.database.kind === 'sqlite') {
      rows = checkCounts(manifest, await countSqlite(dump));
      await fs.mkdir(path.dirname(config.database.file), { recursive: true });
      await fs.copyFile(dump, config.database.file, fs.constants.COPYFILE_EXCL);
    } else {
      const { dbname, env } = pgConnection(config.database.url);
      await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], env);
      const db = createDatabase(config.database);
      try {
        rows = checkCounts(manifest, await countRows(db));
      } finally {
        await db.destroy();
      }
    }
    await fs.rm(config.uploadsDir, { recursive: true, force: true });
    await fs.rename(path.join(work, 'uploads'), config.uploadsDir).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') await fs.mkdir(config.uploadsDir, { recursive: true });
      else throw err;
    });
    const tag = newRestoreTag();
    const db = createDatabase(config.database);
    try {
      await markRestored(db, archive, manifest, tag);
    } finally {
      await db.destroy();
    }
    return { manifest, tag, rows, images: manifest.images.count };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
