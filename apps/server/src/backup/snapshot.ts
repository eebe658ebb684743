import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import type { DB } from '../db/database';
import { appliedMigrations, countRows } from './manifest';
import { referencedUploads } from '../db/upload-references';

// The database's part of a backup: one consistent snapshot, and the facts the manifest states read from that same
// snapshot (docs/decisions/0190-backups-and-restore.md).

export interface SnapshotFacts {
  migrations: string[];
  tables: Record<string, number>;
  /** Upload names the snapshot's rows refer to. */
  referenced: Set<string>;
  databaseVersion: string;
  pgDumpVersion: string | null;
}

// `VACUUM INTO` in a worker thread: one read transaction (consistent; WAL lets writers go on), and the copy's
// seconds of work never hold the server's event loop.
const VACUUM_WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 10000');
  db.prepare('vacuum into ?').run(workerData.target);
} finally {
  db.close();
}
// The copy keeps a rollback journal: opened read-only it then leaves no -wal/-shm files beside it in the archive.
const copy = new Database(workerData.target);
copy.pragma('journal_mode = DELETE');
copy.close();`;

function vacuumInto(source: string, target: string): Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, { eval: true, workerData: { module, source, target } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the SQLite copy stopped (exit ${code})`))));
  });
}

/** Copies the SQLite file `source` to `target` as of one moment, and reads the facts from the copy. */
export async function snapshotSqlite(source: string, target: string): Promise<SnapshotFacts> {
  await vacuumInto(source, target);
  const copy = new SQLite(target, { readonly: true, fileMustExist: true });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the copy may hold tables this build does not type
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    const version = (copy.prepare('select sqlite_version() as v').get() as { v: string }).v;
    return {
      migrations: await appliedMigrations(db),
      tables: await countRows(db),
      referenced: await referencedUploads(db as DB),
      databaseVersion: `SQLite ${version}`,
      pgDumpVersion: null,
    };
  } finally {
    await db.destroy();
  }
}

export class ToolMissingError extends Error {}
/** A PostgreSQL client tool that ran and failed; the message is its name and its last line of error output. */
export class ToolFailedError extends Error {}

const PG_DUMP_MISSING =
  'pg_dump was not found: install the PostgreSQL client tools (the same major version as the server, or newer) to back up a PostgreSQL database';

/** The URL without its password, and the environment that passes the password to pg_dump/pg_restore (not on their command line). */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

/** Runs a PostgreSQL client tool; rejects with its last line of error output. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new ToolMissingError(tool === 'pg_dump' ? PG_DUMP_MISSING : `${tool} was not found: install the PostgreSQL client tools`) : e));
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new ToolFailedError(`${tool} failed: ${err.trim().split('\n').pop() ?? `exit ${code}`}`));
    });
  });
}

/**
 * pg_dump (custom format) of the database as of one snapshot: a repeatable-read transaction exports its snapshot,
 * pg_dump reads through it (`--snapshot`), and the counts and references are read in that same transaction.
 */
export async function snapshotPostgres(db: DB, url: string, target: string): Promise<SnapshotFacts> {
  const { dbname, env } = pgConnection(url);
  const pgDumpVersion = (await runTool('pg_dump', ['--version'], env)).trim();
  return db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read read only`.execute(conn);
    try {
      const { rows } = await sql<{ id: string; version: string }>`select pg_export_snapshot() as id, current_setting('server_version') as version`.execute(conn);
      const { id, version } = rows[0];
      const dump = runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${id}`, `--file=${target}`, `--dbname=${dbname}`], env);
      const facts = (async () => ({ migrations: await appliedMigrations(conn), tables: await countRows(conn), referenced: await referencedUploads(conn) }))();
      // The dump is waited for even when a read fails: it reads through this transaction's snapshot.
      const [read, dumped] = await Promise.allSettled([facts, dump]);
      if (dumped.status === 'rejected') throw dumped.reason;
      if (read.status === 'rejected') throw read.reason;
      return { ...read.value, databaseVersion: `PostgreSQL ${version}`, pgDumpVersion };
    } finally {
      await sql`commit`.execute(conn);
    }
  });
}
