// Whether a session may be kept in the local database, readable without opening it: the sign-in page of a
// signed-out browser loads no database code at all (decision 0097). auth-local.ts keeps the mark in
// step with its `auth` table; a token in localStorage (every session stored before the mark existed) counts too.

import { TOKEN_KEY } from '../lib/storage-keys';
import type { AuthRecord } from './db';

/** The one row of the `auth` table: the current session. */
export const SESSION_ID = 'session';

/** Past its expiry (or without a readable one): treated as signed out and cleared (product-rules.md#session). */
export function isExpired(record: AuthRecord, now: Date = new Date()): boolean {
  const expires = Date.parse(record.expiresAt);
  return !Number.isFinite(expires) || expires <= now.getTime();
}

const MARK_KEY = 'session_stored';

export function markSessionStored(stored: boolean): void {
  if (stored) localStorage.setItem(MARK_KEY, '1');
  else localStorage.removeItem(MARK_KEY);
}

/** False only when no session can be on this device: then the local database need not be opened at start-up. */
export function maySessionBeStored(): boolean {
  return localStorage.getItem(MARK_KEY) !== null || localStorage.getItem(TOKEN_KEY) !== null;
}
