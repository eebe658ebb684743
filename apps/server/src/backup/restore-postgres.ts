import fs from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from './manifest';
import { countMismatch, RestoreRefused } from './restore-checks';
import { keyRefusalIn } from './restore-keys';
import { pgConnection, runTool } from './snapshot';

// PostgreSQL's part of a restore, all or nothing (docs/decisions/0227-restore-all-or-nothing.md): the dump is turned
// into its SQL by pg_restore, the manifest's row counts are checked at the end of that same script, and psql runs
// the whole of it as one transaction. A count that differs, or any error, rolls everything back: the target database
// is left as it was (empty), so the genuine archive can be restored into it next.

/** What the check at the end of the script raises; the message is checkCounts' sentence, found again in psql's error. */
const REFUSAL = /ERROR:\s+(The restored \S+ holds \d+ rows, the manifest counts \d+: the archive is damaged)\s*$/;

/** A PL/pgSQL block that counts every table the manifest counts and raises the refusal at the first that differs. */
export function countCheckSql(manifest: Manifest): string {
  // The names passed manifestSchema's TABLE_NAME (letters, digits, underscores, one dot): safe inside quotes.
  const rows = Object.entries(manifest.tables).map(([name, n]) => {
    const [schema, table] = name.includes('.') ? name.split('.') : ['public', name];
    return `('${schema}', '${table}', '${name}', ${n})`;
  });
  return `
DO $kalinga_restore_check$
DECLARE
  expected record;
  held bigint;
BEGIN
  FOR expected IN SELECT * FROM (VALUES ${rows.join(', ')}) AS v(schema_name, table_name, label, counted) LOOP
    IF to_regclass(format('%I.%I', expected.schema_name, expected.table_name)) IS NULL THEN
      held := 0;
    ELSE
      EXECUTE format('SELECT count(*) FROM %I.%I', expected.schema_name, expected.table_name) INTO held;
    END IF;
    IF held <> expected.counted THEN
      RAISE EXCEPTION '${countMismatch('%', '%', '%')}', expected.label, held, expected.counted;
    END IF;
  END LOOP;
END
$kalinga_restore_check$;
`;
}

/**
 * Loads the dump into the database at `url` in one transaction, with the manifest's counts checked inside it.
 * Rejects with RestoreRefused for a count that differs; with the tool's error line for anything else.
 */
export async function loadPostgres(url: string, dump: string, manifest: Manifest, work: string, keyCheck = ''): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const script = path.join(work, 'restore.sql');
  await runTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, dump], env);
  await fs.chmod(script, 0o600);
  await fs.appendFile(script, countCheckSql(manifest) + keyCheck);
  try {
    await runTool('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--set=VERBOSITY=terse', `--file=${script}`, `--dbname=${dbname}`], env);
  } catch (err) {
    const refused = REFUSAL.exec(err instanceof Error ? err.message : '')?.[1] ?? keyRefusalIn(err instanceof Error ? err.message : '');
    if (refused) throw new RestoreRefused(refused);
    throw err;
  }
}
