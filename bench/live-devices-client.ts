// A crowd of simulated devices in a process of its own, started by bench/live-devices.bench.ts (two of them, so the
// devices' own work runs beside the servers' and not in the bench's event loop). Each device holds one live stream
// (GET /api/sync/events) with its own session and pulls (GET /api/sync?since=<its cursor>) when the stream says
// `changed`, or after PERIODIC_MS without a pull or an applied delta; a signal during a pull makes one more pull after it, as the web
// device does. A signal carrying a delta that starts at the device's cursor is applied instead (decision 0360: the
// cursor moves to its end, no pull); one that arrives during a pull is applied after it if the pull ended at its
// start, else pulled for. Each pull's or applied delta's cursor and time are kept for the report. On request, a few devices instead download
// the whole book again and again (the "4 devices pulling the whole book" of decision 0132).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ClientDevice {
  base: string;
  token: string;
}

export type ToClient =
  | { kind: 'start'; devices: ClientDevice[]; cursor: string; periodicMs: number }
  | { kind: 'book'; base: string; token: string; devices: number }
  | { kind: 'rest' }
  | { kind: 'report' }
  | { kind: 'stop' };

export interface ClientReport {
  kind: 'report';
  connected: number;
  pulls: number;
  /** Deltas carried by a signal and applied (no pull). */
  applied: number;
  failures: number;
  signals: number;
  bookChunks: number;
  /** Per device, its pulls and applied deltas as [cursor version, end time (ms since the epoch), 1 for a delta applied or 0 for a pull] triples, flattened. */
  pulled: number[][];
  /** The lowest cursor version any device holds (-1 before its first pull). */
  lowest: number;
  cpuMicros: number;
}

const now = () => performance.timeOrigin + performance.now();
const pullAgent = new http.Agent({ keepAlive: true, maxSockets: 48 });
let stopping = false;
let connected = 0;
let pulls = 0;
let applied = 0;
let failures = 0;
let signals = 0;
let bookChunks = 0;
let booking = false;

function get(base: string, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: pullAgent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const versionOf = (cursor: string) => Number(/^c(\d+)/.exec(cursor)?.[1] ?? -1);

interface Delta {
  from: string;
  to: string;
}

/** The delta a `changed` event's data carries, if any. */
function deltaOf(event: string): Delta | null {
  const data = /^data: (.*)$/m.exec(event)?.[1];
  if (!data) return null;
  const delta = (JSON.parse(data) as { delta?: Delta }).delta;
  return delta && typeof delta.from === 'string' && typeof delta.to === 'string' ? delta : null;
}

class Device {
  pulled: number[] = [];
  cursor: string;
  private pulling = false;
  private again = false;
  /** Deltas that arrived during a pull, in order: applied after it when they start at its cursor. */
  private queued: Delta[] = [];
  lastPullAt: number;

  constructor(
    private readonly d: ClientDevice,
    cursor: string,
    periodicMs: number,
  ) {
    this.cursor = cursor;
    // Devices came online at different times: their periodic pulls are spread over the period.
    this.lastPullAt = now() - Math.random() * periodicMs;
  }

  listen(): void {
    const req = http.get(`${this.d.base}/api/sync/events`, { agent: false, headers: { authorization: `Bearer ${this.d.token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        failures++;
        this.reconnect();
        return;
      }
      connected++;
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: changed$/m.test(event)) {
            signals++;
            this.signalled(deltaOf(event));
          }
        }
      });
      res.on('close', () => {
        connected--;
        this.reconnect();
      });
    });
    req.on('error', () => {
      failures++;
      this.reconnect();
    });
  }

  private reconnect(): void {
    // The stream's own `retry:` (3 s) before the device opens a new one.
    if (!stopping) setTimeout(() => this.listen(), 3000);
  }

  private signalled(delta: Delta | null): void {
    if (delta && this.pulling) this.queued.push(delta);
    else if (delta && delta.from === this.cursor) this.apply(delta);
    else void this.pull();
  }

  private apply(delta: Delta): void {
    this.cursor = delta.to;
    // The book is as current as a pull would have left it: the periodic pull counts from here too.
    this.lastPullAt = now();
    this.pulled.push(versionOf(delta.to), this.lastPullAt, 1);
    applied++;
  }

  /** After a pull: the queued deltas that start at its cursor are applied; one that does not, and is newer, asks for one more pull. */
  private applyQueued(): void {
    for (const delta of this.queued.splice(0)) {
      if (delta.from === this.cursor) this.apply(delta);
      else if (versionOf(delta.to) > versionOf(this.cursor)) this.again = true;
    }
  }

  async pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return;
    }
    this.pulling = true;
    try {
      do {
        this.again = false;
        await this.pullOnce();
        this.applyQueued();
      } while (this.again && !stopping);
    } finally {
      this.pulling = false;
    }
  }

  private async pullOnce(): Promise<void> {
    try {
      const res = await get(this.d.base, `/api/sync?since=${encodeURIComponent(this.cursor)}`, this.d.token);
      if (res.status !== 200) throw new Error(String(res.status));
      const { meta } = JSON.parse(res.body) as { meta: { cursor: string } };
      this.cursor = meta.cursor;
      this.lastPullAt = now();
      this.pulled.push(versionOf(meta.cursor), this.lastPullAt, 0);
      pulls++;
    } catch {
      failures++;
    }
  }
}

/** Downloads the whole book (the delta from the epoch, then every table in chunks of 1000) until told to rest. */
async function downloadBook(base: string, token: string): Promise<void> {
  while (booking && !stopping) {
    const first = JSON.parse((await get(base, '/api/sync?since=1970-01-01T00:00:00.000Z', token)).body) as { meta: { cursor: string } };
    for (const table of ['categories', 'customers', 'loans', 'items', 'transactions']) {
      let last = 0;
      while (booking && !stopping) {
        const res = await get(base, `/api/sync?table=${table}&since=1970-01-01T00:00:00.000Z&until=${first.meta.cursor}&last_id=${last}&chunk_size=1000`, token);
        bookChunks++;
        const meta = (JSON.parse(res.body) as { meta: { has_more: boolean; next_chunk_id: number | null } }).meta;
        if (!meta.has_more || meta.next_chunk_id === null) break;
        last = meta.next_chunk_id;
      }
    }
  }
}

let devices: Device[] = [];
let periodic: NodeJS.Timeout | undefined;

process.on('message', (m: ToClient) => {
  if (m.kind === 'start') {
    devices = m.devices.map((d) => new Device(d, m.cursor, m.periodicMs));
    // Opened a few at a time, as devices come online over a morning rather than in one instant.
    devices.forEach((d, i) => setTimeout(() => d.listen(), Math.floor(i / 25) * 20));
    periodic = setInterval(() => {
      const due = now() - m.periodicMs;
      for (const d of devices) if (d.lastPullAt < due) void d.pull();
    }, 1000);
  } else if (m.kind === 'book') {
    booking = true;
    for (let i = 0; i < m.devices; i++) void downloadBook(m.base, m.token);
  } else if (m.kind === 'rest') {
    booking = false;
  } else if (m.kind === 'report') {
    const cpu = process.cpuUsage();
    const report: ClientReport = { kind: 'report', connected, pulls, applied, failures, signals, bookChunks, pulled: devices.map((d) => d.pulled), lowest: Math.min(...devices.map((d) => versionOf(d.cursor))), cpuMicros: cpu.user + cpu.system };
    process.send?.(report);
  } else if (m.kind === 'stop') {
    stopping = true;
    booking = false;
    clearInterval(periodic);
    process.exit(0);
  }
});
process.send?.({ kind: 'ready' });
