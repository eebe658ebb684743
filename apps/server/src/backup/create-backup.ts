import fs from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { createImageStore } from '../lib/create-image-store';
import type { ImageStore } from '../lib/image-store';
import { step } from './backup-failure';
import { FORMAT, type Manifest, MANIFEST, PG_DUMP_FILE, sha256File, SQLITE_FILE } from './manifest';
import { type SnapshotFacts, snapshotPostgres, snapshotSqlite } from './snapshot';

// Writes one backup archive (docs/decisions/0190-backups-and-restore.md):
//   manifest.json, database/kalinga.sqlite (or database/kalinga.pgdump), uploads/<every stored image> (from the
//   uploads folder or the bucket: docs/decisions/0328-object-storage.md)
// into `<dir>/<prefix>-<UTC time>.tar.gz`, built in a `.partial-<random>` folder beside it (0700) and put in place
// when complete, 0600 (docs/decisions/0226-backup-files-private.md).

export const ARCHIVE_SUFFIX = '.tar.gz';
export const PARTIAL_SUFFIX = '.partial';
export type BackupKind = Manifest['kind'];

/** Manual archives are the operator's to keep; scheduled ones are pruned to the last N (their own prefix). */
export function archivePrefix(kind: BackupKind): string {
  return kind === 'scheduled' ? 'kalinga-scheduled-' : 'kalinga-backup-';
}

export interface BackupResult {
  archive: string;
  bytes: number;
  manifest: Manifest;
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** Archives of this product in `dir` (both kinds), by name. */
function isArchiveName(name: string): boolean {
  return (name.startsWith(archivePrefix('manual')) || name.startsWith(archivePrefix('scheduled'))) && name.endsWith(ARCHIVE_SUFFIX);
}

/**
 * Makes the backup folder (0700 when it is new) and, in it, a staging folder with an unpredictable name (mkdtemp: 0700,
 * never an existing path or a link someone put there). Archives written 0644 by an older version are made 0600
 * (docs/decisions/0226-backup-files-private.md).
 */
async function stagingFolder(dir: string, kind: BackupKind, now: Date): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  for (const name of await fs.readdir(dir)) {
    if (!isArchiveName(name)) continue;
    const st = await fs.lstat(path.join(dir, name)).catch(() => null);
    if (st?.isFile() && (st.mode & 0o077) !== 0) await fs.chmod(path.join(dir, name), 0o600).catch(() => undefined);
  }
  return fs.mkdtemp(path.join(dir, `${archivePrefix(kind)}${stamp(now)}${PARTIAL_SUFFIX}-`));
}

/**
 * Puts the finished archive in place under the first free name (two backups in the same second take the next suffix):
 * a hard link never replaces an existing file; where the disk has no hard links (FAT, some network shares), a rename
 * to a name checked free.
 */
async function publish(file: string, dir: string, kind: BackupKind, now: Date): Promise<string> {
  for (let n = 0; ; n++) {
    const archive = path.join(dir, `${archivePrefix(kind)}${stamp(now)}${n ? `-${n}` : ''}${ARCHIVE_SUFFIX}`);
    try {
      await fs.link(file, archive);
      return archive;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
      if (await fs.lstat(archive).then(() => true, () => false)) continue;
      await fs.rename(file, archive);
      return archive;
    }
  }
}

/** Each copied image's entity tag: a second pass copies only what is new or changed since. */
type Copied = Map<string, string>;

/**
 * Copies the stored images into `to`: those not copied yet and those changed since their copy. Run before the
 * database snapshot and again after it, so every image a row of the snapshot names is in the archive, even one
 * replaced and removed while the backup ran (it was copied before).
 */
async function copyUploads(images: ImageStore, to: string, copied: Copied): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const listed of await images.list('uploads')) {
    if (copied.get(listed.name) === listed.etag) continue;
    // Removed between the listing and the copy: an image no row kept (or one copied in an earlier pass).
    const image = await images.read('uploads', listed.name);
    if (!image) continue;
    await fs.writeFile(path.join(to, listed.name), image.data);
    copied.set(listed.name, image.etag);
  }
}

