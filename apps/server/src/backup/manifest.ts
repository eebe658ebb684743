import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';

// manifest.json, the first entry of every archive (docs/decisions/0190-backups-and-restore.md): what made it, the
// database's migration level and row counts as of the snapshot, and a SHA-256 of every other file in the archive.

export const MANIFEST = 'manifest.json';
export const FORMAT = 1;
/** The database's entry in an archive, by kind: the only database path a restore accepts. */
export const SQLITE_FILE = 'database/kalinga.sqlite';
export const PG_DUMP_FILE = 'database/kalinga.pgdump';

/** A table's name as countRows writes it: plain words, so a restore's checks may name it in SQL without quoting doubts. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

const fileSchema = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type ArchiveFile = z.infer<typeof fileSchema>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  product: z.literal('kalinga'),
  kind: z.enum(['manual', 'scheduled']),
  created_at: z.string(),
  versions: z.object({ node: z.string(), database: z.string(), pg_dump: z.string().nullable() }),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), file: z.string() }),
  /** Applied migrations, in name order; the last is the archive's migration level. */
  migrations: z.array(z.string()),
  /** Rows per table as of the snapshot (`schema.table` outside PostgreSQL's public schema). */
  tables: z.record(z.string().regex(TABLE_NAME), z.number().int().min(0)),
  images: z.object({ count: z.number().int().min(0), referenced: z.number().int().min(0), missing: z.array(z.string()) }),
  files: z.array(fileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the facts are read from an untyped Kysely: a snapshot may hold tables this build does not type
type AnyKysely = Kysely<any>;

/** Rows in every table (Kysely's own migration tables included), by table name. */
export async function countRows(db: AnyKysely): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  for (const t of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (t.isView) continue;
    const name = t.schema && t.schema !== 'public' ? `${t.schema}.${t.name}` : t.name;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The names of the applied migrations, in order (none before the first migration ran). */
export async function appliedMigrations(db: AnyKysely): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}
