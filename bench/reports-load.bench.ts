// Reports under load (decision 0046): does a burst of report calls slow everyone else down? Measures the p99 of
// GET /api/me alone, then while several managers fire 365-day reports as fast as they can — once with the
// per-user report limit (REPORTS_PER_MINUTE, 90: 15 per 10 s) and once without it. Target: p99 of /api/me during the
// burst <= 2x its p99 alone (with the limit). Prints figures; asserts nothing.
// `npx tsx bench/reports-load.bench.ts`; BENCH_APPOINTMENTS (100,000), BENCH_SECONDS (5); PostgreSQL when
// DATABASE_URL is a postgres URL (a throwaway database).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addUser, createTestApp, registerCompany, type Actor } from '../apps/server/test/harness';
import { autocannon, type CannonResult } from './cannon';
import { fillAppointments } from './fill';
import { startServers } from '../apps/server/test/server-processes';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MANAGERS = 4;
const REPORTS = ['appointments-by-category-daily', 'appointments-by-age-daily', 'appointments-by-department-daily'].map(
  (p) => `/api/reports/${p}?period=last_365_days&forecast_days=365`,
);

const line = (label: string, r: CannonResult) =>
  `${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms`;

/** /api/me for SECONDS on 10 connections, while `burst` (if any) runs beside it. */
async function meUnder(base: string, me: Actor, burst?: () => Promise<CannonResult[]>) {
  const meRun = autocannon({ url: `${base}/api/me`, connections: 10, duration: SECONDS, headers: me.headers });
  const burstRuns = burst ? burst() : Promise.resolve([]);
  return { me: await meRun, burst: await burstRuns };
}

/** Each manager cycles through the three reports on 2 connections for the whole run. */
function reportBurst(base: string, managers: Actor[]) {
  return () =>
    Promise.all(
      managers.map((m) =>
        autocannon({ url: base, connections: 2, duration: SECONDS, headers: m.headers, requests: REPORTS.map((path) => ({ method: 'GET', path })) }),
      ),
    );
}

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const admin = await registerCompany(t.app, 'Load School');
    const started = performance.now();
    await fillAppointments(t.db, admin.companyId, APPOINTMENTS);
    await sql`analyze`.execute(t.db);
    console.log(`[${t.config.database.kind}] ${APPOINTMENTS.toLocaleString('en')} appointments over a year in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const managers = await Promise.all(Array.from({ length: MANAGERS }, () => addUser(t.app, admin.companyId, { userType: 'counselor' })));
    const me = await addUser(t.app, admin.companyId, { userType: 'student' });

    console.log(`\nGET /api/me (10 connections, ${SECONDS} s) alone and during a burst of 365-day reports (${MANAGERS} managers × 2 connections); server in its own process`);
    for (const [label, perMinute] of [
      [`with the limit (${t.config.reportsPerMinute}/min per user)`, t.config.reportsPerMinute],
      ['without a limit', 1_000_000],
    ] as const) {
      // A fresh server each time: its limits and kept replies start empty.
      const server = await startServers(t.config.database, t.config.dataDir, 1, { REPORTS_PER_MINUTE: String(perMinute) });
      const base = server.url;
      await autocannon({ url: `${base}/api/me`, connections: 10, duration: 1, headers: me.headers }); // warm-up
      const alone = (await meUnder(base, me)).me;
      console.log(line(`/api/me alone`, alone));
      const { me: during, burst } = await meUnder(base, me, reportBurst(base, managers));
      await server.stop();
      const ok = burst.reduce((n, r) => n + r['2xx'], 0);
      const refused = burst.reduce((n, r) => n + r.non2xx, 0);
      console.log(
        `${line(`/api/me during the burst, ${label}`, during)}  = ${(during.latency.p99 / Math.max(1, alone.latency.p99)).toFixed(1)}x alone (target <= 2x)  [reports: ${ok} answered, ${refused} refused 429]`,
      );
    }
  } finally {
    await t.close();
  }
}

await main();
