import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { bumpVersion } from '../../db/sync-version';
import { claimKey, findStoredReply, type StoredReply, storeReply } from './idempotency.repository';

// Every lending write runs through runWrite (docs/decisions/0062):
// - one transaction that bumps the company's change counter once, first, and hands the value to the effect;
// - with an Idempotency-Key header, the key is claimed in that transaction and the reply stored with the
//   effect, so a repeat gets the first status and body, and a concurrent repeat waits for the first and
//   then replays it; the same key with another request is 422. A key is the user's own: another user's
//   same key is another request (decision 0105). Once the stored body is pruned (30 days, decision 0102),
//   a repeat answers 200 with the record as it is now (decision 0105). The route's permission runs before any of
//   this. The branch is the write's check, not the repeat's (decision 0385): a repeat of an applied write gets its
//   recorded reply whatever branch the request names or its user works at now, and a write that runs (a new key,
//   another user's) is checked by its effect, so a branch that is not the user's is still refused (403) there. The
//   lookup is by company, user and key: what a repeat gets was its own user's reply, or their read of the record;
// - a unique violation (a create's uuid raced by another request) runs the write again once it is
//   committed: its existence check then sees the winner's row;
// - a write's `repeat` (the same create again, by its uuid) is asked before the bump: a repeat it answers writes
//   nothing, so the counter stays and no device is signalled (decision 0380). It is asked again after the bump,
//   where the counter's lock orders it after a first write still under way. It reads and never locks a row: a
//   row lock taken before the counter's would invert the order every other write takes them in.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const BAD_KEY = 'The Idempotency-Key header must be 1 to 200 visible characters.';
const MAX_ATTEMPTS = 3;

/** What the request says about idempotency: its key (or null) and a fingerprint of the request. */
export interface WriteKey {
  key: string | null;
  method: string;
  path: string;
  hash: string;
}

export interface WriteReply<T> {
  status: number;
  body: T;
}

export interface WriteContext {
  trx: DB;
  /** The change-counter value to stamp on every row this write touches. */
  version: number;
  now: string;
}

/** Reads the Idempotency-Key header and fingerprints method, path and JSON body. */
export function writeKeyOf(request: FastifyRequest): WriteKey {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const raw = Array.isArray(header) ? header[0] : header;
  let key: string | null = null;
  if (raw !== undefined) {
    key = raw.trim();
    if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw unprocessable({ idempotency_key: [BAD_KEY] });
  }
  return writeKey(key, request.method, request.url.split('?')[0], request.body);
}

/** The write key of a call: its key and the fingerprint of method, path and JSON body (the batch push builds it per mutation). */
export function writeKey(key: string | null, method: string, path: string, body: unknown): WriteKey {
  const hash = createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
  return { key, method, path, hash };
}

/**
 * How a write answers when its record is read as it is now: a repeat whose stored reply was pruned (decision 0105)
 * gets this with 200, in the route's normal reply shape.
 */
export type CurrentReply<T> = (db: DB) => Promise<T>;

async function replay<T>(db: DB, stored: StoredReply, hash: string, current: CurrentReply<T>): Promise<WriteReply<T>> {
  if (stored.request_hash !== hash) throw unprocessable({ idempotency_key: [KEY_REUSED] });
  if (stored.reply === null) return { status: 200, body: await current(db) };
  return { status: stored.status_code, body: JSON.parse(stored.reply) as T };
}

/** The reply to a repeat of the write (its record already there), or null when the write is not a repeat. */
export type RepeatReply<T> = (trx: DB) => Promise<WriteReply<T> | null>;

/**
 * Runs one lending write (see the top of this file). The effect must only write through ctx.trx; `current` reads
 * the record's reply as it is now, for a late repeat whose stored reply was pruned; `repeat` answers a repeat that
 * writes nothing.
 */
export async function runWrite<T>(
  db: DB,
  auth: AuthContext,
  wk: WriteKey,
  effect: (ctx: WriteContext) => Promise<WriteReply<T>>,
  current: CurrentReply<T>,
  repeat?: RepeatReply<T>,
): Promise<WriteReply<T>> {
  const companyId = auth.companyId;
  for (let attempt = 1; ; attempt++) {
    if (wk.key !== null) {
      const stored = await findStoredReply(db, companyId, auth.user.id, wk.key);
      if (stored) return replay<T>(db, stored, wk.hash, current);
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (wk.key !== null) {
          await claimKey(trx, {
            company_id: companyId,
            user_id: auth.user.id,
            key: wk.key,
            method: wk.method,
            path: wk.path,
            request_hash: wk.hash,
            status_code: 0,
            reply: '',
            created_at: now,
          });
        }
        const answer = async (): Promise<WriteReply<T>> => {
          const early = repeat ? await repeat(trx) : null;
          if (early) return early;
          const version = await bumpVersion(trx, companyId);
          return (repeat ? await repeat(trx) : null) ?? (await effect({ trx, version, now }));
        };
        const result = await answer();
        if (wk.key !== null) await storeReply(trx, companyId, auth.user.id, wk.key, result.status, JSON.stringify(result.body));
        return result;
      });
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}
