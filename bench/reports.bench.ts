// Reports benchmark (decisions 0040, 0043, 0045): forecast accuracy against the seasonal-naive forecast, and the cost of
// the three report calls at 365 days over 100,000 appointments against a plain count(*) of the same
// appointments in the same run (target: each whole call <= 5x). Prints figures; asserts nothing.
// Run alone with `npx tsx bench/reports.bench.ts`, or via `npm run bench`. BENCH_APPOINTMENTS=20000 for a
// smaller load; BENCH_ONLY=cost skips the accuracy part.
// Over 300 lines and one file: one run measures both parts against references taken in that same run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import { createDatabase, type DB } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/seed/seed';
import type { AppointmentsTable } from '../apps/server/src/db/tables';
import { insertCompany } from '../apps/server/src/modules/companies/company.repository';
import { forecastDaily, mase, seasonalNaiveForecast } from '../apps/server/src/modules/reports/forecast';
import { addDays, dayRange } from '../apps/server/src/modules/reports/report-days';
import { countAppointments, dailyCountsByGroup, recountDailyGroups, type ReportGroupBy } from '../apps/server/src/modules/reports/report.repository';
import { forecasts } from '../apps/server/src/modules/reports/forecast-cache';
import { dailyReport } from '../apps/server/src/modules/reports/report.service';
import { gaussian, poisson, seededRandom } from '../apps/server/src/seed/random';
import { addPeopleAndCategories } from './fill';
import { localDateOf } from '@kalinga/contracts/zone-time';

const GROUPINGS: ReportGroupBy[] = ['category', 'age', 'department'];

const f2 = (x: number) => x.toFixed(3);

// ---------------------------------------------------------------------------------------------
// Accuracy
// ---------------------------------------------------------------------------------------------

interface Accuracy {
  series: number;
  ours: number;
  naive: number;
  /** Median over series of ours / naive MASE. */
  medianRatio: number;
  wins: number;
}

function evaluate(cases: { history: number[]; actual: number[] }[]): Accuracy {
  let ours = 0;
  let naive = 0;
  let wins = 0;
  const ratios: number[] = [];
  let n = 0;
  for (const { history, actual } of cases) {
    const h = actual.length;
    const a = mase(history, actual, forecastDaily(history, h).values);
    const b = mase(history, actual, seasonalNaiveForecast(history, h));
    if (a === null || b === null) continue;
    n++;
    ours += a;
    naive += b;
    if (a < b) wins++;
    if (b > 0) ratios.push(a / b);
  }
  ratios.sort((x, y) => x - y);
  return { series: n, ours: ours / n, naive: naive / n, medianRatio: ratios[Math.floor(ratios.length / 2)] ?? Number.NaN, wins };
}

/** Count series with a weekly rhythm: weekday factors, quiet weekends, slow drift, Poisson noise. */
function weeklyCases(count: number, seed: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const historyLength = 28 + Math.floor(rand() * (365 - 28 + 1));
    const horizon = 7 + Math.floor(rand() * (90 - 7 + 1));
    const base = Math.exp(Math.log(0.5) + rand() * (Math.log(25) - Math.log(0.5)));
    const weekendLevel = rand() * 0.4;
    const profile = Array.from({ length: 7 }, (_, d) => (d >= 5 ? weekendLevel : 0.6 + rand() * 0.8));
    const phase = Math.floor(rand() * 7);
    const drift = (rand() - 0.5) * 0.6; // up to ±30% over the whole series
    const total = historyLength + horizon;
    const y = Array.from({ length: total }, (_, t) => poisson(rand, base * profile[(t + phase) % 7] * (1 + (drift * t) / total)));
    return { history: y.slice(0, historyLength), actual: y.slice(historyLength) };
  });
}

/** Count series without a weekly pattern: a level that wanders slowly, Poisson noise. */
function flatCases(count: number, seed: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const historyLength = 28 + Math.floor(rand() * (365 - 28 + 1));
    const horizon = 7 + Math.floor(rand() * (90 - 7 + 1));
    let level = Math.exp(Math.log(0.5) + rand() * (Math.log(25) - Math.log(0.5)));
    const wander = rand() < 0.5 ? 0 : 0.02;
    const y = Array.from({ length: historyLength + horizon }, () => {
      level = Math.max(0.1, level * Math.exp(wander * gaussian(rand)));
      return poisson(rand, level);
    });
    return { history: y.slice(0, historyLength), actual: y.slice(historyLength) };
  });
}

function printAccuracy(label: string, a: Accuracy): void {
  console.log(
    `  ${label.padEnd(34)} series ${String(a.series).padStart(5)}  MASE ours ${f2(a.ours)}  seasonal-naive ${f2(a.naive)}  ratio ${f2(a.ours / a.naive)}  median per-series ratio ${f2(a.medianRatio)}  ours better on ${a.wins}/${a.series}`,
  );
}

