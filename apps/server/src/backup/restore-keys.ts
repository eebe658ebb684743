import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config';
import { contentKeyIdsInUse, ENCRYPTED_COLUMNS } from '../lib/encrypted-columns';
import { availableContentKeyIds, KEY_ID_LENGTH, missingKeyMessage } from '../lib/field-crypto';
import { RestoreRefused } from './restore-checks';

// An archive carries confidential fields as ciphertext, never their key (docs/decisions/0205-encryption-at-rest.md):
// a restore refuses, before anything is written, an archive whose fields name a key this server is not given
// (CONTENT_KEY, CONTENT_KEYS_PREVIOUS, or the key files copied into DATA_DIR/content-keys beforehand).

/** The sentence a restore is refused with when keys are missing. */
export function missingKeysRefusal(ids: string[]): string {
  return `${missingKeyMessage(ids)}, then restore again`;
}

/** Refuses an SQLite archive's database whose encrypted fields name a key not available here. */
export async function checkSqliteArchiveKeys(config: AppConfig, file: string): Promise<void> {
  const available = availableContentKeyIds(config);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the archive's database is read untyped
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
  try {
    const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
    const missing = [...(await contentKeyIdsInUse(db, (t) => tables.has(t)))].filter((id) => !available.has(id));
    if (missing.length > 0) throw new RestoreRefused(missingKeysRefusal(missing));
  } finally {
    await db.destroy();
  }
}

/**
 * PostgreSQL: a block appended to the restore's one-transaction script (restore-postgres.ts) that raises the same
 * refusal when a registered column names a key not available here, so the whole load rolls back.
 */
export function keyCheckSql(config: AppConfig): string {
  // Key ids are base64url and the registry's names are the code's own: both safe inside quotes. The dump's script
  // empties search_path, so the tables are named with their schema.
  const available = [...availableContentKeyIds(config)].map((id) => `'${id}'`).join(', ');
  const checks = Object.values(ENCRYPTED_COLUMNS).map(
    (c) => `
  IF to_regclass('public.${c.table}') IS NOT NULL THEN
    EXECUTE 'SELECT string_agg(DISTINCT substr(${c.column}, 8, ${KEY_ID_LENGTH}), '', '') FROM public.${c.table} WHERE substr(${c.column}, 1, 7) = ''enc:v1:'' AND substr(${c.column}, 8, ${KEY_ID_LENGTH}) <> ALL ($1)' INTO found USING ARRAY[${available}]::text[];
    IF found IS NOT NULL THEN missing := concat_ws(', ', missing, found); END IF;
  END IF;`,
  );
  const message = missingKeysRefusal(['%']).replaceAll("'", "''");
  return `
DO $kalinga_key_check$
DECLARE
  found text;
  missing text;
BEGIN${checks.join('')}
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION '${message}', missing;
  END IF;
END
$kalinga_key_check$;
`;
}

/** The refusal keyCheckSql raised, found again in psql's error line; null for any other error. */
export function keyRefusalIn(message: string): string | null {
  return /ERROR:\s+(Confidential fields are encrypted with content key .*, then restore again)\s*$/.exec(message)?.[1] ?? null;
}
