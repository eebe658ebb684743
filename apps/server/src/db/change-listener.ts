import pg from 'pg';
import { CHANGES_CHANNEL, type ChangeNote, parseNotePayload } from './change-signals';

// One dedicated PostgreSQL connection per instance LISTENs for every instance's change notes
// (docs/decisions/0325-changes-pushed-to-devices.md). Lost (a restart, a failover, a network cut), it is opened
// again with back-off; once back, `onResumed` runs, since notes sent meanwhile were never received.

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
  onError(message: string): void;
}

/** Starts listening on `url`; keeps trying until closed. */
export function listenForChanges(url: string, events: ListenerEvents): ChangeListener {
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
    next.on('error', (err) => retry(`PostgreSQL change listener lost: ${err.message}`));
    next.on('end', () => retry('PostgreSQL change listener ended'));
    next.on('notification', (msg) => {
      const note = msg.channel === CHANGES_CHANNEL ? parseNotePayload(msg.payload) : null;
      if (note) events.onNote(note);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      if (client === next) retry(`PostgreSQL change listener could not connect: ${(err as Error).message}`);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    retryMs = FIRST_RETRY_MS;
    markListening();
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
