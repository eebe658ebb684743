import { isIPv6 } from 'node:net';
import type { DB } from '../../db/database';
import { HttpError } from '../../lib/http-errors';
import { clearAttempts, countAttempt, deleteExpiredAttempts, uncountAttempt } from './attempt.repository';

// Why these numbers and keys: docs/decisions/0070-sign-in-limits.md.
const MINUTE = 60_000;
export const ATTEMPT_LIMITS = {
  /** Wrong passwords for one account from one address: the guessing a lockout is for. */
  accountAddress: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address for any accounts: a school behind one NAT address shares it. */
  address: { max: 100, windowMs: 15 * MINUTE },
  /** Registrations (each creates a company) from one address, successful or not. */
  registration: { max: 10, windowMs: 60 * MINUTE },
} as const;

export const SIGN_IN_WAIT = (seconds: number) => `Too many sign-in attempts. Please try again in ${seconds} seconds.`;
export const REGISTRATION_WAIT = (seconds: number) => `Too many registration attempts. Please try again in ${seconds} seconds.`;

type Limit = { max: number; windowMs: number };

const lastSweep = new WeakMap<DB, number>();

/** Counts one attempt under `key`; over the limit, refuses with 429 and Retry-After until the window ends. */
async function count(db: DB, key: string, limit: Limit, message: (seconds: number) => string): Promise<void> {
  const now = Date.now();
  const counted = await countAttempt(db, key, new Date(now).toISOString(), new Date(now + limit.windowMs).toISOString());
  if ((lastSweep.get(db) ?? 0) < now - MINUTE) {
    lastSweep.set(db, now);
    await deleteExpiredAttempts(db, new Date(now).toISOString());
  }
  if (counted.count > limit.max) {
    const seconds = Math.max(1, Math.ceil((Date.parse(counted.expires_at) - now) / 1000));
    throw new HttpError(429, message(seconds), undefined, { 'Retry-After': String(seconds) });
  }
}

/**
 * Whom a limit counts: an IPv4 address, or an IPv6 address's /64 network (one subscriber's line
 * holds a whole /64, so counting single IPv6 addresses would let one client pick a new one each time).
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const bare = address.split('%')[0];
  const [head, tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const size = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(8 - size(groups(head)) - size(groups(tail))).fill('0'), ...groups(tail)];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** A password check counted against the limits before it runs; a success takes its count back. */
export interface PasswordAttempt {
  succeeded(): Promise<void>;
}

/**
 * Counts a password check (sign-in, or the current password when changing it) for the account
 * (its lowercased email) from `address`, and for the address alone. Counting comes first, in one
 * statement per key, so concurrent guesses cannot all slip under the limit. The account+address
 * count is checked first: a locked-out account does not add to its address's count.
 */
export async function beginPasswordAttempt(db: DB, email: string, clientAddress: string): Promise<PasswordAttempt> {
  const address = clientNetwork(clientAddress);
  const accountKey = `acct:${email.toLowerCase()}|${address}`;
  const addressKey = `addr:${address}`;
  await count(db, accountKey, ATTEMPT_LIMITS.accountAddress, SIGN_IN_WAIT);
  await count(db, addressKey, ATTEMPT_LIMITS.address, SIGN_IN_WAIT);
  return {
    async succeeded() {
      // The account's own failures are forgiven; the address keeps the others' failures.
      await clearAttempts(db, accountKey);
      await uncountAttempt(db, addressKey);
    },
  };
}

/** Counts a registration from `address` (every one: each creates a company). */
export async function countRegistration(db: DB, address: string): Promise<void> {
  await count(db, `register:${clientNetwork(address)}`, ATTEMPT_LIMITS.registration, REGISTRATION_WAIT);
}
