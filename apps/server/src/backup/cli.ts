import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase, type DB } from '../db/database';
import { failureDetail, failureLine } from './backup-failure';
import { finishRun, startRun } from './backup-runs.repository';
import { createBackup } from './create-backup';
import { createImageStore } from '../lib/create-image-store';
import { StorageUnavailable } from '../lib/image-store';
import { moveImages, storesOf } from './move-images';
import { RestoreRefused, restoreBackup } from './restore';

// `npm run backup [folder]`, `npm run restore -- <archive>` and `npm run storage -- to-s3|to-disk`
// (scripts/server-command.mjs runs them through the server's bundle): same configuration as the server (DATA_DIR,
// DATABASE_URL, BACKUP_DIR, the S3_ variables). Each prints one line.

function oneLine(err: unknown): string {
  // The storage's failure in the operator's words (what to check), not the words a person in the app is shown.
  if (err instanceof StorageUnavailable) return err.reason;
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Records the run when the database has the table (a server of this version started on it once). */
async function recorded<T>(db: DB, run: (id: number | null) => Promise<T>): Promise<T> {
  const id = await startRun(db, 'manual', new Date().toISOString()).catch(() => null);
  return run(id);
}

export async function backupCommand(args: string[]): Promise<number> {
  const config = loadConfig();
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
    console.error(`Backup failed: there is no database at ${config.database.file} (is DATA_DIR right?)`);
    return 1;
  }
  const dir = path.resolve(args[0] ?? config.backup.dir);
  const db = createDatabase(config.database);
  try {
    return await recorded(db, async (id) => {
      try {
        const { archive, bytes, manifest } = await createBackup({ config, db, dir, kind: 'manual' });
        if (id !== null) await finishRun(db, id, new Date().toISOString(), { archive: path.basename(archive), bytes });
        const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
        console.log(`Backup written: ${archive} (${size(bytes)}; ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.images.count} images, migration ${manifest.migrations.at(-1) ?? 'none'})`);
        if (manifest.images.missing.length > 0) console.log(`Note: ${manifest.images.missing.length} images rows refer to were already missing from ${createImageStore(config).where}.`);
        return 0;
      } catch (err) {
        // Said in words (backup-failure.ts); the system's error follows on a line of its own for the operator.
        const reason = failureLine(err);
        if (id !== null) await finishRun(db, id, new Date().toISOString(), { error: reason }).catch(() => undefined);
        console.error(`Backup failed: ${reason}`);
        console.error(`  (${oneLine(failureDetail(err))})`);
        return 1;
      }
    });
  } finally {
    await db.destroy();
  }
}

export async function restoreCommand(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error("Usage: npm run restore -- <archive.tar.gz>   (into an empty DATA_DIR, or an empty database with DATABASE_URL; with the original server's content key: CONTENT_KEY, or its DATA_DIR/content-keys folder copied into DATA_DIR first)");
    return 1;
  }
  const config = loadConfig();
  try {
    const r = await restoreBackup(config, path.resolve(args[0]));
    console.log(
      `Restored ${path.basename(args[0])} (made ${r.manifest.created_at}, migration ${r.manifest.migrations.at(-1) ?? 'none'}): ${r.rows} rows, ${r.images} images into ${config.database.kind === 'sqlite' ? config.dataDir : 'DATABASE_URL and ' + createImageStore(config).where}. Start the server with npm start; devices sync again by themselves.`,
    );
    // The archive carries confidential fields encrypted, never their key (docs/decisions/0205-encryption-at-rest.md).
    const keys = config.contentKeys.current ? 'CONTENT_KEY (and CONTENT_KEYS_PREVIOUS) set as for this restore' : `the key files in ${config.contentKeys.dir}`;
    console.log(`Confidential fields stay encrypted with the original server's content key: start the server with ${keys}, and keep a copy of the key apart from the backups.`);
    return 0;
  } catch (err) {
    console.error(`${err instanceof RestoreRefused ? 'Restore refused' : 'Restore failed'}: ${oneLine(err)}`);
    return 1;
  }
}

/** `npm run storage -- to-s3|to-disk`: moves the stored images into the bucket, or back (move-images.ts). */
export async function storageCommand(args: string[]): Promise<number> {
  const direction = args[0];
  if (args.length !== 1 || (direction !== 'to-s3' && direction !== 'to-disk')) {
    console.error('Usage: npm run storage -- to-s3   (moves DATA_DIR/uploads into the bucket the S3_ variables name)\n       npm run storage -- to-disk (moves them back)');
    return 1;
  }
  try {
    const { from, to } = storesOf(loadConfig(), direction);
    const r = await moveImages(from, to, (done) => {
      if (done % 500 === 0) console.log(`  ${done} images moved so far`);
    });
    const after = direction === 'to-s3' ? 'Start every server with the same S3_ variables and UPLOAD_URL_KEY.' : 'Start the server without the S3_ variables.';
    console.log(`Moved ${r.moved + r.already} images from ${r.from} to ${r.to}${r.already > 0 ? ` (${r.already} had arrived in an earlier run)` : ''}. ${after}`);
    return 0;
  } catch (err) {
    console.error(`Moving the images failed: ${oneLine(err)}. Nothing is lost: each image is deleted only once its copy is whole; run the command again.`);
    return 1;
  }
}

/** The server's commands other than serving; null when `argv` names none. */
export function serverCommand(argv: string[]): (() => Promise<number>) | null {
  const [command, ...args] = argv;
  if (command === 'backup') return () => backupCommand(args);
  if (command === 'restore') return () => restoreCommand(args);
  if (command === 'storage') return () => storageCommand(args);
  return null;
}
