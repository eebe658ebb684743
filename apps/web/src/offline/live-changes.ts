import { CHANGE_EVENTS_PATH, CHANGED_EVENT, type ChangedSignal, type ChangeScope, parseChangedSignal, type PushedDelta } from '@kalinga/contracts/live-changes';
import { announceLiveChange } from '../lib/live-change-events';
import { COMPANY_KEY, TOKEN_KEY } from '../lib/storage-keys';
import { readEventStream } from './event-stream';

// Changes pushed to this device (docs/decisions/0325-changes-pushed-to-devices.md). One stream per browser: the tab
// holding the Web Lock LOCK_NAME opens GET /api/sync/events, pulls at once on a lending signal (the book is one
// database for every tab) and passes each signal to the other tabs over a BroadcastChannel; every tab announces it
// to its screens (lib/live-change-events.ts). When the stream drops, it is opened again with back-off and, until it
// is, the book is pulled with back-off too; each time it opens, one pull catches up on what it may have missed. Without
// Web Locks (browsers before 2022) there is no stream: the engine's regular pulls go on as before. A lending signal
// that carries a delta starting at the book's cursor is applied instead of a pull
// (docs/decisions/0360-deltas-carried-in-the-signal.md); any other is pulled for.

const LOCK_NAME = 'kalinga-live-changes';
const CHANNEL_NAME = 'kalinga-live-changes';
const FIRST_RECONNECT_MS = 3_000;
const MAX_RECONNECT_MS = 60_000;
const FIRST_FALLBACK_PULL_MS = 10_000;
const MAX_FALLBACK_PULL_MS = 3 * 60_000;
/** A stream that ends sooner than this counts as a failure for the back-off. */
const SHORT_LIVED_MS = 10_000;

export interface LiveChangesOptions {
  /** Pull the book now (the engine's pull: no-op offline, errors logged). */
  pull: () => unknown;
  /** Apply a delta the signal carried: resolves whether it was (else the book is pulled). */
  applyPushed?: (delta: PushedDelta) => Promise<boolean>;
}

let stopCurrent: (() => void) | null = null;

/** The delay before the `failures`-th attempt again: doubling from `base` up to `max`, spread by ±25 %. */
export function backOff(base: number, max: number, failures: number): number {
  const plain = Math.min(max, base * 2 ** Math.max(0, failures - 1));
  return Math.round(plain * (0.75 + Math.random() / 2));
}

function streamHeaders(): Headers {
  const headers = new Headers();
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const company = localStorage.getItem(COMPANY_KEY);
  if (company) headers.set('X-Company-Id', company);
  return headers;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    window.addEventListener('online', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    }
  });
}

/** Pulls with back-off while the stream is down; stopped as soon as it is open again. */
function fallbackPulls(pull: () => unknown) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let count = 0;
  const next = () => {
    timer = setTimeout(() => {
      void pull();
      count++;
      next();
    }, backOff(FIRST_FALLBACK_PULL_MS, MAX_FALLBACK_PULL_MS, count + 1));
  };
  return {
    start: () => timer ?? next(),
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      count = 0;
    },
  };
}

/** Whether a stream opened at `openedAt` (null: never opened) stayed open long enough to count as working. */
function lastedLong(openedAt: number | null): boolean {
  return openedAt !== null && Date.now() - openedAt >= SHORT_LIVED_MS;
}

/** Holds the browser's stream until `signal` aborts (the tab then lets the next one take the lock). */
async function holdStream(signal: AbortSignal, options: LiveChangesOptions, channel: BroadcastChannel | null): Promise<void> {
  const fallback = fallbackPulls(options.pull);
  let failures = 0;
  let reconnectMs = FIRST_RECONNECT_MS;
  const lending = async (delta: PushedDelta | undefined) => {
    if (delta && options.applyPushed) {
      try {
        if (await options.applyPushed(delta)) return;
      } catch (error) {
        console.error('A delta the live stream carried could not be applied: pulling instead', error);
      }
    }
    await options.pull();
  };
  const onSignal = ({ scopes, delta }: ChangedSignal) => {
    if (scopes.includes('lending')) void lending(delta);
    channel?.postMessage(scopes);
    announceLiveChange(scopes);
  };
  try {
    while (!signal.aborted) {
      if (!navigator.onLine) {
        await wait(MAX_RECONNECT_MS, signal);
        continue;
      }
      let status = 0;
      let openedAt: number | null = null;
      try {
        status = await readEventStream(CHANGE_EVENTS_PATH, streamHeaders(), signal, {
          onOpen: () => {
            openedAt = Date.now();
            fallback.stop();
            // Whatever changed before the stream was heard (meanwhile, if it was down): one pull catches up.
            void options.pull();
          },
          onEvent: (name, data) => {
            if (name === CHANGED_EVENT) onSignal(parseChangedSignal(data));
          },
          onRetry: (ms) => (reconnectMs = Math.max(1_000, ms)),
        });
      } catch {
        // The network dropped it, or stop() aborted it.
      }
      if (signal.aborted || status === 401 || status === 403) return;
      // A stream that lasted is simply opened again; one refused or cut at once (a proxy closing it) backs off.
      const lasted = lastedLong(openedAt);
      failures = lasted ? 0 : failures + 1;
      fallback.start();
      await wait(lasted ? reconnectMs : backOff(reconnectMs, MAX_RECONNECT_MS, failures), signal);
    }
  } finally {
    fallback.stop();
  }
}

/** Starts (or, signed in again, restarts) this tab's part in the browser's one stream. */
export function startLiveChanges(options: LiveChangesOptions): void {
  stopLiveChanges();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return;
  const abort = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  channel?.addEventListener('message', (event: MessageEvent<ChangeScope[]>) => announceLiveChange(event.data));
  void locks.request(LOCK_NAME, { signal: abort.signal }, () => holdStream(abort.signal, options, channel)).catch(() => undefined);
  stopCurrent = () => {
    abort.abort();
    channel?.close();
  };
}

/** Closes the stream (sign-out) or stops waiting for it. */
export function stopLiveChanges(): void {
  stopCurrent?.();
  stopCurrent = null;
}
