import { createHash, randomBytes } from 'node:crypto';

/** Sessions end this long after their last use (decision 0003). */
export const TOKEN_IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A new opaque bearer token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function expiryFrom(instant: Date): string {
  return new Date(instant.getTime() + TOKEN_IDLE_LIFETIME_MS).toISOString();
}
