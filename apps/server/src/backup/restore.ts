import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { extract } from 'tar';
import type { AppConfig } from '../config';
import { createDatabase, type DB } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { countRows, type Manifest } from './manifest';
import { newRestoreTag } from '../lib/restore-tag';
import { CONTENT_KEYS_DIR } from '../lib/field-crypto';
import { createImageStore } from '../lib/create-image-store';
import { type ImageStore, StorageUnavailable } from '../lib/image-store';
import { checkSqliteArchiveKeys, keyCheckSql } from './restore-keys';
import { checkCounts, checkEntries, checkFiles, checkMigrations, readManifest, RestoreRefused, totalRows } from './restore-checks';
import { loadPostgres } from './restore-postgres';

// Restores an archive into an empty DATA_DIR (and, on PostgreSQL, an empty database): every check first, then the
// files are moved into place (docs/decisions/0190-backups-and-restore.md). A refusal is one line, and leaves the
// target as it was. The images go where the server keeps them: DATA_DIR/uploads or the bucket (decision 0328).

export { RestoreRefused };

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

/** Refuses a target that holds anything: a restore never mixes an archive with other data. */
async function checkEmptyTarget(config: AppConfig, images: ImageStore): Promise<void> {
  if (config.database.kind === 'sqlite') {
    // The content keys may be put in place first (decision 0205): the only thing DATA_DIR may hold.
    const held = (await entries(config.dataDir)).filter((e) => e !== CONTENT_KEYS_DIR);
    if (held.length > 0) throw new RestoreRefused(`DATA_DIR ${config.dataDir} is not empty (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', ...' : ''}): restore into an empty folder`);
    if (await exists(config.database.file)) throw new RestoreRefused(`The database file ${config.database.file} already exists: restore into an empty place`);
  }
  const empty = await images.isEmpty().catch((err: unknown) => {
    if (err instanceof StorageUnavailable) throw new RestoreRefused(err.reason);
    throw err;
  });
  if (!empty) throw new RestoreRefused(`${images.where} is not empty: restore into ${images.kind === 'disk' ? 'an empty DATA_DIR' : 'an empty bucket'}`);
  if (config.database.kind === 'sqlite') return;
  const db = createDatabase(config.database);
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (tables.length > 0) throw new RestoreRefused(`The database at DATABASE_URL is not empty (${tables.length} tables): restore into an empty database`);
  } finally {
    await db.destroy();
  }
}

/**
 * Puts the archive's images into the store; returns how to take them out again, should the database then be refused
 * (the store was empty, so taking out what was put leaves it as it was; an uploads folder made here goes too).
 */
async function placeImages(config: AppConfig, images: ImageStore, folder: string): Promise<() => Promise<void>> {
  const hadFolder = await exists(config.uploadsDir);
  const placed: string[] = [];
  const undo = async () => {
    for (const name of placed) await images.delete('uploads', name).catch(() => undefined);
    if (!hadFolder) await fs.rmdir(config.uploadsDir).catch(() => undefined);
  };
  try {
    for (const name of (await entries(folder)).sort()) {
      // Named before it is put: a put that failed half-way may still have left the object.
      placed.push(name);
      await images.put('uploads', name, await fs.readFile(path.join(folder, name)));
    }
  } catch (err) {
    await undo();
    throw err instanceof StorageUnavailable ? new Error(`The images could not be put in ${images.where}: ${err.reason}`, { cause: err }) : err;
  }
  return undo;
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
  const images = createImageStore(config);
  await checkEmptyTarget(config, images);
  // DATA_DIR, the work folder and the database file are the owner's only (docs/decisions/0226-backup-files-private.md).
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const work = await fs.mkdtemp(path.join(config.dataDir, '.restoring-'));
  try {
    try {
      await extract({ file: archive, cwd: work, strict: true, filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
    } catch (err) {
      throw new RestoreRefused(`The archive cannot be read (${err instanceof Error ? err.message : String(err)}): it is damaged or not a Kalinga backup`);
    }
    const manifest = await readManifest(work);
    checkMigrations(manifest);
    checkEntries(manifest);
    await checkFiles(work, manifest);
    if (manifest.database.kind !== config.database.kind) {
      throw new RestoreRefused(manifest.database.kind === 'postgres'
        ? 'This archive holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it'
        : 'This archive holds an SQLite database: unset DATABASE_URL (or set it to a file: path) to restore it');
    }
    const dump = path.join(work, manifest.database.file);
    // SQLite's counts are checked here; PostgreSQL's inside its load (below).
    const rows = config.database.kind === 'sqlite' ? checkCounts(manifest, await countSqlite(dump)) : totalRows(manifest);
    if (config.database.kind === 'sqlite') await checkSqliteArchiveKeys(config, dump);
    // The images first, taken out again if the database is refused: a refusal leaves the store as it was.
    const undoImages = await placeImages(config, images, path.join(work, 'uploads'));
    try {
      if (config.database.kind === 'sqlite') {
        await fs.mkdir(path.dirname(config.database.file), { recursive: true, mode: 0o700 });
        await fs.copyFile(dump, config.database.file, fs.constants.COPYFILE_EXCL);
        await fs.chmod(config.database.file, 0o600);
      } else {
        // One transaction with the counts checked inside it: a refusal leaves the database empty (decision 0227).
        await loadPostgres(config.database.url, dump, manifest, work, keyCheckSql(config));
      }
    } catch (err) {
      await undoImages();
      throw err;
    }
    await images.prepare();
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
