// Appointments benchmarks (decisions 0024-0026). Prints ratios against a reference measured in the same run; asserts nothing.
//  1. GET /api/appointments (page 1, page 50, with search) over 100,000 appointments, against a bare Fastify
//     route returning the same JSON from memory: requests per second and p99 latency. Target: >= 50% of the bare route.
//  2. Slots for every day of a month for one counselor with 200 bookings, against JSON.stringify of the result.
//     Target: computing costs no more than serialising.
// Runs on a fresh SQLite file, or on PostgreSQL when DATABASE_URL is a postgres URL (a throwaway database).
// Alone: `npx tsx bench/appointments.bench.ts`; only the slots part (no bulk load, no HTTP): `BENCH_ONLY=slots npx tsx bench/appointments.bench.ts`.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { AppointmentsTable } from '../apps/server/src/db/tables';
import { loadSlotContext, slotsFromContext } from '../apps/server/src/modules/schedule/schedule.service';
import { addUser, createTestApp, registerCompany } from '../apps/server/test/harness';
import { captureStatements, rawDriver } from './raw-driver';
import { addDaysToDate, localDateOf } from '@kalinga/contracts/zone-time';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Cannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const ROWS = 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const CONNECTIONS = 10;
const ONLY = process.env.BENCH_ONLY; // 'list' or 'slots'; both when unset
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const floors: { name: string; statements: number }[] = [];

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const kind = t.config.database.kind;
    const admin = await registerCompany(t.app, 'Bench School');
    const counselors = await Promise.all([0, 1, 2, 3].map((i) => addUser(t.app, admin.companyId, { userType: 'counselor', name: `Counselor ${i}` })));
    const clients = await Promise.all(Array.from({ length: 40 }, (_, i) => addUser(t.app, admin.companyId, { userType: i % 3 ? 'student' : 'personnel', name: `Client ${i} ${['Santos', 'Reyes', 'Cruz', 'Garcia'][i % 4]}` })));
    const now = new Date().toISOString();
    const category = await t.db
      .insertInto('categories')
      .values({ uuid: randomUUID(), company_id: admin.companyId, title: 'Bench', description: null, image_path: null, name: 'Bench', interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    let started = performance.now();
    if (ONLY !== 'slots') {
      // 100,000 appointments over ~3 years around today; one live appointment per counselor per hour.
      const base = Date.now() - 2 * 365 * 86_400_000;
      const statuses = ['completed', 'completed', 'cancelled', 'pending', 'confirmed'] as const;
      await t.db.transaction().execute(async (trx) => {
        for (let i = 0; i < ROWS; i += 1000) {
          const batch: Omit<AppointmentsTable, 'id'>[] = [];
          for (let j = i; j < Math.min(ROWS, i + 1000); j++) {
            const start = new Date(base + Math.floor(j / 4) * 3_600_000).toISOString();
            const client = clients[j % clients.length];
            batch.push({
              uuid: randomUUID(),
              company_id: admin.companyId,
              counselor_id: counselors[j % 4].user.id,
              client_id: client.user.id,
              category_id: category.id,
              appointment_date: start,
              local_date: localDateOf(start, 'Asia/Manila'),
              duration_minutes: 60,
              reason: `Reason ${j}`,
              status: statuses[j % statuses.length],
              location_type: j % 2 ? 'online' : 'on-site',
              location: j % 2 ? null : 'Room 1',
              user_type: client.user.user_type === 'personnel' ? 'personnel' : 'student',
              notes: null,
              created_by: client.user.id,
              created_at: now,
              updated_at: now,
            });
          }
          await trx.insertInto('appointments').values(batch).execute();
        }
      });
      console.log(`[${kind}] inserted ${ROWS.toLocaleString('en')} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // A live database has planner statistics (PostgreSQL's autovacuum gathers them within a minute of a
      // bulk load); without them PostgreSQL guesses ~300 rows per company and sorts all 100,000 for a page.
      await sql`analyze`.execute(t.db);

      // 1. List throughput against a bare route serving the same JSON.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const cases = [
        { name: 'page 1', query: '?page=1&per_page=10' },
        { name: 'page 50', query: '?page=50&per_page=10' },
        { name: 'search "santos"', query: '?search=santos&page=1&per_page=10' },
        { name: 'history tab, page 50', query: '?status=history&page=50&per_page=10' },
      ];
      const sample = await t.app.inject({ method: 'GET', url: `/api/appointments${cases[0].query}`, headers: admin.headers });
      const bodyJson = sample.json() as unknown;
      const bare = Fastify();
      bare.get('/bare', async () => bodyJson);
      // The floor that matters (decision 0047): per case, the very statements one request runs (captured from the
      // app in steady state: sign-in and page, totals cached) through the raw driver in a bare route, replying
      // the same JSON. What the endpoint costs beyond it is the framework, validation, mapping and serialisation.
      const raw = await rawDriver(t.config.database);
      for (const [i, c] of cases.entries()) {
        const url = `/api/appointments${c.query}`;
        await t.app.inject({ method: 'GET', url, headers: admin.headers }); // totals now cached, as in the run
        const { statements, body } = await captureStatements(t.db, () => t.app.inject({ method: 'GET', url, headers: admin.headers }));
        const reply = JSON.parse(body) as unknown;
        floors.push({ name: c.name, statements: statements.length });
        bare.get(`/floor/${i}`, async () => {
          for (const st of statements) await raw.query(st.sql, st.parameters);
          return reply;
        });
      }
      const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
      try {
        const run = (url: string, headers?: Record<string, string>) => autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
        await run(`${bareAddress}/bare`); // warm-up
        const ref = await run(`${bareAddress}/bare`);
        console.log(`\nGET /api/appointments over ${ROWS.toLocaleString('en')} rows (${CONNECTIONS} connections, ${SECONDS} s each; manager sees all)`);
        console.log(`  bare route (same JSON from memory): ${ref.requests.average.toFixed(0)} req/s, p99 ${ref.latency.p99} ms`);
        for (const [i, c] of cases.entries()) {
          const floor = await run(`${bareAddress}/floor/${i}`);
          const res = await run(`${address}/api/appointments${c.query}`, admin.headers);
          const bad = res.non2xx + res.errors;
          console.log(
            `  ${c.name.padEnd(22)} ${res.requests.average.toFixed(0).padStart(6)} req/s = ${pct(res.requests.average / ref.requests.average).padStart(4)} of bare, p99 ${res.latency.p99} ms = ${(res.latency.p99 / Math.max(1, ref.latency.p99)).toFixed(1)}x bare${bad ? `  [${bad} failed]` : ''}`,
          );
          console.log(
            `    floor (same ${floors[i].statements} statements, raw driver) ${floor.requests.average.toFixed(0).padStart(6)} req/s, p99 ${floor.latency.p99} ms -> endpoint ${pct(res.requests.average / floor.requests.average)} of floor (target >= 50%), p99 ${(res.latency.p99 / Math.max(1, floor.latency.p99)).toFixed(1)}x floor (target <= 2.5x)`,
          );
        }
      } finally {
        await bare.close();
        await raw.close();
      }
    }

    if (ONLY === 'list') return;

    // 2. Slots for each day of a month, one counselor with 200 bookings.
    const counselor = counselors[0];
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, is_available: true, start_time: '07:00', end_time: '19:00', break_start: '12:00', break_end: '13:00' }));
    await t.app.inject({ method: 'POST', url: '/api/counselor/schedule', headers: counselor.headers, payload: { schedule: week } });
    await t.db.deleteFrom('appointments').where('counselor_id', '=', counselor.user.id).where('appointment_date', '>', now).execute();
    const from = addDaysToDate(localDateOf(new Date(), 'Asia/Manila'), 1);
    const to = addDaysToDate(from, 29);
    const slotCtx0 = await loadSlotContext(t.db, admin.companyId, 'Asia/Manila', counselor.user.id, from, to);
    const free = Array.from({ length: 30 }, (_, d) => slotsFromContext(slotCtx0, addDaysToDate(from, d))).flat();
    const bookings = free.filter((_, i) => i % Math.floor(free.length / 200) === 0).slice(0, 200);
    await t.db
      .insertInto('appointments')
      .values(
        bookings.map((s) => {
          const start = new Date(s.start).toISOString();
          return { uuid: randomUUID(), company_id: admin.companyId, counselor_id: counselor.user.id, client_id: clients[0].user.id, category_id: category.id, appointment_date: start, local_date: localDateOf(start, 'Asia/Manila'), duration_minutes: 60, reason: 'Booked', status: 'confirmed' as const, location_type: 'online' as const, location: null, user_type: 'student' as const, notes: null, created_by: null, created_at: now, updated_at: now };
        }),
      )
      .execute();
    const slotCtx = await loadSlotContext(t.db, admin.companyId, 'Asia/Manila', counselor.user.id, from, to);
    const days = Array.from({ length: 30 }, (_, d) => addDaysToDate(from, d));
    const nowMs = Date.now(); // one clock for every run: the same inputs each time
    const computeMonth = () => days.map((date) => ({ date, slots: slotsFromContext(slotCtx, date, { nowMs }).map((s) => s.time) }));
    const result = computeMonth();
    const stringify = () => JSON.stringify(result);
    // Per-call µs of one round of `calls` calls; results go to a sink so nothing is optimised away.
    let sink = 0;
    const round = (fn: () => { length: number }, calls: number) => {
      const startedAt = performance.now();
      for (let i = 0; i < calls; i++) sink += fn().length;
      return ((performance.now() - startedAt) * 1000) / calls;
    };
    // Warm-up (both optimised by the JIT), then alternating rounds so that load on a shared machine hits
    // both alike; medians of the rounds, and the median of each round pair's ratio.
    for (let i = 0; i < 20; i++) {
      round(computeMonth, 100);
      round(stringify, 100);
    }
    const computeRounds: number[] = [];
    const stringifyRounds: number[] = [];
    const pairRatios: number[] = [];
    const budgetMs = Number(process.env.BENCH_SLOT_MS ?? 3000);
    const benchStart = performance.now();
    while (performance.now() - benchStart < budgetMs || computeRounds.length < 30) {
      const c = round(computeMonth, 50);
      const j = round(stringify, 50);
      computeRounds.push(c);
      stringifyRounds.push(j);
      pairRatios.push(c / j);
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    const computeUs = median(computeRounds);
    const stringifyUs = median(stringifyRounds);
    started = performance.now();
    let loads = 0;
    while (performance.now() - started < 1000) {
      await loadSlotContext(t.db, admin.companyId, 'Asia/Manila', counselor.user.id, from, to);
      loads++;
    }
    const loadUs = ((performance.now() - started) * 1000) / loads;
    const slotCount = result.reduce((n, d) => n + d.slots.length, 0);
    console.log(`\nSlots for 30 days, one counselor with ${slotCtx.busy.length} bookings (${slotCount} free slots, ${JSON.stringify(result).length} bytes of JSON)`);
    console.log(`  compute (loaded schedule):  ${computeUs.toFixed(1)} µs per month (median)`);
    console.log(`  JSON.stringify of result:   ${stringifyUs.toFixed(1)} µs (median)`);
    console.log(`  ratio compute / stringify:  ${(computeUs / stringifyUs).toFixed(2)} (target <= 1.00); median of paired rounds ${median(pairRatios).toFixed(2)}, ${computeRounds.length} rounds of 50 calls each`);
    void sink;
    console.log(`  for context, loading schedule, excluded dates and bookings from ${kind}: ${loadUs.toFixed(0)} µs per month`);
  } finally {
    await t.close();
  }
}

await main();
