// Scale past one machine (decision 0048): 1, 2 and 4 server processes (Node's cluster, one port) on one PostgreSQL
// database under a mixed load — appointment lists, bookings and reports — printing req/s and latency for each.
// Prints figures; asserts nothing. PostgreSQL only (DATABASE_URL=postgres://…; a throwaway database): SQLite
// is one file with one writer. `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/cluster.bench.ts`;
// BENCH_APPOINTMENTS (20,000), BENCH_SECONDS (5), BENCH_WORKERS (1,2,4).
// On this 2-core machine the load generator, PostgreSQL and the workers share the cores: more than two workers
// cannot add throughput here; the figures show how it scales until the cores run out.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addUser, createTestApp, registerCompany, type Actor } from '../apps/server/test/harness';
import { startServers } from '../apps/server/test/server-processes';
import { autocannon, type CannonOptions } from './cannon';
import { addPeopleAndCategories, fillAppointments } from './fill';
import { addDaysToDate, localDateOf } from '@kalinga/contracts/zone-time';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const CONNECTIONS = 24;

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  is_available: true,
  start_time: '08:00',
  end_time: '18:00',
  break_start: '12:00',
  break_end: '13:00',
}));

async function main(): Promise<void> {
  if (!/^postgres/.test(process.env.DATABASE_URL ?? '')) {
    console.log('cluster: skipped (set DATABASE_URL=postgres://… — several processes share one PostgreSQL database)');
    return;
  }
  const t = await createTestApp();
  try {
    const admin = await registerCompany(t.app, 'Cluster School');
    const started = performance.now();
    await fillAppointments(t.db, admin.companyId, APPOINTMENTS);
    await sql`vacuum analyze`.execute(t.db);
    console.log(`cluster: ${APPOINTMENTS.toLocaleString('en')} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Counselors with a full week and every free slot of the next 90 days: each booking takes a new one.
    const counselors: Actor[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await addUser(t.app, admin.companyId, { userType: 'counselor' });
      const res = await t.app.inject({ method: 'POST', url: '/api/counselor/schedule', headers: c.headers, payload: { schedule: WEEK } });
      if (res.statusCode !== 200) throw new Error(`schedule: ${res.body}`);
      counselors.push(c);
    }
    const bookers = await Promise.all(Array.from({ length: 8 }, () => addUser(t.app, admin.companyId, { userType: 'personnel' })));
    const { categories } = await addPeopleAndCategories(t.db, admin.companyId);
    const today = localDateOf(new Date(), 'Asia/Manila');
    const slots: string[] = [];
    for (let d = 1; d <= 90; d++) {
      for (const c of counselors) {
        const res = await t.app.inject({ method: 'GET', url: `/api/appointments/available-slots?counselor_id=${c.user.id}&date=${addDaysToDate(today, d)}`, headers: admin.headers });
        for (const s of (res.json() as { starts: { appointment_date: string }[] }).starts) {
          slots.push(JSON.stringify({ counselor_id: c.user.id, appointment_date: s.appointment_date, reason: 'Load', category_id: categories[d % categories.length], location_type: 'online' }));
        }
      }
    }
    let next = 0;
    const reportPaths = ['category', 'age', 'department'].map((k) => `/api/reports/appointments-by-${k}-daily?period=last_90_days&forecast_days=30`);
    const json = { 'content-type': 'application/json' };
    // One cycle per connection: 3 list pages, 1 search, 1 booking, 1 report.
    const requests = (i: number): NonNullable<CannonOptions['requests']> => [
      { method: 'GET', path: '/api/appointments?page=1&per_page=10', headers: admin.headers },
      { method: 'GET', path: '/api/appointments?page=20&per_page=10', headers: admin.headers },
      { method: 'GET', path: '/api/appointments?status=upcoming&page=1&per_page=10', headers: admin.headers },
      { method: 'GET', path: '/api/appointments?search=santos&page=1&per_page=10', headers: admin.headers },
      {
        method: 'POST',
        path: '/api/appointments',
        headers: { ...bookers[i % bookers.length].headers, ...json },
        setupRequest: (req) => ({ ...req, body: slots[next++ % slots.length] }),
      },
      { method: 'GET', path: reportPaths[i % 3], headers: admin.headers },
    ];

    console.log(`\ncluster: mixed load on ${CONNECTIONS} connections for ${SECONDS} s (lists 4/6, bookings 1/6, reports 1/6), ${slots.length} free slots`);
    let base = 0;
    for (const workers of WORKERS) {
      // Reports unlimited here: the bench measures the work, not the per-user limit.
      const server = await startServers(t.config.database, t.config.dataDir, workers, { REPORTS_PER_MINUTE: '1000000' });
      try {
        const runs = await Promise.all(
          Array.from({ length: 4 }, (_, i) => autocannon({ url: server.url, connections: CONNECTIONS / 4, duration: 1, requests: requests(i) })),
        ); // warm-up
        void runs;
        const results = await Promise.all(
          Array.from({ length: 4 }, (_, i) => autocannon({ url: server.url, connections: CONNECTIONS / 4, duration: SECONDS, requests: requests(i) })),
        );
        const reqs = results.reduce((n, r) => n + r.requests.average, 0);
        const p99 = Math.max(...results.map((r) => r.latency.p99));
        const p50 = Math.max(...results.map((r) => r.latency.p50));
        const ok = results.reduce((n, r) => n + r['2xx'], 0);
        const other = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
        base ||= reqs;
        console.log(
          `  ${String(workers).padStart(2)} process${workers > 1 ? 'es' : '  '} ${reqs.toFixed(0).padStart(6)} req/s (${(reqs / base).toFixed(2)}× one)  p50 ${String(p50).padStart(4)} ms  p99 ${String(p99).padStart(5)} ms  [${ok} 2xx, ${other} other: taken slots 409]`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await t.close();
  }
}

await main();
