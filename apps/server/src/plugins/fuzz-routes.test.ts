// Every route the app registers (found through routesOf, so routes added later are covered without
// edits) gets a fixed corpus of hostile params, query values, headers and bodies: no reply may be a
// 5xx or show internals. Runs on SQLite, and on PostgreSQL under DATABASE_URL (npm run test:pg).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Actor, createTestApp, multipart, registerCompany, type TestApp } from '../../test/harness';
import { nowIso } from '../lib/clock';
import { insertToken } from '../modules/auth/token.repository';
import { expiryFrom, hashToken, newToken } from '../lib/tokens';
import { FALLBACK_FIELDS, FIELD_VALUES, keysOf, PARAM_VALUES, QUERY_VALUES, RAW_BODIES, sampleOf } from '../../test/fuzz-corpus';
import { type RouteEntry, routesOf } from './input-guards';

/** Stack frames, source paths, SQL and driver names: none may reach a client. */
const LEAKS = [
  /\bat [\w$.<>]+ \(/,
  /\.(ts|js|mjs|cjs):\d+/,
  /node_modules|\/work\/|\/tmp\/|\/home\//,
  /\bselect\s+(\*|"|\w+\.\w)/i,
  /\binsert into\b|\bdelete from\b|\bupdate "?\w+"? set\b/i,
  /SQLITE_|sqlstate|syntax error|violates|relation "|kysely|better-sqlite|ECONNREFUSED|duplicate key/i,
];

interface Case {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let counselor: Actor;
let realIds: string[];

/** A fresh session for an actor (a route such as logout may end the previous one). */
async function freshHeaders(actor: Actor): Promise<Record<string, string>> {
  const token = newToken();
  const now = new Date();
  await insertToken(app.db, actor.user.id, hashToken(token), nowIso(), expiryFrom(now));
  return { authorization: `Bearer ${token}`, 'x-company-id': String(actor.companyId) };
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

function fill(url: string, value: string): string {
  return url.replace(/:(\w+)/g, value);
}

function bodyKeys(route: RouteEntry): { base: Record<string, unknown>; keys: string[] } {
  const schema = route.options.schema?.body;
  const keys = keysOf(schema);
  if (keys.length === 0) return { base: {}, keys: FALLBACK_FIELDS };
  return { base: sampleOf(schema as Parameters<typeof sampleOf>[0]) as Record<string, unknown>, keys };
}

/** The corpus for one route and method. */
function casesFor(route: RouteEntry, method: string): Case[] {
  const cases: Case[] = [];
  const names = paramNames(route.url);
  const ok = names.length === 0 ? route.url : fill(route.url, realIds[0]);
  const json = { 'content-type': 'application/json' };
  if (names.length > 0) {
    for (const v of [...PARAM_VALUES, ...(method === 'GET' ? realIds : [])]) cases.push({ method, url: fill(route.url, v) });
  }
  if (method === 'GET') {
    const keys = [...new Set([...keysOf(route.options.schema?.querystring), 'page', 'per_page', 'search'])];
    for (const k of keys) for (const v of QUERY_VALUES) cases.push({ method, url: `${ok}?${k}=${v}` });
    for (const id of ['2147483648', '-1', '0', 'abc', '1.5', '99999999999999999999999', '1e3', '%00', '1, 2']) cases.push({ method, url: ok, headers: { 'x-company-id': id } });
    for (const authorization of ['Bearer', 'Bearer ' + 'a'.repeat(5000), 'Basic YWJjOmRlZg==', "Bearer ' OR 1=1 --", 'Bearer \u00e9t\u00e9']) {
      cases.push({ method, url: ok, headers: { authorization } });
    }
    return cases;
  }
  const { base, keys } = bodyKeys(route);
  // Each field gets a third of the values (a different third per field, so every value meets several
  // fields), and always the two that broke PostgreSQL before (NUL, an id past 32 bits).
  keys.forEach((k, i) => {
    const values = FIELD_VALUES.filter((v, j) => (i + j) % 3 === 0 || j < 3);
    for (const v of values) cases.push({ method, url: ok, headers: json, payload: JSON.stringify({ ...base, [k]: v }) });
  });
  for (const raw of RAW_BODIES) cases.push({ method, url: ok, headers: json, payload: raw });
  const form = multipart({ title: 'a\u0000b', name: 'x' }, { field: 'image', filename: 'x.png', content: Buffer.from('not an image') });
  cases.push(
    { method, url: ok, headers: { 'content-type': 'multipart/form-data' }, payload: 'abc' },
    { method, url: ok, headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: '--zzz\r\nbroken' },
    { method, url: ok, headers: form.headers, payload: form.payload },
    { method, url: ok, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { method, url: ok, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
    { method, url: `${ok}?_method=PUT&x=%00`, headers: json, payload: '{}' },
  );
  return cases;
}

function fuzzable(route: RouteEntry): boolean {
  return route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.url.includes('*');
}

describe('every route under a fuzz corpus', () => {
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    admin = await registerCompany(app, 'Fuzz School');
    counselor = await addUser(app, admin.companyId, { userType: 'counselor' });
    const category = await app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { title: 'Fuzz category' } });
    const { id, uuid } = (category.json() as { data: { id: number; uuid: string } }).data;
    realIds = [String(id), uuid, String(admin.user.id)];
  });
  afterAll(async () => t?.close());

  it('finds the routes of every module, and new ones without edits', () => {
    const urls = routesOf(app).filter(fuzzable).map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/login', '/api/appointments/:uuid', '/api/categories/:id', '/api/users/:id/toggle-status', '/api/settings']));
    expect(urls.length).toBeGreaterThan(30);
  });

  it('answers no 5xx and shows no internals', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of routesOf(app).filter(fuzzable)) {
      for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        const actor = route.url.startsWith('/api/counselor') ? counselor : admin;
        // An earlier route may have deactivated an actor (toggle-status with a real id): start each route active.
        await app.db.updateTable('users').set({ status: 'active' }).where('id', 'in', [admin.user.id, counselor.user.id]).execute();
        let auth = await freshHeaders(actor);
        const started = performance.now();
        for (const c of casesFor(route, method)) {
          const res = await app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { ...auth, ...c.headers } } as InjectOptions);
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500 || LEAKS.some((re) => re.test(res.body))) {
            failures.push(`${c.method} ${c.url.slice(0, 120)} ${String(c.payload ?? '').slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
          if (res.statusCode === 401) auth = await freshHeaders(actor);
        }
        if (process.env.FUZZ_TIMES) console.info(`${Math.round(performance.now() - started)} ms ${method} ${route.url}`);
      }
    }
    expect(failures.slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // The corpus reaches the handlers, not only the sign-in check.
    const count = (from: number, to: number) => [...statuses].filter(([code]) => code >= from && code < to).reduce((n, [, c]) => n + c, 0);
    console.info(`fuzz: ${sent} requests`, Object.fromEntries(statuses));
    expect(count(200, 300)).toBeGreaterThan(300);
    expect(count(401, 402)).toBeLessThan(sent / 20);
  }, 240_000);
});
