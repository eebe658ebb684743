// Many devices, live (decision 0332): two server instances (test/serve.ts, one process each) on one fresh PostgreSQL
// database with the demo pawnshop, and BENCH_DEVICES (2,000) simulated counter devices, BENCH_PER_USER (8) sessions
// of each clerk, each holding a live stream (GET /api/sync/events) spread over the two instances and pulling when
// told or every 60 s (bench/live-devices-client.ts, two processes of devices). It prints, against the targets:
//  1. CPU per empty delta pull (the servers' and PostgreSQL's) against a bare indexed SELECT of the same rows
//     (PostgreSQL's and the driver's), measured before the devices connect (target <= 3x);
//  2. the servers' memory per connected device: the instances' resident memory with every device connected, less
//     before, over the devices (target <= 50 KB);
//  3. with customers written at BENCH_WRITES (5) a second across both instances for BENCH_SECONDS (30): the p95 from a
//     write (its request's start, so a little more than its commit) to the last device having it, by a pull or by a
//     delta its signal carried (decision 0360), and how many arrivals came each way (target <= 2 s);
//  4. the counselor's appointment list (GET /api/appointments) on one instance alone, and beside 4 devices pulling
//     the whole book from it, once the crowd has gone (target: keeps >= 50 %).
// Prints figures; asserts nothing. PostgreSQL only: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx
// bench/live-devices.bench.ts` (a throwaway database is made beside it and dropped).
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestApp } from '../apps/server/test/harness';
import { startServers, type Servers } from '../apps/server/test/server-processes';
import { seedDemoData } from '../apps/server/src/seed/seed';
import { autocannon } from './cannon';
import type { ClientReport, ToClient } from './live-devices-client';
import { cpuBetween, makeCrowd, percentile, postgresCpu, sampleOf, scrape } from './live-setup';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 8);
const WRITES = Number(process.env.BENCH_WRITES ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PHASE = Number(process.env.BENCH_PHASE_SECONDS ?? 5);
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function startClient(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'live-devices-client.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`a device process exited with ${code}`)));
  });
}

function report(child: ChildProcess): Promise<ClientReport> {
  return new Promise((resolve) => {
    const on = (m: ClientReport) => {
      if (m.kind !== 'report') return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ kind: 'report' } satisfies ToClient);
  });
}