/**
 * An image a snapshot's row names but that neither pass found (stored after the first, replaced and removed before
 * the second) waits among the removed images for a day: it is taken from there.
 */
async function copyRemovedReferenced(images: ImageStore, to: string, referenced: Set<string>, copied: Copied): Promise<void> {
  for (const name of referenced) {
    if (copied.has(name) || name.startsWith('.') || name.includes('/') || name.includes('\\')) continue;
    const image = await images.read('removed', name);
    if (!image) continue;
    await fs.writeFile(path.join(to, name), image.data);
    copied.set(name, image.etag);
  }
}

async function listFiles(root: string, sub: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(root, sub), { withFileTypes: true })) {
    const rel = path.posix.join(sub, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

export interface BackupOptions {
  config: AppConfig;
  /** The open database (PostgreSQL's snapshot is exported through it; SQLite is copied from its file). */
  db: DB;
  dir: string;
  kind: BackupKind;
  now?: Date;
}

/** Writes a consistent backup of the database and the uploaded images while the server goes on serving. */
export async function createBackup({ config, db, dir, kind, now = new Date() }: BackupOptions): Promise<BackupResult> {
  const folder = path.resolve(dir);
  // Each step's failure says what failed, in words; the system's error goes to the log (backup-failure.ts).
  const staging = await step(`The backup folder ${folder} could not be made or written`, () => stagingFolder(folder, kind, now));
  try {
    const copied: Copied = new Map();
    const uploads = path.join(staging, 'uploads');
    const store = createImageStore(config);
    const images = `The images in ${store.where} could not be copied`;
    await step(images, () => copyUploads(store, uploads, copied));
    const database = config.database;
    const file = database.kind === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE;
    const facts: SnapshotFacts = await step(database.kind === 'sqlite' ? `The database ${database.file} could not be copied` : 'The database could not be dumped', async () => {
      await fs.mkdir(path.join(staging, 'database'));
      const taken = database.kind === 'sqlite' ? await snapshotSqlite(database.file, path.join(staging, file)) : await snapshotPostgres(db, database.url, path.join(staging, file));
      // The archive keeps each entry's mode: the database's is 0600 wherever it is extracted.
      await fs.chmod(path.join(staging, file), 0o600);
      return taken;
    });
    await step(images, async () => {
      await copyUploads(store, uploads, copied);
      await copyRemovedReferenced(store, uploads, facts.referenced, copied);
    });
    return await step(`The archive could not be written in ${folder}`, () => writeArchive({ staging, folder, kind, now, file, facts }));
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Lists and checksums the staged files, writes the manifest and the tar, and puts the archive in place. */
async function writeArchive({ staging, folder, kind, now, file, facts }: { staging: string; folder: string; kind: BackupKind; now: Date; file: string; facts: SnapshotFacts }): Promise<BackupResult> {
  const files = [];
  for (const rel of await listFiles(staging, '.')) {
    const full = path.join(staging, rel);
    files.push({ path: rel, bytes: (await fs.stat(full)).size, sha256: await sha256File(full) });
  }
  const images = files.filter((f) => f.path.startsWith('uploads/')).map((f) => f.path.slice('uploads/'.length));
  const present = new Set(images);
  const manifest: Manifest = {
    format: FORMAT,
    product: 'kalinga',
    kind,
    created_at: now.toISOString(),
    versions: { node: process.version, database: facts.databaseVersion, pg_dump: facts.pgDumpVersion },
    database: { kind: file === SQLITE_FILE ? 'sqlite' : 'postgres', file },
    migrations: facts.migrations,
    tables: facts.tables,
    images: { count: images.length, referenced: facts.referenced.size, missing: [...facts.referenced].filter((n) => !present.has(n)).sort() },
    files,
  };
  await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  // Written inside the staging folder (0700) under a name the file list never holds, then put in place.
  const partial = path.join(staging, `.archive${ARCHIVE_SUFFIX}`);
  await createTar({ gzip: true, cwd: staging, file: partial, portable: true, mode: 0o600 }, [MANIFEST, ...files.map((f) => f.path)]);
  await fs.chmod(partial, 0o600);
  const archive = await publish(partial, folder, kind, now);
  return { archive, bytes: (await fs.stat(archive)).size, manifest };
}
