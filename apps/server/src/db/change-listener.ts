import pg from 'pg';
import { CHANGES_CHANNEL, type ChangeNote, parseNotePayload } from './change-signals';

// One dedicated PostgreSQL connection per instance LISTENs for every instance's change notes
// (docs/decisions/0325-changes-pushed-to-devices.md), and another for the session cache's invalidations
// (docs/decisions/0361-session-cache.md). Lost (a restart, a failover, a network cut), it is opened again with
// back-off; once back, `onResumed` runs, since notes sent meanwhile were never received.

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

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

/** Starts listening for change notes on `url`; keeps trying until closed. */
export function listenForChanges(url: string, events: ListenerEvents): ChangeListener {
  return listenOnChannel(url, CHANGES_CHANNEL, {
    onPayload(payload) {
      const note = parseNotePayload(payload);
      if (note) events.onNote(note);
    },
    onResumed: () => events.onResumed(),
    onError: (message) => events.onError(message),
  });
}

/** Starts listening on `channel` (a fixed identifier, never input) at `url`; keeps trying until closed. */
export function listenOnChannel(url: string, channel: string, events: ChannelEvents): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let lost = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const retry = (message: string) => {
    if (closed || retryTimer) return;
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
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('error', (err) => retry(`PostgreSQL listener on ${channel} lost: ${err.message}`));
    next.on('end', () => retry(`PostgreSQL listener on ${channel} ended`));
    next.on('notification', (msg) => {
      if (msg.channel === channel) events.onPayload(msg.payload);
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
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
