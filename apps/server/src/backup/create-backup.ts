import fs from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { removedUploadsDir } from '../lib/images';
import { FORMAT, type Manifest, MANIFEST, sha256File } from './manifest';
import { type SnapshotFacts, snapshotPostgres, snapshotSqlite } from './snapshot';

// Writes one backup archive (docs/decisions/0190-backups-and-restore.md):
//   manifest.json, database/kalinga.sqlite (or database/kalinga.pgdump), uploads/<every stored image>
// into `<dir>/<prefix>-<UTC time>.tar.gz`, built in a `.partial` folder beside it and renamed when complete.

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

/** Makes the staging folder; its name is the archive's, so two backups in the same second take the next suffix. */
async function claimName(dir: string, kind: BackupKind, now: Date): Promise<{ archive: string; staging: string }> {
  await fs.mkdir(dir, { recursive: true });
  for (let n = 0; ; n++) {
    const archive = path.join(dir, `${archivePrefix(kind)}${stamp(now)}${n ? `-${n}` : ''}${ARCHIVE_SUFFIX}`);
    const staging = `${archive}${PARTIAL_SUFFIX}`;
    const exists = await fs.stat(archive).then(() => true, () => false);
    if (exists) continue;
    try {
      await fs.mkdir(staging);
      return { archive, staging };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

interface Copied {
  size: number;
  mtimeMs: number;
}

/**
 * Copies the stored images into `to`: the files not copied yet and those changed since their copy. Run before the
 * database snapshot and again after it, so every image a row of the snapshot names is in the archive, even one
 * replaced and removed while the backup ran (it was copied before).
 */
async function copyUploads(from: string, to: string, copied: Map<string, Copied>): Promise<void> {
  const names = await fs.readdir(from).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  await fs.mkdir(to, { recursive: true });
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const st = await fs.stat(path.join(from, name)).catch(() => null);
    if (!st?.isFile()) continue;
    const seen = copied.get(name);
    if (seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs) continue;
    try {
      await fs.copyFile(path.join(from, name), path.join(to, name));
      copied.set(name, { size: st.size, mtimeMs: st.mtimeMs });
    } catch (err) {
      // Removed between the listing and the copy: an image no row kept (or one copied in an earlier pass).
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/**
 * An image a snapshot's row names but that neither pass found (stored after the first, replaced and removed before
 * the second) waits in the removed-images folder for a day: it is taken from there.
 */
async function copyRemovedReferenced(uploadsDir: string, to: string, referenced: Set<string>, copied: Map<string, Copied>): Promise<void> {
  const removed = removedUploadsDir(uploadsDir);
  for (const name of referenced) {
    if (copied.has(name) || name.startsWith('.') || name.includes('/')) continue;
    try {
      await fs.copyFile(path.join(removed, name), path.join(to, name));
      copied.set(name, { size: -1, mtimeMs: -1 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
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
  const { archive, staging } = await claimName(path.resolve(dir), kind, now);
  try {
    const copied = new Map<string, Copied>();
    const uploads = path.join(staging, 'uploads');
    await copyUploads(config.uploadsDir, uploads, copied);
    await fs.mkdir(path.join(staging, 'database'));
    let facts: SnapshotFacts;
    let file: string;
    if (config.database.kind === 'sqlite') {
      file = 'database/kalinga.sqlite';
      facts = await snapshotSqlite(config.database.file, path.join(staging, file));
    } else {
      file = 'database/kalinga.pgdump';
      facts = await snapshotPostgres(db, config.database.url, path.join(staging, file));
    }
    await copyUploads(config.uploadsDir, uploads, copied);
    await copyRemovedReferenced(config.uploadsDir, uploads, facts.referenced, copied);
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
      database: { kind: config.database.kind, file },
      migrations: facts.migrations,
      tables: facts.tables,
      images: { count: images.length, referenced: facts.referenced.size, missing: [...facts.referenced].filter((n) => !present.has(n)).sort() },
      files,
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${archive}${PARTIAL_SUFFIX}.tar.gz`;
    await createTar({ gzip: true, cwd: staging, file: partial, portable: true }, [MANIFEST, ...files.map((f) => f.path)]);
    await fs.rename(partial, archive);
    return { archive, bytes: (await fs.stat(archive)).size, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(`${archive}${PARTIAL_SUFFIX}.tar.gz`, { force: true });
  }
}
