import type { ChangeScope } from '@kalinga/contracts/live-changes';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/database';
import { listenForChanges, type ChangeListener } from '../../db/change-listener';
import { afterOpenWrites, type ChangeNote, localChanges } from '../../db/change-signals';

// The instance's side of the live change signal (docs/decisions/0325-changes-pushed-to-devices.md): the notes of
// every instance (PostgreSQL LISTEN) or of this process (SQLite) are gathered per company for COALESCE_MS and then
// told to the company's open streams, each only the scopes its user may read.

/** A burst of writes (a batch push, a series of bookings) is one signal. */
export const COALESCE_MS = 150;

/** One open stream. */
export interface LiveConnection {
  companyId: number;
  /** The scopes its user may hear of. */
  scopes: ReadonlySet<ChangeScope>;
  send(scopes: ChangeScope[]): void;
}

const everyConnection = new Set<LiveConnection>();

/** The streams open in this process (every app in it): the metrics' connected devices. */
export function liveConnectionCount(): number {
  return everyConnection.size;
}

export interface ChangeHub {
  /** Resolves once notes can be heard (PostgreSQL: the LISTEN is in place), or after `maxWaitMs` regardless. */
  ready(maxWaitMs: number): Promise<void>;
  /** Adds a stream; the returned function removes it (call it once the connection closes). */
  subscribe(connection: LiveConnection): () => void;
  close(): Promise<void>;
}

export function createChangeHub(db: DB, database: AppConfig['database'], log: (message: string) => void): ChangeHub {
  const byCompany = new Map<number, Set<LiveConnection>>();
  const pending = new Map<number, Set<ChangeScope>>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let listener: ChangeListener | null = null;
  let listeningLocally = false;
  let closed = false;

  function tell(connections: Iterable<LiveConnection>, scopes: ReadonlySet<ChangeScope>): void {
    for (const c of connections) {
      const mine = [...scopes].filter((s) => c.scopes.has(s));
      if (mine.length > 0) c.send(mine);
    }
  }

  async function flush(): Promise<void> {
    flushTimer = null;
    // On SQLite the note was made inside the write's transaction: tell nobody before it has ended.
    await afterOpenWrites(db).catch(() => undefined);
    const batch = [...pending];
    pending.clear();
    for (const [companyId, scopes] of batch) tell(byCompany.get(companyId) ?? [], scopes);
  }

  function receive(note: ChangeNote): void {
    if (closed || !byCompany.has(note.companyId)) return;
    let scopes = pending.get(note.companyId);
    if (!scopes) pending.set(note.companyId, (scopes = new Set()));
    scopes.add(note.scope);
    flushTimer ??= setTimeout(() => void flush(), COALESCE_MS);
  }

  /** After the listener was lost, every stream is told everything once: notes sent meanwhile never arrived. */
  function everything(): void {
    for (const connections of byCompany.values()) for (const c of connections) c.send([...c.scopes]);
  }

  function start(): Promise<void> {
    if (database.kind === 'postgres') {
      listener ??= listenForChanges(database.url, { onNote: receive, onResumed: everything, onError: log });
      return listener.listening;
    }
    if (!listeningLocally) {
      localChanges.on('change', receive);
      listeningLocally = true;
    }
    return Promise.resolve();
  }

  return {
    async ready(maxWaitMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
      await Promise.race([start(), late]);
      clearTimeout(timer);
    },
    subscribe(connection) {
      void start();
      let set = byCompany.get(connection.companyId);
      if (!set) byCompany.set(connection.companyId, (set = new Set()));
      set.add(connection);
      everyConnection.add(connection);
      return () => {
        everyConnection.delete(connection);
        const current = byCompany.get(connection.companyId);
        current?.delete(connection);
        if (current?.size === 0) byCompany.delete(connection.companyId);
      };
    },
    async close() {
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      if (listeningLocally) localChanges.off('change', receive);
      for (const connections of byCompany.values()) for (const c of connections) everyConnection.delete(c);
      byCompany.clear();
      await listener?.close();
    },
  };
}
