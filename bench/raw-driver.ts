// The list bench's floor (decision 0047): the statements a request runs, captured from the app, replayed through the
// database driver itself (better-sqlite3 prepared statements, or a pg pool) without Kysely or the app.
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../apps/server/src/config';
import type { DB } from '../apps/server/src/db/database';

export interface RawDriver {
  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function rawDriver(database: AppConfig['database']): Promise<RawDriver> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return { query: async (sql, parameters) => (await pool.query(sql, [...parameters])).rows, close: () => pool.end() };
  }
  const sqlite = new SQLite(database.file, { readonly: true });
  const prepared = new Map<string, SQLite.Statement>();
  return {
    query: async (sql, parameters) => {
      let stmt = prepared.get(sql);
      if (!stmt) prepared.set(sql, (stmt = sqlite.prepare(sql)));
      return stmt.all(...parameters);
    },
    close: async () => {
      sqlite.close();
    },
  };
}

/** The SELECT statements `run` sends through `db` (writes such as the once-a-minute token touch left out). */
export async function captureStatements(db: DB, run: () => Promise<{ body: string }>): Promise<{ statements: CompiledQuery[]; body: string }> {
  const executor = db.getExecutor() as unknown as { executeQuery: (query: CompiledQuery, id: unknown) => Promise<unknown> };
  const original = executor.executeQuery;
  const statements: CompiledQuery[] = [];
  executor.executeQuery = function (query, id) {
    if (/^\s*(select|with)\b/i.test(query.sql)) statements.push(query);
    return original.call(this, query, id);
  };
  try {
    const { body } = await run();
    return { statements, body };
  } finally {
    executor.executeQuery = original;
  }
}
