import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CHANGES_CHANNEL, type ChangeNote, parseNotePayload } from './change-signals';

// One dedicated PostgreSQL connection per instance LISTENs for every instance's change notes
// (docs/decisions/0325-changes-pushed-to-devices.md), and another for the session cache's invalidations
// (docs/decisions/0361-session-cache.md). Lost (a restart, a failover, a network cut), it is opened again with
// back-off; once back, `onResumed` runs, since notes sent meanwhile were never received. Each also sends itself a
// note on its channel every `everyMs` and counts its connection lost when that note has not come back within
// `withinMs` (`Liveness`): a connection that dies silently (no error, no end until TCP gives up) is then found in
// seconds (decision 0361; the change listener too since decision 0374).

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** Every `everyMs` the listener notes itself a probe; one not back within `withinMs` is a lost connection. */
export interface Liveness {
  everyMs: number;
  withinMs: number;
}

/** Both listeners' (the session cache's, decision 0361; the change signals', decision 0374): a silent loss is found within 8 s. */
export const LISTENER_LIVENESS: Liveness = { everyMs: 5_000, withinMs: 3_000 };

/** A probe's payload starts with this; probes (this instance's or another's) never reach `onPayload`. */
export const PROBE_PREFIX = 'probe:';

/** The listener's connection's application_name (what pg_stat_activity shows for it). */
export const listenerName = (channel: string): string => `kalinga listener ${channel}`;

export interface ChangeListener {
  /** Resolves once the first LISTEN is in place (or the listener is closed). */
  listening: Promise<void>;
  close(): Promise<void>;
}

export interface ListenerEvents {
  onNote(note: ChangeNote): void;
  /** Listening again after a loss: whatever happened meanwhile is unknown. */
  onResumed(): void;
  /** The connection was lost or could not be opened: nothing is heard until it is back. */
  onError(message: string): void;
}

/** What a listener on any channel is told: each payload, and when its LISTEN is in place (first time and after a loss). */
export interface ChannelEvents extends Omit<ListenerEvents, 'onNote'> {
  onPayload(payload: string | undefined): void;
  onListening?(): void;
}

/** Starts listening for change notes on `url`; keeps trying until closed, and probes its connection by `liveness`. */
export function listenForChanges(url: string, events: ListenerEvents, liveness: Liveness = LISTENER_LIVENESS): ChangeListener {
  return listenOnChannel(url, CHANGES_CHANNEL, {
    onPayload(payload) {
      const note = parseNotePayload(payload);
      if (note) events.onNote(note);
    },
    onResumed: () => events.onResumed(),
    onError: (message) => events.onError(message),
  }, liveness);
}

/**
 * Starts listening on `channel` (a fixed identifier, never input) at `url`; keeps trying until closed. With
 * `liveness`, probes its own connection (see above).
 */
export function listenOnChannel(url: string, channel: string, events: ChannelEvents, liveness?: Liveness): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let lost = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  // The probe sent and not yet heard back, if any, and what its coming back does.
  let awaited: { payload: string; back(): void } | null = null;
  const self = `${PROBE_PREFIX}${randomUUID()}:`;
  let probes = 0;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const stopProbing = () => {
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = null;
    awaited = null;
  };

  /** Notes a probe on `c` (the connection listening); one not back within the bound is a lost connection. */
  function probe(c: pg.Client, every: Liveness): void {
    const payload = `${self}${++probes}`;
    const sentAt = Date.now();
    // A failed statement is the connection's error too ('error' or 'end' retries); the bound covers one that hangs.
    c.query('select pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
    awaited = {
      payload,
      back() {
        // The next probe `everyMs` after this one was sent.
        if (probeTimer) clearTimeout(probeTimer);
        probeTimer = setTimeout(() => client === c && probe(c, every), Math.max(0, sentAt + every.everyMs - Date.now()));
        probeTimer.unref();
      },
    };
    probeTimer = setTimeout(() => {
      probeTimer = null;
      if (client === c) retry(`PostgreSQL listener on ${channel}: its own note did not come back within ${every.withinMs} ms`);
    }, every.withinMs);
    probeTimer.unref();
  }

  const retry = (message: string) => {
    if (closed || retryTimer) return;
    stopProbing();
    events.onError(message);
    lost = true;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = null;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: listenerName(channel) });
    client = next;
    next.on('error', (err) => retry(`PostgreSQL listener on ${channel} lost: ${err.message}`));
    next.on('end', () => retry(`PostgreSQL listener on ${channel} ended`));
    next.on('notification', (msg) => {
      if (msg.channel !== channel) return;
      if (msg.payload?.startsWith(PROBE_PREFIX)) {
        if (awaited && msg.payload === awaited.payload && client === next) {
          const { back } = awaited;
          awaited = null;
          back();
        }
        return;
      }
      events.onPayload(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (err) {
      if (client === next) retry(`PostgreSQL listener on ${channel} could not connect: ${(err as Error).message}`);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    retryMs = FIRST_RETRY_MS;
    if (liveness) probe(next, liveness);
    markListening();
    events.onListening?.();
    if (lost) {
      lost = false;
      events.onResumed();
    }
  }

  void connect();
  return {
    listening,
    async close() {
      closed = true;
      markListening();
      stopProbing();
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
