import { sql } from 'kysely';
import type { DB } from './database';
import { knownMigrations } from './migrate';

/**
 * The migrations this build knows that the database has not applied (empty when it is up to date); every one of them
 * when the database has no migration table (never migrated). A database migrated by a newer build has more, which is
 * not "behind": this build's code still finds every table it uses.
 */
export async function migrationsBehind(db: DB): Promise<string[]> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.map((r) => r.name));
  } catch {
    applied = new Set();
  }
  return [...knownMigrations()].filter((name) => !applied.has(name)).sort();
}
