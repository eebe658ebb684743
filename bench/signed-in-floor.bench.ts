// What a signed-in request costs before it does anything (decision 0348): the server's CPU per call, in one process
// through app.inject (no HTTP parsing; this process's CPU only, so PostgreSQL's and SQLite's own work is not in it on
// PostgreSQL, and is on SQLite), for a public route with one statement, a signed-in route that does little but the
// session lookup, an empty delta pull and a delta of 5 new customers. Prints figures and their ratios to the public
// route; asserts nothing. `npx tsx bench/signed-in-floor.bench.ts` (SQLite) or with DATABASE_URL=postgres://….
import { randomUUID } from 'node:crypto';
import { createTestApp, registerCompany } from '../apps/server/test/harness';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);

const t = await createTestApp();
try {
  const admin = await registerCompany(t.app, 'Floor Pawn');
  const get = async (url: string, signedIn: boolean) => {
    const res = await t.app.inject({ method: 'GET', url, headers: signedIn ? admin.headers : {} });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const cursor = ((await get('/api/sync?since=1970-01-01T00:00:00.000Z', true)).json() as { meta: { cursor: string } }).meta.cursor;
  const cpuPerCall = async (url: string, signedIn: boolean) => {
    for (let i = 0; i < CALLS / 5; i++) await get(url, signedIn);
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await get(url, signedIn);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / CALLS;
  };
  const publicMs = await cpuPerCall('/api/health', false);
  const meMs = await cpuPerCall('/api/me', true);
  const emptyMs = await cpuPerCall(`/api/sync?since=${cursor}`, true);
  for (let i = 0; i < 5; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: admin.headers, payload: { uuid: randomUUID(), first_name: 'Floor', last_name: `Customer ${i}` } });
    if (res.statusCode >= 300) throw new Error(`a customer was refused: ${res.body}`);
  }
  const deltaMs = await cpuPerCall(`/api/sync?since=${cursor}`, true);
  const line = (what: string, ms: number) => console.log(`${what}: ${ms.toFixed(3)} ms of server CPU a call (${(ms / publicMs).toFixed(1)}x the public route)`);
  console.log(`signed-in floor (${t.config.database.kind}, ${CALLS} calls each, app.inject):`);
  line('  GET /api/health (public, one statement)', publicMs);
  line('  GET /api/me (signed in: the session lookup)', meMs);
  line('  an empty delta pull', emptyMs);
  line('  a delta of 5 new customers', deltaMs);
} finally {
  await t.close();
}
