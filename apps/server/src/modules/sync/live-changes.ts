import type { ChangeScope } from '@kalinga/contracts/live-changes';
import type { AppConfig } from '../../config';
import { createDatabase, type DB } from '../../db/database';
import { LISTENER_LIVENESS, listenForChanges, type ChangeListener, type Liveness } from '../../db/change-listener';
import { afterOpenWrites, type ChangeNote, localChanges } from '../../db/change-signals';
import { currentVersion } from '../../db/sync-version';
import { buildPushedDeltas, type DeltaReader, type PushedDeltas } from './live-deltas';
import type { ContentKeys } from '../../lib/field-crypto';

// The instance's side of the live change signal (docs/decisions/0325-changes-pushed-to-devices.md): the notes of
// every instance (PostgreSQL LISTEN) or of this process (SQLite) are gathered per company for COALESCE_MS and then
// told to the company's open streams, each only the scopes its user may read. A lending signal carries the small
// delta built for the stream's kind of reader when there is one (docs/decisions/0360-deltas-carried-in-the-signal.md).

/** A burst of writes (a batch push, a series of bookings) is one signal. */
export const COALESCE_MS = 150;

/** One open stream. */
export interface LiveConnection {
  companyId: number;
  /** The scopes its user may hear of. */
  scopes: ReadonlySet<ChangeScope>;
  /** Who the device reads as (with the lending scope only): a lending signal may carry the delta built for it. */
  reader?: DeltaReader;
  /** `delta` is the event's delta as JSON, or null for the plain signal. */
  send(scopes: ChangeScope[], delta: string | null): void;
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

/**
 * The hub of an instance on `database`. On PostgreSQL its listener probes itself by `liveness`: a connection that
 * died silently is found, opened again, and every stream is told everything once (decision 0374).
 */
export function createChangeHub(db: DB, database: AppConfig['database'], log: (message: string) => void, keys: ContentKeys, liveness: Liveness = LISTENER_LIVENESS): ChangeHub {
  const byCompany = new Map<number, Set<LiveConnection>>();
  const pending = new Map<number, Set<ChangeScope>>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let listener: ChangeListener | null = null;
  let listeningLocally = false;
  let closed = false;
  // The version each company's deltas were last built up to: the next delta starts there.
  const builtTo = new Map<number, number>();
  // On PostgreSQL the builds have a connection of their own, as the listener has: a build waits for no pull in the
  // pool's queue (decision 0360). SQLite has one connection for everything.
  let buildDb: DB | null = null;
  const buildsOn = (): DB => (database.kind === 'postgres' ? (buildDb ??= createDatabase(database, 1)) : db);
  let flushing: Promise<void> = Promise.resolve();

  function tell(connections: Iterable<LiveConnection>, scopes: ReadonlySet<ChangeScope>, deltas: PushedDeltas | null): void {
    for (const c of connections) {
      const mine = [...scopes].filter((s) => c.scopes.has(s));
      if (mine.length === 0) continue;
      c.send(mine, deltas && c.reader && mine.includes('lending') ? deltas.forReader(c.reader) : null);
    }
  }

  /** Reads the company's counter when its first reader subscribes: the first delta starts there. */
  function startFrom(companyId: number): void {
    if (builtTo.has(companyId)) return;
    currentVersion(db, companyId)
      .then((version) => {
        if (!builtTo.has(companyId) && byCompany.has(companyId)) builtTo.set(companyId, version);
      })
      .catch((error: unknown) => log(`live deltas: the counter read failed: ${(error as Error).message}`));
  }

  /** The company's deltas, or null (plain signals); `to` equal to the last build's means nothing changed since. */
  async function deltasOf(companyId: number, connections: Iterable<LiveConnection>): Promise<PushedDeltas | null> {
    const from = builtTo.get(companyId);
    const readers = [...connections].flatMap((c) => (c.reader ? [c.reader] : []));
    if (from === undefined || readers.length === 0) return null;
    try {
      const deltas = await buildPushedDeltas(buildsOn(), companyId, from, readers, keys);
      builtTo.set(companyId, deltas.to);
      return deltas;
    } catch (error) {
      builtTo.delete(companyId);
      startFrom(companyId);
      log(`live deltas: the build failed, signals go plain: ${(error as Error).message}`);
      return null;
    }
  }

  async function flush(): Promise<void> {
    // On SQLite the note was made inside the write's transaction: tell nobody before it has ended.
    await afterOpenWrites(db).catch(() => undefined);
    const batch = [...pending];
    pending.clear();
    for (const [companyId, scopes] of batch) {
      const connections = byCompany.get(companyId);
      if (!connections || closed) continue;
      const from = builtTo.get(companyId);
      const deltas = scopes.has('lending') ? await deltasOf(companyId, connections) : null;
      // The counter has not moved since the last build: its signal (or delta) told of this write already.
      if (deltas && deltas.to === from) scopes.delete('lending');
      if (scopes.size > 0) tell(connections, scopes, deltas);
    }
  }

  function receive(note: ChangeNote): void {
    if (closed || !byCompany.has(note.companyId)) return;
    let scopes = pending.get(note.companyId);
    if (!scopes) pending.set(note.companyId, (scopes = new Set()));
    scopes.add(note.scope);
    // One flush at a time, in order: deltas go out in the order they were built.
    flushTimer ??= setTimeout(() => {
      flushTimer = null;
      flushing = flushing.then(flush).catch((error: unknown) => log(`live changes: a flush failed: ${(error as Error).message}`));
    }, COALESCE_MS);
  }

  /** After the listener was lost, every stream is told everything once: notes sent meanwhile never arrived. */
  function everything(): void {
    for (const connections of byCompany.values()) for (const c of connections) c.send([...c.scopes], null);
  }

  function start(): Promise<void> {
    if (database.kind === 'postgres') {
      listener ??= listenForChanges(database.url, { onNote: receive, onResumed: everything, onError: log }, liveness);
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
      if (connection.reader) startFrom(connection.companyId);
      return () => {
        everyConnection.delete(connection);
        const current = byCompany.get(connection.companyId);
        current?.delete(connection);
        if (current?.size === 0) {
          byCompany.delete(connection.companyId);
          builtTo.delete(connection.companyId);
        }
      };
    },
    async close() {
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      if (listeningLocally) localChanges.off('change', receive);
      for (const connections of byCompany.values()) for (const c of connections) everyConnection.delete(c);
      byCompany.clear();
      await listener?.close();
      await buildDb?.destroy();
    },
  };
}
