// Pulls beside everyone else (issue 26): the counselor's appointment list (GET /api/appointments) in requests/s
// alone, then while 4 devices pull the whole demo book (GET /api/sync from the epoch, then the chunked download of
// every table in chunks of 1000, as a new device does, over and over), on the same server process. Target: the
// list keeps >= 50 % of its rate alone. The devices run in a worker thread so that their JSON parsing does not
// slow the load generator. Prints figures; asserts nothing.
// Alone: `npx tsx bench/pull-starvation.bench.ts` after `node scripts/build.mjs`; BENCH_SECONDS (10), BENCH_DEVICES (4).
import { Worker } from 'node:worker_threads';
import { startServer } from '../e2e/support/server';
import { autocannon } from './cannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 4);

async function login(baseURL: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseURL}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ email, password: 'kalinga-demo' }) });
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/** Devices pulling the whole book again and again until told to stop; posts rows and bytes pulled. */
const DEVICE_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseURL, headers, devices } = workerData;
let stop = false;
let rows = 0;
let bytes = 0;
parentPort.on('message', () => { stop = true; });
async function get(path) {
  const res = await fetch(baseURL + path, { headers });
  const text = await res.text();
  bytes += text.length;
  return JSON.parse(text);
}
async function device() {
  while (!stop) {
    const first = await get('/api/sync?since=' + encodeURIComponent('1970-01-01T00:00:00.000Z'));
    const until = first.meta.cursor;
    for (const table of ['categories', 'customers', 'loans', 'items', 'transactions']) {
      let last = 0;
      while (!stop) {
        const chunk = await get('/api/sync?table=' + table + '&since=1970-01-01T00:00:00.000Z&until=' + until + '&last_id=' + last + '&chunk_size=1000');
        rows += chunk.data.length;
        if (!chunk.meta.has_more || chunk.meta.next_chunk_id === null) break;
        last = chunk.meta.next_chunk_id;
      }
    }
  }
}
Promise.all(Array.from({ length: devices }, device)).then(() => parentPort.postMessage({ rows, bytes }));
`;

const server = await startServer({ demo: true });
try {
  const counselor = await login(server.baseURL, 'counselor@demo.kalinga.test');
  const clerk = await login(server.baseURL, 'admin@demo.kalinga.test');
  const list = () => autocannon({ url: `${server.baseURL}/api/appointments`, connections: 4, duration: SECONDS, headers: counselor });
  await autocannon({ url: `${server.baseURL}/api/appointments`, connections: 4, duration: 2, headers: counselor });

  const alone = await list();
  const worker = new Worker(DEVICE_CODE, { eval: true, workerData: { baseURL: server.baseURL, headers: clerk, devices: DEVICES } });
  const pulled = new Promise<{ rows: number; bytes: number }>((resolve) => worker.once('message', resolve));
  // Let the devices get going before measuring.
  await new Promise((r) => setTimeout(r, 1000));
  const beside = await list();
  worker.postMessage('stop');
  const { rows, bytes } = await pulled;
  await worker.terminate();

  console.log(`GET /api/appointments alone: ${alone.requests.average.toFixed(0)} requests/s (p99 ${alone.latency.p99} ms)`);
  console.log(`beside ${DEVICES} devices pulling the demo book: ${beside.requests.average.toFixed(0)} requests/s (p99 ${beside.latency.p99} ms)`);
  console.log(`  kept ${((100 * beside.requests.average) / alone.requests.average).toFixed(0)} % of its rate (target >= 50 %); the devices pulled ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB`);
} finally {
  await server.stop();
}
