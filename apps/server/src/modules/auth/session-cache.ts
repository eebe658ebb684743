import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { type AuthNote, AUTH_CHANNEL, localAuthChanges, parseAuthPayload } from '../../db/auth-signals';
import { type ChangeListener, LISTENER_LIVENESS, type Liveness, listenOnChannel } from '../../db/change-listener';
import type { AuthContext } from '../../lib/auth-context';

// The signed-in lookup's results kept for a few seconds on this instance (docs/decisions/0361-session-cache.md).
// Safe only while this instance hears every write that changes a lookup's answer: those writes note it
// (db/auth-signals.ts) and the note drops the entries it names on every instance when the write commits. While the
// channel is not heard (PostgreSQL: before the LISTEN is in place, or while the connection is lost and opened again,
// a silent loss found by the listener's own probe notes) nothing is kept and nothing kept is used. A lookup that was under way when a note arrived is not kept: it may have
// read the rows from before the write.

/** At most this many sessions kept; the oldest go first. */
export const SESSION_CACHE_ENTRIES = 10_000;

/** What a lookup found, as it is kept. */
export interface KeptSession {
  auth: AuthContext;
  tokenExpiresAt: string;
  tokenLastUsedAt: string;
}

interface Entry extends KeptSession {
  keptUntil: number;
}

/** Everything changed, or what is unknown (the channel was lost): `null`. */
export type AuthChangeListener = (note: AuthNote | null) => void;

export interface SessionCache {
  /** Whether entries are kept and used: the invalidation channel is heard. */
  usable(): boolean;
  /** The kept session of `key` (a copy the caller may change), or undefined. */
  get(key: string, now: number): KeptSession | undefined;
  /** Call before a lookup's read: the mark `put` needs. */
  mark(): number;
  /** Keeps a lookup's result, unless a note arrived (or the channel changed) since `mark`. */
  put(key: string, mark: number, session: KeptSession, now: number): void;
  /** Notes that the kept session's token was just refreshed (its last use and idle expiry), so hits do not refresh it again. */
  touched(key: string, tokenLastUsedAt: string, tokenExpiresAt: string): void;
  /** Runs `listener` on every note heard (after the entries it names are dropped); the function removes it. */
  onChange(listener: AuthChangeListener): () => void;
  /** Notes heard so far (what a test waits for before it asks another instance). */
  heard(): number;
  close(): Promise<void>;
}

/** A copy of an auth context that shares nothing with it (requests key per-request state on the object). */
export function copyOfAuth(auth: AuthContext): AuthContext {
  return { ...auth, user: { ...auth.user }, company: { ...auth.company }, roles: [...auth.roles], permissions: new Set(auth.permissions) };
}

function names(note: AuthNote, auth: AuthContext): boolean {
  if (note.kind === 'user') return auth.user.id === note.id;
  if (note.kind === 'token') return auth.tokenId === note.id;
  return auth.companyId === note.id;
}

/**
 * The cache of an instance on `database`, keeping a session `keepMs` (0: nothing is kept, and the notes still reach
 * `onChange`: the change streams' re-checks need them). On PostgreSQL its listener probes itself by `liveness`.
 */
export function createSessionCache(database: AppConfig['database'], keepMs: number, log: (message: string) => void, liveness: Liveness = LISTENER_LIVENESS): SessionCache {
  const entries = new Map<string, Entry>();
  const listeners = new Set<AuthChangeListener>();
  // Bumped by every note and every change of the channel's state: a lookup marked before it is not kept.
  let epoch = 0;
  let heard = 0;
  let healthy = false;
  let listener: ChangeListener | null = null;

  function tell(note: AuthNote | null): void {
    for (const l of listeners) {
      try {
        l(note);
      } catch (error) {
        log(`session cache: a listener failed: ${(error as Error).message}`);
      }
    }
  }

  function receive(note: AuthNote): void {
    epoch++;
    heard++;
    for (const [key, entry] of entries) if (names(note, entry.auth)) entries.delete(key);
    tell(note);
  }

  function lose(message: string): void {
    epoch++;
    healthy = false;
    entries.clear();
    log(`session cache off until the channel is back: ${message}`);
  }

  if (database.kind === 'postgres') {
    listener = listenOnChannel(database.url, AUTH_CHANNEL, {
      onPayload(payload) {
        const note = parseAuthPayload(payload);
        if (note) receive(note);
      },
      onListening() {
        epoch++;
        healthy = true;
      },
      // Notes sent while the channel was lost were never heard: whoever relies on them checks everything again.
      onResumed: () => tell(null),
      onError: lose,
    }, liveness);
  } else {
    localAuthChanges.on('change', receive);
    healthy = true;
  }

  return {
    usable: () => healthy && keepMs > 0,
    get(key, now) {
      if (!healthy || keepMs === 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.keptUntil <= now) {
        entries.delete(key);
        return undefined;
      }
      return { auth: copyOfAuth(entry.auth), tokenExpiresAt: entry.tokenExpiresAt, tokenLastUsedAt: entry.tokenLastUsedAt };
    },
    mark: () => epoch,
    put(key, mark, session, now) {
      if (!healthy || keepMs === 0 || mark !== epoch) return;
      entries.delete(key);
      if (entries.size >= SESSION_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { ...session, auth: copyOfAuth(session.auth), keptUntil: now + keepMs });
    },
    touched(key, tokenLastUsedAt, tokenExpiresAt) {
      const entry = entries.get(key);
      if (entry) Object.assign(entry, { tokenLastUsedAt, tokenExpiresAt });
    },
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    heard: () => heard,
    async close() {
      healthy = false;
      entries.clear();
      listeners.clear();
      localAuthChanges.off('change', receive);
      await listener?.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's session cache (docs/decisions/0361-session-cache.md). */
    sessionCache: SessionCache;
  }
}

/** Gives the app its session cache, closed with it. */
export function registerSessionCache(app: FastifyInstance): void {
  const cache = createSessionCache(app.config.database, app.config.sessionCacheMs, (message) => app.log.warn(message));
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.close());
}
