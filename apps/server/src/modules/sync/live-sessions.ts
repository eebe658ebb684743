import type { DB } from '../../db/database';
import { sessionsStillSignedIn } from './live-sessions.repository';

// Who holds the open change streams of this instance (docs/decisions/0351-live-stream-sessions.md): at most
// MAX_STREAMS_PER_USER at once for one user, and a stream whose session ended (signed out, revoked, expired, the user
// deactivated or taken out of the company) is ended at the next check rather than at its age.

/** A browser holds one stream for all its tabs; a few devices of one user, and a reconnect's overlap, fit in this. */
export const MAX_STREAMS_PER_USER = 10;

/** One open stream as the registry knows it. */
export interface StreamHolder {
  userId: number;
  tokenId: number;
  companyId: number;
  /** Ends the stream (the device reconnects, and a signed-out one is refused then). */
  end(): void;
}

export interface LiveStreamRegistry {
  /** Takes a place for the holder's stream: the function that gives it back, or null when the user has all theirs. */
  admit(holder: StreamHolder): (() => void) | null;
  /** Ends every stream whose session is no longer signed in to its company; resolves to how many. One query. */
  endSignedOut(now: string): Promise<number>;
}

export function createLiveStreamRegistry(db: DB): LiveStreamRegistry {
  const holders = new Set<StreamHolder>();
  const perUser = new Map<number, number>();
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
  };
}