async function demoAccuracy(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-bench-demo-'));
  const config = loadConfig({ DATA_DIR: dir, DEMO_DATA: 'true', LOG_LEVEL: 'silent', DATABASE_URL: '' });
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    await seedDemoData(db, config);
    const company = await db.selectFrom('companies').select(['id', 'timezone']).orderBy('id').executeTakeFirstOrThrow();
    const n = await countAppointments(db, company.id);
    if (n === 0) {
      console.log('  demo data                          no demo appointments seeded yet: skipped');
      return;
    }
    const today = localDateOf(new Date(), company.timezone);
    const cases: { history: number[]; actual: number[] }[] = [];
    for (const horizon of [7, 28, 56]) {
      const cut = addDays(today, -horizon);
      const from = addDays(today, -364);
      const days = dayRange(from, today);
      for (const groupBy of GROUPINGS) {
        const rows = await dailyCountsByGroup(db, company.id, groupBy, from, today);
        const byGroup = new Map<string, number[]>();
        for (const r of rows) {
          const s = byGroup.get(r.group) ?? new Array<number>(days.length).fill(0);
          s[days.indexOf(r.day)] += r.count;
          byGroup.set(r.group, s);
        }
        for (const s of byGroup.values()) {
          const split = days.indexOf(cut) + 1;
          const first = s.findIndex((c) => c > 0);
          if (first < 0 || first >= split - 28) continue;
          cases.push({ history: s.slice(first, split), actual: s.slice(split) });
        }
      }
    }
    printAccuracy(`demo data (${n} appointments, h 7/28/56)`, evaluate(cases));
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Query cost
// ---------------------------------------------------------------------------------------------

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 100_000);
const OTHER_COMPANY_APPOINTMENTS = Math.round(APPOINTMENTS / 10);

async function fill(db: DB, database: AppConfig['database'], companyId: number, count: number, seed: number, timezone: string): Promise<void> {
  const rand = seededRandom(seed);
  const now = new Date().toISOString();
  // The people's ages and departments differ from the original bench's; the groups are alike (7 × 7 × 10).
  const { counselors, clients, categories } = await addPeopleAndCategories(db, companyId);

  const today = localDateOf(new Date(), timezone);
  const days = dayRange(addDays(today, -364), today);
  const statuses: AppointmentsTable['status'][] = ['pending', 'confirmed', 'completed', 'completed', 'cancelled'];
  const perDay = new Map<string, number>();
  const rows: BenchAppointment[] = [];
  for (let i = 0; i < count; i++) {
    // Weekdays busier than weekends, as in a real centre.
    let day: string;
    do day = days[Math.floor(rand() * days.length)];
    while (new Date(`${day}T00:00:00Z`).getUTCDay() % 6 === 0 && rand() < 0.8);
    const k = perDay.get(day) ?? 0;
    perDay.set(day, k + 1);
    rows.push({
      uuid: randomUUID(),
      company_id: companyId,
      counselor_id: counselors[k % counselors.length],
      client_id: clients[Math.floor(rand() * clients.length)],
      category_id: categories[Math.floor(rand() * categories.length)],
      // Unique per day and slot, so the no-double-booking index never objects.
      appointment_date: new Date(Date.parse(`${day}T00:00:00.000Z`) + k * 1000).toISOString(),
      local_date: day,
      status: statuses[Math.floor(rand() * statuses.length)],
      created_at: now,
    });
  }
  await bulkInsert(database, rows);
}

type BenchAppointment = Pick<
  AppointmentsTable,
  'uuid' | 'company_id' | 'counselor_id' | 'client_id' | 'category_id' | 'appointment_date' | 'local_date' | 'status' | 'created_at'
>;

