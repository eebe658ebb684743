import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from './database';

/** Columns that may name a stored upload: any text column called like one (lending's, later ones too). */
const UPLOAD_COLUMN = /image|avatar|logo|photo|picture|attachment|file/i;
const TEXT_TYPE = /text|char|string/i;

/**
 * The names of every stored file some row refers to. Found through the schema itself (Kysely's
 * introspection, on both databases) rather than a fixed list, so a module that adds an image column
 * later never has its files swept away (docs/decisions/0077-safe-images.md).
 */
export async function referencedUploads(db: DB): Promise<Set<string>> {
  const names = new Set<string>();
  for (const table of await db.introspection.getTables()) {
    for (const column of table.columns) {
      if (!UPLOAD_COLUMN.test(column.name) || !TEXT_TYPE.test(column.dataType)) continue;
      const { rows } = await sql<{ v: unknown }>`select ${sql.ref(column.name)} as v from ${sql.table(table.schema ? `${table.schema}.${table.name}` : table.name)} where ${sql.ref(column.name)} is not null`.execute(db);
      for (const { v } of rows) if (typeof v === 'string' && v !== '') names.add(path.posix.basename(v.split('?')[0]));
    }
  }
  return names;
}
