import fs from 'node:fs/promises';
import path from 'node:path';
import { knownMigrations } from '../db/migrate';
import { type Manifest, MANIFEST, manifestSchema, PG_DUMP_FILE, sha256File, SQLITE_FILE } from './manifest';

// What a restore checks in an archive before it writes anything (docs/decisions/0190-backups-and-restore.md,
// docs/decisions/0227-restore-all-or-nothing.md). Each refusal is one line.

/** A restore that was refused, leaving the target as it was; the message is the one-line reason. */
export class RestoreRefused extends Error {}

export async function readManifest(dir: string): Promise<Manifest> {
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

/** An image's entry: a flat name under uploads/ (whatever the folder held; /uploads serves only real images). */
const IMAGE_ENTRY = /^uploads\/(?!\.)[^/\\\0]+$/;

/**
 * The manifest names the product's own database entry for its kind, lists it with its checksum, lists nothing but it
 * and images, and counts the tables (at least the migrations' own): a manifest that names another path, or leaves
 * out the facts the checks read, would let the checks pass on nothing.
 */
export function checkEntries(manifest: Manifest): void {
  const expected = manifest.database.kind === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE;
  if (manifest.database.file !== expected) {
    throw new RestoreRefused(`The archive's manifest names its database ${JSON.stringify(manifest.database.file).slice(0, 120)}, not ${expected}: it is not a Kalinga backup, or it was changed`);
  }
  if (!manifest.files.some((f) => f.path === expected)) throw new RestoreRefused(`The archive's manifest does not list ${expected} with its checksum: it is damaged or was changed`);
  const other = manifest.files.find((f) => f.path !== expected && !IMAGE_ENTRY.test(f.path));
  if (other) throw new RestoreRefused(`The archive's manifest lists ${JSON.stringify(other.path).slice(0, 120)}, which is neither its database nor an image: it was changed`);
  const migrationRows = manifest.tables.kysely_migration;
  if (Object.keys(manifest.tables).length === 0 || migrationRows === undefined || manifest.migrations.length === 0) {
    throw new RestoreRefused("The archive's manifest counts no tables or no migrations: it is damaged or was changed");
  }
  if (migrationRows !== manifest.migrations.length) {
    throw new RestoreRefused(`The archive's manifest lists ${manifest.migrations.length} migrations but counts ${migrationRows} in kysely_migration: it is damaged or was changed`);
  }
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

/** Every file the manifest lists is there with its size and SHA-256, and nothing else is. */
export async function checkFiles(dir: string, manifest: Manifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = (await filesUnder(dir)).filter((p) => p !== MANIFEST);
  for (const p of present) if (!listed.has(p)) throw new RestoreRefused(`The archive holds ${p}, which its manifest does not list: it was changed after the backup`);
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (!present.includes(f.path)) throw new RestoreRefused(`${f.path} is missing from the archive: it is damaged`);
    if ((await fs.stat(full)).size !== f.bytes || (await sha256File(full)) !== f.sha256) throw new RestoreRefused(`Checksum mismatch for ${f.path}: the archive is damaged`);
  }
}

export function checkMigrations(manifest: Manifest): void {
  const known = knownMigrations();
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new RestoreRefused(`This archive comes from a newer version of Kalinga (migration ${unknown[unknown.length - 1]} is unknown here): update Kalinga before restoring it`);
  }
}

/** The sentence a count that differs is refused with, on either database (restore-postgres.ts raises the same). */
export function countMismatch(table: string, held: number | string, counted: number | string): string {
  return `The restored ${table} holds ${held} rows, the manifest counts ${counted}: the archive is damaged`;
}

export function checkCounts(manifest: Manifest, counts: Record<string, number>): number {
  for (const [table, n] of Object.entries(manifest.tables)) {
    if (counts[table] !== n) throw new RestoreRefused(countMismatch(table, counts[table] ?? 0, n));
  }
  return totalRows(manifest);
}

export function totalRows(manifest: Manifest): number {
  return Object.values(manifest.tables).reduce((a, b) => a + b, 0);
}
