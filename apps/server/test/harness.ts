import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { createDatabase, type DB } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { nowIso } from '../src/lib/clock';
import { hashPassword } from '../src/lib/passwords';
import { addMember, setUserRoles } from '../src/modules/companies/company.repository';
import { insertUser } from '../src/modules/auth/user.repository';
import type { UserRow } from '../src/db/tables';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: AppConfig;
  close(): Promise<void>;
}

/** Set by the server project's global setup (test/global-setup.ts): a migrated SQLite file to copy. */
export const SQLITE_TEMPLATE_ENV = 'KALINGA_TEST_SQLITE_TEMPLATE';
/** Set by the same setup when DATABASE_URL is a postgres URL: a migrated database to create test databases from. */
export const PG_TEMPLATE_ENV = 'KALINGA_TEST_PG_TEMPLATE';

/**
 * A new PostgreSQL database beside the one `adminUrl` names (`prefix` + random), and how to drop it: empty, or a
 * copy of `template` (CREATE DATABASE … TEMPLATE).
 */
export async function freshPostgresDatabase(
  adminUrl: string,
  prefix = 'kalinga_t_',
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A real server over a fresh database: an SQLite file of its own, or, when DATABASE_URL is a
 * postgres URL (npm run test:pg), a new PostgreSQL database that is dropped afterwards.
 * Under vitest the database starts as a copy of the run's migrated template (test/global-setup.ts);
 * elsewhere (bench) it is migrated here. `env` adds configuration variables (e.g. TRUST_PROXY); `build` builds the
 * app as main.ts does (a web app to serve, the notification worker).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'webDir' | 'notificationWorker'> = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-test-'));
  const adminUrl = process.env.DATABASE_URL;
  const pgTemplate = process.env[PG_TEMPLATE_ENV];
  const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let migrated = false;
  if (adminUrl && /^postgres/.test(adminUrl)) {
    ({ url: databaseUrl, drop: dropDatabase } = await freshPostgresDatabase(adminUrl, 'kalinga_t_', pgTemplate));
    migrated = pgTemplate !== undefined;
  }
  // Under vitest the session cache is off unless a test asks for it: tests write users and roles straight to the
  // database, which no note tells the cache of (decision 0361). Benches keep the server's default.
  const cacheOff = process.env.VITEST ? { SESSION_CACHE_MS: '0' } : {};
  const config = loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...cacheOff, ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (config.database.kind === 'sqlite' && sqliteTemplate && !fs.existsSync(config.database.file)) {
    fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
    fs.copyFileSync(sqliteTemplate, config.database.file);
    migrated = true;
  }
  if (!migrated) {
    const db = createDatabase(config.database);
    await migrateToLatest(db);
    await db.destroy();
  }
  const instance = await openApp(config, build);
  return {
    ...instance,
    async close() {
      await instance.close();
      if (dropDatabase) await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An app instance on `config`'s (migrated) database, with a pool of its own, as another machine or a restarted
 * server opens it; closing it leaves the database and DATA_DIR.
 */
export async function openApp(config: AppConfig, build: Pick<BuildOptions, 'webDir' | 'notificationWorker'> = {}): Promise<TestApp> {
  const db = createDatabase(config.database);
  const app = await buildApp({ config, db, ...build });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-1';

export interface Actor {
  token: string;
  user: UserRow;
  companyId: number;
  headers: Record<string, string>;
}

let registrations = 0;

/**
 * Registers a new company through the API; its first user is the administrator. Each comes from an
 * address of its own, as if from a different school (registrations per address are limited).
 */
export async function registerCompany(app: FastifyInstance, name = 'Acme School', email = `admin-${randomBytes(4).toString('hex')}@example.test`): Promise<Actor> {
  registrations++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.200.${(registrations >> 8) & 255}.${registrations & 255}`,
    payload: { name: `${name} Admin`, email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, companyName: name },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: number } };
  const companies = await app.inject({ method: 'GET', url: '/api/user/companies', headers: { authorization: `Bearer ${body.token}` } });
  const companyId = (companies.json() as { data: { id: number }[] }).data[0].id;
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
  return { token: body.token, user, companyId, headers: { authorization: `Bearer ${body.token}`, 'x-company-id': String(companyId) } };
}

let counter = 0;
let cachedHash: string | null = null;

/** Adds a user with the given type and roles to a company, signs them in, and returns their headers. */
export async function addUser(
  app: FastifyInstance,
  companyId: number,
  options: { userType?: UserRow['user_type']; roles?: string[]; name?: string; extra?: Partial<UserRow> } = {},
): Promise<Actor> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const userType = options.userType ?? 'student';
  const email = `${userType}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;
  const now = nowIso();
  const user = await insertUser(app.db, {
    name: options.name ?? `${userType} ${counter}`,
    email,
    password_hash: cachedHash,
    user_type: userType,
    status: 'active',
    created_at: now,
    updated_at: now,
    ...options.extra,
  });
  await addMember(app.db, companyId, user.id, true);
  await setUserRoles(app.db, companyId, user.id, options.roles ?? [userType]);
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: `10.9.${counter % 250}.1` });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { token: string }).token;
  return { token, user, companyId, headers: { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) } };
}

/** A tiny valid PNG (1×1), for upload tests. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Builds a multipart body by hand (light-my-request has no form helper). */
export function multipart(fields: Record<string, string>, file?: { field: string; filename: string; content: Buffer; type?: string }) {
  const boundary = `----kalinga${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Inserts a category of the company directly (tests that need categories but not the categories API). */
export async function addCategory(db: DB, companyId: number, title: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('categories')
    .values({ uuid: randomUUID(), company_id: companyId, title, interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
