import type { AuthUser } from '@kalinga/contracts/auth';
import { forgetBookDataKeys } from './book-seal';
import { deviceDatabase } from './database';
import type { AuthRecord } from './db';
import { isExpired, markSessionStored, SESSION_ID } from './session-hint';
import { reportStorageError } from './storage-persistence';

// The signed-in session kept in the local store's `auth` table, so a reload without a network keeps the user
// signed in (product-rules.md#session, decision 0085). One row: the current session.

const DAY_MS = 86_400_000;
/** After sign-in the session is stored for 7 days (product-rules.md#constants). */
export const SIGN_IN_TTL_MS = 7 * DAY_MS;
/** A kept session lapses 3 days after its last check (product-rules.md#constants). */
export const CHECK_TTL_MS = 3 * DAY_MS;

async function put(record: AuthRecord): Promise<void> {
  try {
    await deviceDatabase().auth.put(record);
    markSessionStored(true);
  } catch (error) {
    reportStorageError(error);
    throw error;
  }
}

/** After a sign-in: kept for 7 days. */
export async function storeSignIn(token: string, user: AuthUser, now: Date = new Date()): Promise<AuthRecord> {
  const record = { id: SESSION_ID, token, user, lastVerified: now.toISOString(), expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString() };
  await put(record);
  return record;
}

/** The save helper, after the server confirmed the session (`/api/me`): expires 3 days after this check. */
export async function saveVerifiedSession(token: string, user: AuthUser, now: Date = new Date()): Promise<AuthRecord> {
  const record = { id: SESSION_ID, token, user, lastVerified: now.toISOString(), expiresAt: new Date(now.getTime() + CHECK_TTL_MS).toISOString() };
  await put(record);
  return record;
}

export { isExpired };

/**
 * The stored session when it is still valid. An expired one is cleared and treated as signed out
 * (product-rules.md#session).
 */
export async function readStoredSession(now: Date = new Date()): Promise<AuthRecord | null> {
  const record = await deviceDatabase().auth.get(SESSION_ID);
  if (!record) return null;
  if (isExpired(record, now)) {
    await clearStoredSession();
    return null;
  }
  return record;
}

/**
 * Logout and any 401: the local session goes. The sync queue and the local records stay; the books' keys go with the
 * session, from memory and from this table (decision 0375).
 */
export async function clearStoredSession(): Promise<void> {
  forgetBookDataKeys();
  markSessionStored(false);
  await deviceDatabase().auth.clear();
}

/** A user change the server confirmed (profile, company switch): the stored copy follows. */
export async function updateStoredUser(user: AuthUser): Promise<void> {
  try {
    await deviceDatabase().auth.update(SESSION_ID, { user });
  } catch (error) {
    reportStorageError(error);
    throw error;
  }
}
