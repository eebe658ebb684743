// Pulls beside everyone else (decisions 0132, 0134): the counselor's appointment list (GET /api/appointments) in requests/s
// alone, and while 4 devices pull the whole demo book (GET /api/sync from the epoch, then the chunked download of
// every table in chunks of 1000, as a new device does, over and over), on the same server process. Target: the
// list keeps >= 50 % of its rate alone. The machine's load moves a lot, so the list is measured BENCH_PAIRS (3)
// times alone and beside the devices, in turns, and the rates are added up. The devices run in a worker thread and
// read only each reply's meta (a real device parses on its own processor, not the server's). Prints figures;
// asserts nothing.
// Alone: `npx tsx bench/pull-starvation.bench.ts` after `node scripts/build.mjs`; BENCH_SECONDS (5 a phase),
// BENCH_DEVICES (4), BENCH_PAIRS (3).
import { Worker } from 'node:worker_threads';
import { startServer } from '../e2e/support/server';
import { autocannon } from './cannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 4);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

async function login(baseURL: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseURL}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ email, password: 'kalinga-demo' }) });
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/** Devices pulling the whole book again and again while told to; posts chunks and bytes pulled when told to stop. */
const DEVICE_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseURL, headers, devices } = workerData;
let pulling = false;
let stop = false;
let chunks = 0;
let bytes = 0;
let wake = () => {};
parentPort.on('message', (m) => {
  if (m === 'stop') stop = true;
  pulling = m === 'pull';
  if (m === 'report') parentPort.postMessage({ chunks, bytes });
  wake();
});
// Only the reply's meta is read: it ends the reply ('"meta":{...}}').
async function get(path) {
  const res = await fetch(baseURL + path, { headers });
  const buf = Buffer.from(await res.arrayBuffer());
  bytes += buf.length;
  const tail = buf.subarray(Math.max(0, buf.length - 600)).toString();
  return JSON.parse(tail.slice(tail.lastIndexOf('"meta":') + 7, -1));
}
async function device() {
  while (!stop) {
    while (!pulling && !stop) await new Promise((r) => (wake = r));
    if (stop) break;
    const first = await get('/api/sync?since=' + encodeURIComponent('1970-01-01T00:00:00.000Z'));
    const until = first.cursor;
    for (const table of ['categories', 'customers', 'loans', 'items', 'transactions']) {
      let last = 0;
      while (pulling && !stop) {
        const meta = await get('/api/sync?table=' + table + '&since=1970-01-01T00:00:00.000Z&until=' + until + '&last_id=' + last + '&chunk_size=1000');
        chunks++;
        if (!meta.has_more || meta.next_chunk_id === null) break;
        last = meta.next_chunk_id;
      }
    }
  }
}
Promise.all(Array.from({ length: devices }, device)).then(() => parentPort.postMessage({ chunks, bytes, done: true }));
`;

const server = await startServer({ demo: true });
try {
  const counselor = await login(server.baseURL, 'counselor@demo.kalinga.test');
  const clerk = await login(server.baseURL, 'admin@demo.kalinga.test');
  const list = () => autocannon({ url: `${server.baseURL}/api/appointments`, connections: 4, duration: SECONDS, headers: counselor });
  await autocannon({ url: `${server.baseURL}/api/appointments`, connections: 4, duration: 2, headers: counselor });

  const worker = new Worker(DEVICE_CODE, { eval: true, workerData: { baseURL: server.baseURL, headers: clerk, devices: DEVICES } });
  const reported = () => new Promise<{ chunks: number; bytes: number }>((resolve) => worker.once('message', resolve));
  const pairs: { alone: Awaited<ReturnType<typeof list>>; beside: Awaited<ReturnType<typeof list>> }[] = [];
  for (let n = 0; n < PAIRS; n++) {
    const alone = await list();
    worker.postMessage('pull');
    // Let the devices get going before measuring (a device's first call is the delta from the epoch).
    await new Promise((r) => setTimeout(r, 1000));
    const beside = await list();
    worker.postMessage('rest');
    pairs.push({ alone, beside });
  }
  const pulled = reported();
  worker.postMessage('report');
  const { chunks, bytes } = await pulled;
  worker.postMessage('stop');
  await worker.terminate();

  let aloneSum = 0;
  let besideSum = 0;
  for (const [n, { alone, beside }] of pairs.entries()) {
    aloneSum += alone.requests.average;
    besideSum += beside.requests.average;
    console.log(`pair ${n + 1}: GET /api/appointments alone ${alone.requests.average.toFixed(0)} requests/s (p99 ${alone.latency.p99} ms); beside ${DEVICES} devices pulling the demo book ${beside.requests.average.toFixed(0)} requests/s (p99 ${beside.latency.p99} ms): ${((100 * beside.requests.average) / alone.requests.average).toFixed(0)} %`);
  }
  console.log(`the list kept ${((100 * besideSum) / aloneSum).toFixed(0)} % of its rate alone over ${PAIRS} pairs of ${SECONDS} s (target >= 50 %); the devices pulled ${chunks.toLocaleString('en')} chunks, ${(bytes / 1e6).toFixed(0)} MB as sent`);
} finally {
  await server.stop();
}
