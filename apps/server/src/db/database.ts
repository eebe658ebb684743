import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { trackPool } from './pool-stats';
import { sendShapesPrepared } from './prepared-statements';
import type { Database } from './tables';

export type DB = Kysely<Database>;
export type DialectKind = AppConfig['database']['kind'];

// COUNT(*) and BIGINT come back from pg as strings; every count we read fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens the configured database: an SQLite file (created with its folder) or a PostgreSQL pool of `connections`
 * (the app's 10; a smaller one for work that must not wait behind requests, such as the live deltas' builds).
 */
export function createDatabase(database: AppConfig['database'], connections = 10): DB {
  if (database.kind === 'postgres') {
    const pool = postgresPool(database.url, connections);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // The pool's use is a metric (decision 0331).
    trackPool(db, pool);
    return db;
  }
  makePrivateFile(database.file);
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * The SQLite file holds password hashes, sessions, screening answers and ID numbers: its folder is made 0700 and the
 * file 0600 before SQLite opens it (its -wal and -shm files take the file's mode); a file left 0644 by an older
 * version is tightened (docs/decisions/0226-backup-files-private.md).
 */
function makePrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(f).mode & 0o077) !== 0) fs.chmodSync(f, 0o600);
    } catch {
      // Missing (no -wal yet), or not ours to change: SQLite opens it as it is.
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; compiling the SQL costs more than running a
 * small indexed query. This keeps the most recently used prepared statements by their SQL text
 * (docs/decisions/0025-appointments-list-performance.md). A statement still being iterated (a
 * streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = sqlite.prepare(sql);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

/**
 * A pool whose idle connections may be ended by the server (restart, failover, a dropped test database):
 * pg reports that on the pool, and without a listener it would crash the process.
 */
function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  // The hot queries' shapes go as named prepared statements (decision 0348).
  pool.on('connect', sendShapesPrepared);
  return pool;
}
