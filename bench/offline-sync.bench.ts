// Offline store benchmark (decisions 0080, 0130, 0133), in headless Chromium, as ratios against references measured in
// the same run. Prints figures; asserts nothing.
//  1. Initial sync of BENCH_ROWS (100,000) rows through the chunked download (fetch answered in the page from
//     prepared chunk replies, so the network is not measured) against a raw Dexie bulkPut of the same rows in
//     chunks of 1000, in BENCH_ROUNDS (4) rounds taking turns. Targets: <= 1.5x, and >= 10,000 rows/s. For scale,
//     a raw bulkPut of the rows as the device stores them (more indexed fields) in chunks of 5000.
//  2. Queueing one action (saveCustomer: row + entry in one transaction), p95 against a raw put + add in one
//     transaction. Target: <= 15 ms at p95. Also while each action starts a queue run to the server, as the sync
//     engine does.
//  3. BENCH_OPS (1,000) queued customers drained by the queue runner against the real server, against the same
//     requests sent in a plain loop. Target: <= 2x.
//  4. The same drain through a proxy adding BENCH_RTT_MS (150) to every round trip (a phone's network), against the
//     same writes posted at once (one round trip plus the server's work: pushes of 100, the most the server takes,
//     sent together). Target: <= 3x (decision 0130). For scale, single-route writes at that latency, one after another.
// Run alone with `npx tsx bench/offline-sync.bench.ts` after `node scripts/build.mjs`.
/// <reference lib="dom" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SYNC_PUSH_LIMIT } from '@kalinga/contracts/sync';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server';
import { startLatencyProxy } from './latency-proxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const OPS = Number(process.env.BENCH_OPS ?? 1000);
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 150);
/** Which sections to run (`BENCH_PARTS=1,2`); all by default. */
/** Section 1 runs in this many rounds of ROWS / ROUNDS rows, the download and its references taking turns. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PARTS = new Set((process.env.BENCH_PARTS ?? '1,2,3,4').split(',').map((p) => p.trim()));

/** The offline modules, bundled for the page and hung on window.kb. */
async function bundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `
        import { db } from './database';
        import { beginDownload, runDownload } from './initial-sync';
        import { saveCustomer } from '../features/lending/book/lending-actions';
        import { runQueue } from './queue-runner';
        window.kb = { db, beginDownload, runDownload, saveCustomer, runQueue };`,
      resolveDir: path.join(root, 'apps/web/src/offline'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    minify: true,
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

const server = await startServer({ demo: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const code = await bundle();

/** A blank page of `baseURL`'s origin (its IndexedDB, its server), signed in, with the offline modules on window.kb. */
async function benchPage(baseURL: string) {
  const page = await (await browser.newContext({ baseURL, serviceWorkers: 'block' })).newPage();
  // A blank page of the app's origin (its IndexedDB and its server), without the app or its CSP.
  await page.route('**/bench-blank', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto('/bench-blank');
  const login = await (await page.request.post('/api/login', { data: { email: 'admin@demo.kalinga.test', password: 'kalinga-demo' } })).json();
  await page.evaluate((token) => localStorage.setItem('token', token), login.token as string);
  // tsx names the functions handed to page.evaluate with a helper the page lacks.
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(code);
  return page;
}

try {
  const page = await benchPage(server.baseURL);

  // ---------- 1. initial sync ----------
  if (PARTS.has('1')) {
  const sync = await page.evaluate(
    async ({ rows, rounds }) => {
      type KB = { db: { tables: { clear(): Promise<void> }[]; table(n: string): { bulkPut(r: unknown[]): Promise<unknown> }; transaction(m: string, t: unknown, f: () => Promise<void>): Promise<void> }; beginDownload(c: string, t: number): Promise<void>; runDownload(): Promise<void> };
      const kb = (window as unknown as { kb: KB }).kb;
      const T = '2026-11-01T02:00:00.000Z';
      const split = { customers: Math.round(rows * 0.4), loans: Math.round(rows * 0.3), items: rows - Math.round(rows * 0.4) - Math.round(rows * 0.3) };
      const item = (n: number) => ({ id: n, uuid: `i-${n}`, loan_uuid: `l-${n}`, customer_uuid: `c-${n}`, category_id: 1, category_uuid: 'cat', description: 'Gold ring', status: 'pawned', appraisal_value: 5000, market_value: null, selling_price: null, final_selling_price: null, sold_at: null, buyer_name: null, buyer_contact: null, sale_notes: null, created_at: T, updated_at: T });
      const make: Record<string, (n: number) => Record<string, unknown>> = {
        customers: (n) => ({ id: n, uuid: `c-${n}`, first_name: `First${n}`, last_name: `Last ${n % 977}`, phone_number: `0917${String(n).padStart(7, '0')}`, address: null, id_type: null, id_number: null, birth_date: null, created_at: T, updated_at: T }),
        loans: (n) => ({ id: n, uuid: `l-${n}`, pawn_ticket_number: `PT-2026-${String(n).padStart(6, '0')}`, customer_uuid: `c-${n}`, category_id: 1, category_uuid: 'cat', status: 'active', loan_date: '2026-11-01', maturity_date: '2026-12-01', expiry_date: '2027-03-01', renewal_date: null, redemption_date: null, forfeiture_date: null, appraisal_value: 5000, loan_amount: 3000, service_charge: 5, interest_rate: 3, penalty_rate: 2, amount_disbursed: 2995, paid_interest_amount: 0, paid_penalty_amount: 0, new_loan: null, renewed_from: null, notes: null, items: [item(n)], created_at: T, updated_at: T }),
        items: item,
      };
      // Chunk replies as the server sends them (JSON text, chunks of 1000), keyed by table and last_id; the same rows
      // as objects for the raw references: as sent, and as the device stores them (sync fields, search words).
      const replies = new Map<string, string>();
      const sent: Record<string, Record<string, unknown>[][]> = {};
      const stored: Record<string, Record<string, unknown>[][]> = {};
      for (const [table, count] of Object.entries(split)) {
        sent[table] = [];
        stored[table] = [];
        for (let from = 0; from < count; from += 1000) {
          const data = Array.from({ length: Math.min(1000, count - from) }, (_, i) => make[table](from + i + 1));
          sent[table].push(data);
          const last = from + data.length;
          replies.set(`${table}:${from}`, JSON.stringify({ data, meta: { table, cursor: 'c1', server_time: T, has_more: last < count, next_chunk_id: last < count ? last : null, total: count } }));
        }
        const all = sent[table].flat().map((row) => {
          const out: Record<string, unknown> = { sync_status: 'synced', last_synced_at: T, server_id: row.id };
          for (const [k, v] of Object.entries(row)) if (v !== null) out[k] = v;
          if (table === 'customers') out.searchTerms = [String(row.first_name).toLowerCase(), ...String(row.last_name).toLowerCase().split(' '), row.phone_number];
          return out;
        });
        for (let from = 0; from < all.length; from += 5000) stored[table].push(all.slice(from, from + 5000));
      }
      for (const table of ['categories', 'transactions']) replies.set(`${table}:0`, JSON.stringify({ data: [], meta: { table, cursor: 'c1', server_time: T, has_more: false, next_chunk_id: null, total: 0 } }));
      const realFetch = window.fetch;
      window.fetch = async (input: RequestInfo | URL) => {
        const url = new URL(String(input), location.origin);
        const body = replies.get(`${url.searchParams.get('table')}:${url.searchParams.get('last_id')}`) ?? '{}';
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      };
      const clear = () => Promise.all(kb.db.tables.map((t) => t.clear()));
      const rawPut = async (chunks: Record<string, Record<string, unknown>[][]>) => {
        await clear();
        const t0 = performance.now();
        for (const [table, list] of Object.entries(chunks)) for (const chunk of list) await kb.db.transaction('rw', kb.db.table(table), () => kb.db.table(table).bulkPut(chunk) as Promise<void>);
        return performance.now() - t0;
      };
      const download = async () => {
        await clear();
        const t0 = performance.now();
        await kb.beginDownload('c1', rows);
        await kb.runDownload();
        return performance.now() - t0;
      };
      // The machine's load moves a lot within a run: the three take turns, in a rotating order, round after round.
      const totals = { raw: 0, stored: 0, ours: 0 };
      const runs: Record<keyof typeof totals, () => Promise<number>> = { raw: () => rawPut(sent), stored: () => rawPut(stored), ours: download };
      const order: (keyof typeof totals)[] = ['raw', 'stored', 'ours'];
      for (let round = 0; round < rounds; round++) for (let k = 0; k < order.length; k++) {
        const name = order[(k + round) % order.length];
        totals[name] += await runs[name]();
      }
      window.fetch = realFetch;
      await clear();
      return totals;
    },
    { rows: Math.round(ROWS / ROUNDS), rounds: ROUNDS },
  );
  const perSecond = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString();
  console.log(`initial sync of ${ROWS.toLocaleString()} rows (${ROUNDS} rounds of ${Math.round(ROWS / ROUNDS).toLocaleString()}, taking turns):`);
  console.log(`  reference, raw bulkPut of the rows as sent in chunks of 1000: ${sync.raw.toFixed(0)} ms (${perSecond(sync.raw)} rows/s)`);
  console.log(`  raw bulkPut of the rows as stored (sync fields, search words) in chunks of 5000: ${sync.stored.toFixed(0)} ms (${perSecond(sync.stored)} rows/s)`);
  console.log(`  chunked download: ${sync.ours.toFixed(0)} ms, ${perSecond(sync.ours)} rows/s (target >= 10,000)`);
  console.log(`  ratio ${(sync.ours / sync.raw).toFixed(2)}x the reference (target <= 1.5x); ${(sync.ours / sync.stored).toFixed(2)}x the raw write of the stored rows`);
  }

  // ---------- 2. queueing one action ----------
  if (PARTS.has('2')) {
  const queueing = await page.evaluate(async () => {
    type KB = { db: { customers: { put(r: unknown): Promise<unknown> }; syncQueue: { add(r: unknown): Promise<unknown> }; transaction(m: string, a: unknown, b: unknown, f: () => Promise<void>): Promise<void>; tables: { clear(): Promise<void> }[] }; saveCustomer(i: object): Promise<unknown>; runQueue(): Promise<unknown> };
    const kb = (window as unknown as { kb: KB }).kb;
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    const ours: number[] = [];
    const raw: number[] = [];
    const busy: number[] = [];
    // As the sync engine does: every queued action starts a queue run, which sends it to the server and stores the
    // result while the next action is written.
    let runs: Promise<unknown> = Promise.resolve();
    const kick = () => (runs = kb.runQueue());
    for (let n = 0; n < 300; n++) {
      let t = performance.now();
      await kb.db.transaction('rw', kb.db.customers, kb.db.syncQueue, async () => {
        await kb.db.customers.put({ uuid: crypto.randomUUID(), first_name: 'Raw', last_name: `N${n}`, sync_status: 'pending', searchTerms: ['raw'] });
        await kb.db.syncQueue.add({ operation: 'CREATE_CUSTOMER', data: { uuid: 'x' }, status: 'completed', created_at: '', retry_count: 0, priority: 0 });
      });
      raw.push(performance.now() - t);
      t = performance.now();
      await kb.saveCustomer({ first_name: 'Queued', last_name: `Customer ${n}`, phone_number: '0917' });
      ours.push(performance.now() - t);
      window.addEventListener('sync-queue-changed', kick);
      t = performance.now();
      await kb.saveCustomer({ first_name: 'Sent', last_name: `Customer ${n}`, phone_number: '0917' });
      busy.push(performance.now() - t);
      window.removeEventListener('sync-queue-changed', kick);
    }
    await runs;
    await Promise.all(kb.db.tables.map((t) => t.clear()));
    return { ours: p95(ours.slice(20)), raw: p95(raw.slice(20)), busy: p95(busy.slice(20)) };
  });
  console.log(`queueing one action: p95 ${queueing.ours.toFixed(1)} ms (target <= 15 ms); raw put + add p95 ${queueing.raw.toFixed(1)} ms; ratio ${(queueing.ours / queueing.raw).toFixed(2)}x`);
  console.log(`  while the queue sends the actions before it to the server: p95 ${queueing.busy.toFixed(1)} ms`);
  }

  // ---------- 3. draining the queue against the server ----------
  if (PARTS.has('3')) {
  const drain = await page.evaluate(async (ops) => {
    type KB = { saveCustomer(i: object): Promise<unknown>; runQueue(): Promise<{ sent: number }> };
    const kb = (window as unknown as { kb: KB }).kb;
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` };
    let t0 = performance.now();
    for (let n = 0; n < ops; n++) {
      const res = await fetch('/api/customers', { method: 'POST', headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify({ uuid: crypto.randomUUID(), first_name: 'Loop', last_name: `Customer ${n}` }) });
      await res.json();
    }
    const loop = performance.now() - t0;
    for (let n = 0; n < ops; n++) await kb.saveCustomer({ first_name: 'Queue', last_name: `Customer ${n}` });
    t0 = performance.now();
    const result = await kb.runQueue();
    return { loop, queue: performance.now() - t0, sent: result.sent };
  }, OPS);
  console.log(`${OPS} operations: plain loop ${drain.loop.toFixed(0)} ms, queue drain ${drain.queue.toFixed(0)} ms (${drain.sent} sent); ratio ${(drain.queue / drain.loop).toFixed(2)}x (target <= 2x)`);
  }

  // ---------- 4. draining at a phone's latency ----------
  if (PARTS.has('4')) {
  const proxy = await startLatencyProxy(server.baseURL, RTT_MS);
  try {
    const far = await benchPage(proxy.baseURL);
    const slow = await far.evaluate(async ({ ops, limit }) => {
      type KB = { saveCustomer(i: object): Promise<unknown>; runQueue(): Promise<{ sent: number }> };
      const kb = (window as unknown as { kb: KB }).kb;
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` };
      const customer = (name: string) => {
        const uuid = crypto.randomUUID();
        return { key: crypto.randomUUID(), operation: 'CREATE_CUSTOMER', uuid, body: { uuid, first_name: 'Far', last_name: name } };
      };
      const push = async (mutations: unknown[]) => (await fetch('/api/sync/push', { method: 'POST', headers, body: JSON.stringify({ mutations }) })).json();
      const pushes = (prefix: string) => Array.from({ length: Math.ceil(ops / limit) }, (_, b) => Array.from({ length: Math.min(limit, ops - b * limit) }, (_, n) => customer(`${prefix} ${b * limit + n}`)));
      // Warm the connections both ways take.
      await Promise.all([push([customer('warm-up')]), push([customer('warm-up')])]);

      let t0 = performance.now();
      await Promise.all(pushes('At once').map(push));
      const atOnce = performance.now() - t0;

      t0 = performance.now();
      for (const batch of pushes('In turn')) await push(batch);
      const inTurn = performance.now() - t0;

      const sample = 20;
      t0 = performance.now();
      for (let n = 0; n < sample; n++) {
        const res = await fetch('/api/customers', { method: 'POST', headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify({ uuid: crypto.randomUUID(), first_name: 'Single', last_name: `Route ${n}` }) });
        await res.json();
      }
      const perSingle = (performance.now() - t0) / sample;

      for (let n = 0; n < ops; n++) await kb.saveCustomer({ first_name: 'Queued', last_name: `Far ${n}` });
      let requests = 0;
      let waiting = 0;
      const realFetch = window.fetch;
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        requests++;
        const started = performance.now();
        const res = await realFetch(input, init);
        const text = await res.text();
        waiting += performance.now() - started;
        return new Response(text, { status: res.status, headers: res.headers });
      };
      t0 = performance.now();
      const result = await kb.runQueue();
      const drain = performance.now() - t0;
      window.fetch = realFetch;
      return { atOnce, inTurn, perSingle, drain, waiting, sent: result.sent, requests };
    }, { ops: OPS, limit: SYNC_PUSH_LIMIT });
    console.log(`${OPS} operations at ${RTT_MS} ms a round trip: queue drain ${slow.drain.toFixed(0)} ms (${slow.sent} sent in ${slow.requests} requests, ${slow.waiting.toFixed(0)} ms of request time, overlapping the device's work)`);
    console.log(`  against the same writes posted at once ${slow.atOnce.toFixed(0)} ms: ratio ${(slow.drain / slow.atOnce).toFixed(2)}x (target <= 3x)`);
    console.log(`  pushes of ${SYNC_PUSH_LIMIT} one after another (no device work) ${slow.inTurn.toFixed(0)} ms; single routes one after another ${slow.perSingle.toFixed(0)} ms a write, ~${((slow.perSingle * OPS) / 1000).toFixed(0)} s for ${OPS}`);
  } finally {
    await proxy.close();
  }
  }
} finally {
  await browser.close();
  await server.stop();
}
