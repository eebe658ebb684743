import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';

// Pulls beside everyone else (docs/decisions/0132). A pull's reply (up to 1,000 rows a chunk, with their
// nested items) is read and serialised in one go; on SQLite the reads are synchronous, so four devices pulling at
// once kept the event loop busy and a counselor's appointment list fell to 14 % of its rate. Pulls therefore take
// turns, one reply at a time per process, and while other requests are coming in (one in the last second) the
// process rests `REST_FACTOR` times as long as a turn took before the next pull goes: those requests get at least
// that share of the time. A turn lasts until its reply has been compressed and written (decision 0134), not
// just built: on a small machine the compression of a large reply takes a core too. With nobody else about,
// pulls follow each other at once.

/** The rest after a turn, as a multiple of the turn's time (3: others get at least 75 % of a busy process). */
export const REST_FACTOR = 3;
/** Other requests this recent make the pulls rest. */
const OTHERS_WINDOW_MS = 1000;
/** A turn that took very long (a cold cache) never holds the next pull back longer than this. */
const MAX_REST_MS = 1000;
/** A reply still being written after this long (a slow client) no longer holds the turn. */
export const MAX_SEND_WAIT_MS = 1000;

let last: Promise<void> = Promise.resolve();
let lastOtherAt = Number.NEGATIVE_INFINITY;
const watched = new WeakSet<object>();

/** Notes when the server last received a request other than a pull (every request, whichever plugin answers it). */
export function watchOtherRequests(app: FastifyInstance, isPull: (url: string) => boolean): void {
  if (watched.has(app.server)) return;
  watched.add(app.server);
  app.server.on('request', (request: { url?: string }) => {
    if (!isPull(request.url ?? '')) lastOtherAt = performance.now();
  });
}

/**
 * Resolves when `response` has been handed to the network in full (or closed), at most `MAX_SEND_WAIT_MS` later:
 * the reply's compression and writing are part of a turn's cost, so the rest after it counts them too.
 */
export function sent(response: { writableFinished: boolean; destroyed: boolean; once(event: 'finish' | 'close', listener: () => void): unknown }): Promise<void> {
  if (response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, MAX_SEND_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    response.once('finish', done);
    response.once('close', done);
  });
}

/** Runs `work` in its turn among the process's pulls, then rests before the next turn if others are waiting. */
export async function inPullTurn<T>(work: () => Promise<T>): Promise<T> {
  const before = last;
  let release!: () => void;
  last = new Promise<void>((resolve) => (release = resolve));
  await before;
  const started = performance.now();
  try {
    return await work();
  } finally {
    const now = performance.now();
    if (now - lastOtherAt < OTHERS_WINDOW_MS) setTimeout(release, Math.min(MAX_REST_MS, (now - started) * REST_FACTOR));
    else release();
  }
}