async function main(): Promise<void> {
  if (!/^postgres/.test(process.env.DATABASE_URL ?? '')) {
    console.log('live-devices: skipped (set DATABASE_URL=postgres://… — two instances share one PostgreSQL database)');
    return;
  }
  const t = await createTestApp();
  const servers: Servers[] = [];
  const clients: ChildProcess[] = [];
  try {
    let started = performance.now();
    await seedDemoData(t.db, t.config);
    const crowd = await makeCrowd(t.db, Math.ceil(DEVICES / PER_USER), PER_USER);
    await sql`vacuum analyze`.execute(t.db);
    console.log(`live-devices: demo pawnshop and ${crowd.deviceTokens.length} sessions of ${Math.ceil(DEVICES / PER_USER)} clerks in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // Two instances, each its own process and pool; the data folder (content keys) is shared as two machines would share CONTENT_KEY.
    for (let i = 0; i < 2; i++) servers.push(await startServers(t.config.database, t.config.dataDir, 1, { METRICS_TOKEN }));
    const [a] = servers;
    const writer = { authorization: `Bearer ${crowd.writerToken}`, accept: 'application/json' };
    const device = { authorization: `Bearer ${crowd.deviceTokens[0]}`, accept: 'application/json' };
    const first = (await (await fetch(`${a.url}/api/sync?since=1970-01-01T00:00:00.000Z`, { headers: device })).json()) as { meta: { cursor: string } };
    const cursor = first.meta.cursor;

    // 1. CPU per empty delta pull against the bare SELECT, before the crowd connects.
    await autocannon({ url: `${a.url}/api/sync?since=${cursor}`, connections: 4, duration: 1, headers: device });
    const cpuA = sampleOf(await scrape(a.url, METRICS_TOKEN), 'process_cpu_seconds_total');
    let pgBefore = await postgresCpu(t.db);
    const pulls = await autocannon({ url: `${a.url}/api/sync?since=${cursor}`, connections: 4, duration: PHASE, headers: device });
    const nodeCpu = sampleOf(await scrape(a.url, METRICS_TOKEN), 'process_cpu_seconds_total') - cpuA;
    const pgCpu = cpuBetween(pgBefore, await postgresCpu(t.db));
    const pullCpu = nodeCpu + pgCpu;
    const pool = new pg.Pool({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '', max: 4 });
    const version = Number(/^c(\d+)/.exec(cursor)?.[1]);
    // The delta's rows of every table and the tombstones, on their (company_id, version) indexes: one statement.
    const bare = `select id from customers where company_id = $1 and version > $2 and version <= $2
      union all select id from loans where company_id = $1 and version > $2 and version <= $2
      union all select id from items where company_id = $1 and version > $2 and version <= $2
      union all select id from transactions where company_id = $1 and version > $2 and version <= $2
      union all select id from categories where company_id = $1 and kind = 'lending' and version > $2 and version <= $2
      union all select id from sync_tombstones where company_id = $1 and version > $2 and version <= $2`;
    const selectFor = async (ms: number) => {
      let n = 0;
      const until = performance.now() + ms;
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (performance.now() < until) {
          await pool.query({ name: 'bare', text: bare, values: [crowd.companyId, version] });
          n++;
        }
      }));
      return n;
    };
    await selectFor(1000);
    pgBefore = await postgresCpu(t.db);
    const driverBefore = process.cpuUsage();
    const selects = await selectFor(PHASE * 1000);
    const driver = process.cpuUsage(driverBefore);
    const selectCpu = cpuBetween(pgBefore, await postgresCpu(t.db)) + (driver.user + driver.system) / 1e6;
    await pool.end();
    const perPull = pullCpu / pulls.requests.total;
    const perSelect = selectCpu / selects;
    console.log(`empty delta pull: ${(perPull * 1000).toFixed(2)} ms CPU (server ${((nodeCpu / pulls.requests.total) * 1000).toFixed(2)} and PostgreSQL ${((pgCpu / pulls.requests.total) * 1000).toFixed(2)}; ${pulls.requests.average.toFixed(0)}/s on 4 connections); bare SELECT ${(perSelect * 1000).toFixed(3)} ms CPU (PostgreSQL and driver; ${(selects / PHASE).toFixed(0)}/s): ${(perPull / perSelect).toFixed(1)}x (target <= 3x)`);

    clients.push(await startClient(), await startClient());
    // 2. Memory per connected device.
    const rss = async () => (await Promise.all(servers.map(async (s) => sampleOf(await scrape(s.url, METRICS_TOKEN), 'process_resident_memory_bytes')))).reduce((x, y) => x + y, 0);
    const rssBefore = await rss();
    const tokens = crowd.deviceTokens.slice(0, DEVICES);
    clients.forEach((c, ci) => {
      const mine = tokens.filter((_, i) => i % clients.length === ci).map((token, i) => ({ token, base: servers[i % servers.length].url }));
      c.send({ kind: 'start', devices: mine, cursor, periodicMs: 60_000 } satisfies ToClient);
    });
    started = performance.now();
    const connected = async () => (await Promise.all(clients.map(report))).reduce((n, r) => n + r.connected, 0);
    while ((await connected()) < tokens.length && performance.now() - started < 120_000) await sleep(500);
    const heldAt = performance.now();
    await sleep(5000);
    const gauge = async () => (await Promise.all(servers.map(async (s) => sampleOf(await scrape(s.url, METRICS_TOKEN), 'kalinga_connected_devices')))).reduce((x, y) => x + y, 0);
    const held = await connected();
    const rssAfter = await rss();
    console.log(`${held} of ${tokens.length} devices connected in ${((heldAt - started) / 1000).toFixed(1)} s (the servers' gauge says ${await gauge()}); the two instances' memory ${kb(rssBefore)} -> ${kb(rssAfter)}: ${kb((rssAfter - rssBefore) / Math.max(1, held))} per connected device (target <= 50 KB)`);

    // 3. Writes at WRITES a second: from each write to the last device's pull that brought it.
    const writes: { sentAt: number; version: number }[] = [];
    let refused = 0;
    const writeOne = async (n: number) => {
      const sentAt = performance.timeOrigin + performance.now();
      const res = await fetch(`${servers[n % servers.length].url}/api/customers`, {
        method: 'POST',
        headers: { ...writer, 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: randomUUID(), first_name: 'Live', last_name: `Bench ${n}` }),
      });
      if (res.status >= 300) refused++;
      else {
        const version = ((await res.json()) as { data: { version: number } }).data.version;
        if (!Number.isInteger(version)) throw new Error('a written customer came back without its version');
        writes.push({ sentAt, version });
      }
    };
    const pending: Promise<void>[] = [];
    const pullsBefore = (await Promise.all(clients.map(report))).reduce((n, r) => n + r.pulls, 0);
    const writeStart = performance.now();
    for (let n = 0; n < WRITES * SECONDS; n++) {
      pending.push(writeOne(n));
      await sleep(1000 / WRITES);
    }
    await Promise.all(pending);
    // Until every device holds the last write, or a minute more.
    const newest = Math.max(...writes.map((w) => w.version));
    const drainStart = performance.now();
    let reports = await Promise.all(clients.map(report));
    while (Math.min(...reports.map((r) => r.lowest)) < newest && performance.now() - drainStart < 60_000) {
      await sleep(1000);
      reports = await Promise.all(clients.map(report));
    }
    // Per write, when each device first held it; then when half, 95 % and all of the devices had it.
    const devicesPulled = reports.flatMap((r) => r.pulled);
    const half: number[] = [];
    const most: number[] = [];
    const all: number[] = [];
    const arrived = { pushed: 0, pulled: 0 };
    for (const w of writes) {
      const times: number[] = [];
      for (const pulled of devicesPulled) {
        let at = Number.POSITIVE_INFINITY;
        for (let i = 0; i < pulled.length; i += 3) {
          if (pulled[i] >= w.version && pulled[i + 1] >= w.sentAt) {
            at = pulled[i + 1] - w.sentAt;
            if (pulled[i + 2] === 1) arrived.pushed++;
            else arrived.pulled++;
            break;
          }
        }
        times.push(at);
      }
      half.push(percentile(times, 50));
      most.push(percentile(times, 95));
      all.push(percentile(times, 100));
    }
    const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never (> 1 min)');
    const unreached = all.filter((ms) => !Number.isFinite(ms)).length;
    const totals = reports.reduce((s, r) => ({ pulls: s.pulls + r.pulls, applied: s.applied + r.applied, failures: s.failures + r.failures, signals: s.signals + r.signals }), { pulls: 0, applied: 0, failures: 0, signals: 0 });
    const pullRate = (totals.pulls - pullsBefore) / ((performance.now() - writeStart) / 1000);
    console.log(`${writes.length} writes at ${WRITES}/s across both instances (${refused} refused); ${totals.signals} signals, ${totals.applied} carried deltas applied, ${totals.pulls} pulls (${pullRate.toFixed(0)}/s from the first write on), ${totals.failures} failed calls`);
    const arrivals = arrived.pushed + arrived.pulled;
    console.log(`  a write reached a device ${arrivals} times: ${arrived.pushed} by a delta its signal carried (${((100 * arrived.pushed) / Math.max(1, arrivals)).toFixed(1)} %), ${arrived.pulled} by a pull`);
    console.log(`  from a write until half the devices had it: p50 ${s(percentile(half, 50))}, p95 ${s(percentile(half, 95))}`);
    console.log(`  until 95 % of the devices had: p50 ${s(percentile(most, 50))}, p95 ${s(percentile(most, 95))}`);
    console.log(`  until the last device had: p50 ${s(percentile(all, 50))}, p95 ${s(percentile(all, 95))} (target p95 <= 2 s); ${unreached} of ${writes.length} writes not on every device a minute after the last write`);
    // 4. The counselor's list alone and beside 4 devices pulling the whole book from the same instance (once the crowd
    // has gone and its last pulls are answered, as bench/pull-starvation.bench.ts on one SQLite process; here two
    // instances on PostgreSQL).
    for (const c of clients.splice(0)) c.send({ kind: 'stop' } satisfies ToClient);
    await sleep(15_000);
    clients.push(await startClient());
    const counselor = { authorization: `Bearer ${crowd.counselorToken}`, accept: 'application/json' };
    const list = () => autocannon({ url: `${a.url}/api/appointments`, connections: 4, duration: PHASE, headers: counselor });
    await autocannon({ url: `${a.url}/api/appointments`, connections: 4, duration: 1, headers: counselor });
    let alone = 0;
    let beside = 0;
    for (let pair = 0; pair < 2; pair++) {
      alone += (await list()).requests.average;
      clients[0].send({ kind: 'book', base: a.url, token: crowd.deviceTokens[0], devices: 4 } satisfies ToClient);
      await sleep(1000);
      beside += (await list()).requests.average;
      clients[0].send({ kind: 'rest' } satisfies ToClient);
      await sleep(1000);
    }
    console.log(`the counselor's list: ${(alone / 2).toFixed(0)} requests/s alone, ${(beside / 2).toFixed(0)} beside 4 devices pulling the whole book (${(await report(clients[0])).bookChunks} chunks): ${((100 * beside) / alone).toFixed(0)} % (target >= 50 %)`);
  } finally {
    for (const c of clients) c.send({ kind: 'stop' } satisfies ToClient);
    await Promise.all(servers.map((s) => s.stop()));
    await t.close();
  }
}

await main();