/** Loads appointments with each driver's fastest plain path (Kysely's multi-row INSERTs take minutes here). */
async function bulkInsert(database: AppConfig['database'], rows: BenchAppointment[]): Promise<void> {
  const columns = 'uuid, company_id, counselor_id, client_id, category_id, appointment_date, local_date, duration_minutes, reason, status, location_type, user_type, created_at, updated_at';
  if (database.kind === 'sqlite') {
    const sqlite = new SQLite(database.file);
    sqlite.pragma('busy_timeout = 5000');
    const insert = sqlite.prepare(`insert into appointments (${columns}) values (?, ?, ?, ?, ?, ?, ?, 60, 'Bench', ?, 'online', 'student', ?, ?)`);
    sqlite.transaction(() => {
      for (const r of rows) insert.run(r.uuid, r.company_id, r.counselor_id, r.client_id, r.category_id, r.appointment_date, r.local_date, r.status, r.created_at, r.created_at);
    })();
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (let i = 0; i < rows.length; i += 20_000) {
      const chunk = rows.slice(i, i + 20_000);
      const col = <K extends keyof BenchAppointment>(k: K) => chunk.map((r) => r[k]);
      await client.query(
        `insert into appointments (${columns})
         select u, c, co, cl, ca, ad, ld, 60, 'Bench', st, 'online', 'student', cr, cr
         from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[]) as t(u, c, co, cl, ca, ad, ld, st, cr)`,
        [col('uuid'), col('company_id'), col('counselor_id'), col('client_id'), col('category_id'), col('appointment_date'), col('local_date'), col('status'), col('created_at')],
      );
    }
  } finally {
    await client.end();
  }
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function queryCost(label: string, database: AppConfig['database']): Promise<void> {
  const db = createDatabase(database);
  try {
    await migrateToLatest(db);
    const company = await insertCompany(db, 'Bench Centre');
    const other = await insertCompany(db, 'Other Centre');
    const started = performance.now();
    await fill(db, database, company.id, APPOINTMENTS, 1, company.timezone);
    await fill(db, database, other.id, OTHER_COMPANY_APPOINTMENTS, 2, other.timezone);
    // Fresh tables: give each planner real statistics (and PostgreSQL its visibility map, for
    // index-only scans), as a live database's autovacuum would have.
    await (database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
    console.log(`  ${label}: ${APPOINTMENTS.toLocaleString('en')} + ${OTHER_COMPANY_APPOINTMENTS.toLocaleString('en')} appointments inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const scope = { companyId: company.id, timezone: company.timezone };
    const query = { period: 'last_365_days', forecast_days: 365 } as const;
    const base = await median(15, () => countAppointments(db, company.id));
    console.log(`    plain SELECT count(*) (company)        ${base.toFixed(2).padStart(8)} ms   1.0×`);
    let total = 0;
    const today = localDateOf(new Date(), company.timezone);
    for (const groupBy of GROUPINGS) {
      // Reference: the GROUP BY over the appointments that the reports ran before their kept day counts (decisions 0043, 0045).
      const recount = await median(5, () => recountDailyGroups(db, company.id, groupBy, addDays(today, -364), today));
      const kept = await median(9, () => dailyCountsByGroup(db, company.id, groupBy, addDays(today, -364), today));
      // Cold: every series fitted afresh (the first call after its history changed); warm: forecasts remembered.
      const cold = await median(5, () => {
        forecasts.clear();
        return dailyReport(db, scope, groupBy, query);
      });
      const full = await median(9, () => dailyReport(db, scope, groupBy, query));
      total += full;
      const rows = (await dailyReport(db, scope, groupBy, query)).length;
      const ratio = (x: number) => `${(x / base).toFixed(1).padStart(5)}×`;
      console.log(
        `    by ${groupBy.padEnd(10)} GROUP BY over appointments ${recount.toFixed(2).padStart(7)} ms ${ratio(recount)} | kept day counts ${kept.toFixed(2).padStart(6)} ms ${ratio(kept)} | whole call (${rows} rows): forecasts fitted ${cold.toFixed(2).padStart(6)} ms ${ratio(cold)}, remembered ${full.toFixed(2).padStart(6)} ms ${ratio(full)} (target <= 5×)`,
      );
    }
    console.log(`    the three calls together              ${total.toFixed(2).padStart(8)} ms ${(total / base).toFixed(1).padStart(6)}×`);
  } finally {
    await db.destroy();
  }
}

async function accuracy(): Promise<void> {
  console.log('reports: forecast accuracy (MASE on held-out days; lower is better; targets ratio ≤ 0.9 weekly, ≤ 1.05 flat)');
  const weekly = weeklyCases(1200, 42);
  const flat = flatCases(1000, 43);
  const accStart = performance.now();
  printAccuracy('weekly-seasonal synthetic series', evaluate(weekly));
  printAccuracy('series without a weekly pattern', evaluate(flat));
  console.log(`  (${weekly.length + flat.length} series in ${((performance.now() - accStart) / 1000).toFixed(1)} s)`);
  await demoAccuracy();
}

async function runCost(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-bench-reports-'));
  try {
    await queryCost('SQLite', { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (url && /^postgres/.test(url)) {
    const name = `kalinga_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    try {
      await queryCost('PostgreSQL', { kind: 'postgres', url: dbUrl.toString() });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('  PostgreSQL: skipped (set DATABASE_URL=postgres://… to include it)');
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  if (process.env.BENCH_ONLY !== 'cost') await accuracy();
  console.log(`reports: the three calls at last_365_days, forecast 365, vs plain count(*) of the same ${APPOINTMENTS.toLocaleString('en')} appointments (median of runs)`);
  await runCost();
  console.log(`reports: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await main();
