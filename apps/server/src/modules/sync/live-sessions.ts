import type { AuthNote } from '../../db/auth-signals';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import type { SessionCache } from '../auth/session-cache';
import { sessionOf } from '../auth/session';
import { sessionsStillSignedIn } from './live-sessions.repository';

// Who holds the open change streams of this instance (docs/decisions/0351-live-stream-sessions.md): at most
// MAX_STREAMS_PER_USER at once for one user, and a stream whose session ended (signed out, revoked, expired, the user
// deactivated or taken out of the company) is ended at the next check rather than at its age. A write that changes
// a session (the session cache's invalidation, docs/decisions/0361-session-cache.md) has the streams it names looked
// up again at once: one whose session ended, or whose deliveries would now differ (the scopes its user may hear, or
// the kind of reader its carried deltas are built for: branches, a clerk's own cash days; decision 0360), is ended,
// and the device's reconnect is answered with what the user may hear now.

/** A browser holds one stream for all its tabs; a few devices of one user, and a reconnect's overlap, fit in this. */
export const MAX_STREAMS_PER_USER = 10;

/** One open stream as the registry knows it. */
export interface StreamHolder {
  userId: number;
  tokenId: number;
  companyId: number;
  /** The session's key (the token's hash), to look it up again. */
  tokenHash: string;
  /** What the stream's deliveries depend on, as it was opened (the scopes and the reader kind): `deliveryOf`'s key. */
  delivery: string;
  /** Ends the stream (the device reconnects, and a signed-out one is refused then). */
  end(): void;
}

export interface LiveStreamRegistry {
  /** Takes a place for the holder's stream: the function that gives it back, or null when the user has all theirs. */
  admit(holder: StreamHolder): (() => void) | null;
  /** Ends every stream whose session is no longer signed in to its company; resolves to how many. One query. */
  endSignedOut(now: string): Promise<number>;
  /** Resolves once the re-checks that notes started have run (what a test waits for). */
  settled(): Promise<void>;
  /** Stops hearing the session cache's notes. */
  close(): void;
}

function names(note: AuthNote | null, h: StreamHolder): boolean {
  if (note === null) return true;
  if (note.kind === 'user') return h.userId === note.id;
  if (note.kind === 'token') return h.tokenId === note.id;
  return h.companyId === note.id;
}

/**
 * The registry of an instance's streams. `deliveryOf` says, as a key, what a session's stream would be sent (equal
 * keys: the same deliveries); `changes` is the session cache, whose notes start the re-checks (one lookup per
 * session named, one at a time).
 */
export function createLiveStreamRegistry(db: DB, changes: SessionCache, deliveryOf: (auth: AuthContext) => Promise<string>): LiveStreamRegistry {
  const holders = new Set<StreamHolder>();
  const perUser = new Map<number, number>();
  let rechecks: Promise<void> = Promise.resolve();

  async function recheck(named: StreamHolder[]): Promise<void> {
    const bySession = new Map<string, StreamHolder[]>();
    for (const h of named) {
      const key = `${h.tokenHash}:${h.companyId}`;
      bySession.set(key, [...(bySession.get(key) ?? []), h]);
    }
    for (const group of bySession.values()) {
      const auth = await sessionOf(db, group[0].tokenHash, group[0].companyId);
      const delivery = auth && (await deliveryOf(auth));
      for (const h of group) if (holders.has(h) && delivery !== h.delivery) h.end();
    }
  }

  const stop = changes.onChange((note) => {
    const named = [...holders].filter((h) => names(note, h));
    if (named.length === 0) return;
    // A re-check that fails ends the streams it was for: their reconnect is authenticated afresh.
    rechecks = rechecks.then(() => recheck(named)).catch(() => named.forEach((h) => holders.has(h) && h.end()));
  });

  return {
    admit(holder) {
      const count = perUser.get(holder.userId) ?? 0;
      if (count >= MAX_STREAMS_PER_USER) return null;
      perUser.set(holder.userId, count + 1);
      holders.add(holder);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        holders.delete(holder);
        const left = (perUser.get(holder.userId) ?? 1) - 1;
        if (left > 0) perUser.set(holder.userId, left);
        else perUser.delete(holder.userId);
      };
    },
    async endSignedOut(now) {
      if (holders.size === 0) return 0;
      const checked = [...holders];
      const alive = await sessionsStillSignedIn(db, checked, now);
      let ended = 0;
      for (const h of checked) {
        if (alive.has(`${h.tokenId}:${h.companyId}`) || !holders.has(h)) continue;
        h.end();
        ended++;
      }
      return ended;
    },
    settled: () => rechecks,
    close: stop,
  };
}
