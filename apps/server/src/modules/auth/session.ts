import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, unauthenticated } from '../../lib/http-errors';
import { parseId } from '../../lib/input-limits';
import { expiryFrom, hashToken } from '../../lib/tokens';
import { findSession, touchToken } from './token.repository';

// Refreshing last_used_at on every call would write on every read; once a minute is enough for a 7-day idle expiry.
const TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

type SessionRows = Awaited<ReturnType<typeof findSession>>;

/** The auth of a lookup's rows (token not expired, user active, a member of the company), or the refusal to throw. */
function authOfRows(rows: SessionRows, tokenHash: string, requested: number | null, now: string): AuthContext | Error {
  const found = rows[0];
  if (!found || found.token_expires_at <= now) return unauthenticated();
  if (found.status !== 'active') return unauthenticated('Your account is inactive.');
  const {
    token_id,
    token_expires_at: _e,
    token_last_used_at: _l,
    company_id: companyId,
    company_name: companyName,
    company_timezone: companyTimezone,
    role_id: _r,
    role: _role,
    permission: _p,
    ...user
  } = found;
  if (companyId === null || companyName === null || companyTimezone === null) {
    return forbidden(requested === null ? 'You do not belong to any company.' : 'You do not belong to this company.');
  }
  const roles = new Set<string>();
  const permissions = new Set<string>();
  for (const row of rows) {
    if (row.role !== null) roles.add(row.role);
    if (row.permission !== null) permissions.add(row.permission);
  }
  return {
    user,
    tokenId: token_id,
    tokenHash,
    company: { id: companyId, name: companyName, timezone: companyTimezone },
    companyId,
    roles: [...roles],
    permissions,
  };
}

/**
 * The session of a token's hash in a company as the database has it now, or null when it is not signed in there
 * (expired, inactive, not a member): what a change stream is checked against (docs/decisions/0361-session-cache.md).
 */
export async function sessionOf(db: DB, tokenHash: string, companyId: number): Promise<AuthContext | null> {
  const auth = authOfRows(await findSession(db, tokenHash, companyId), tokenHash, companyId, new Date().toISOString());
  return auth instanceof Error ? null : auth;
}

/**
 * Resolves the caller of an /api request: bearer token, user, and the company (X-Company-Id) with its roles. A
 * session looked up in the last few seconds is taken from this instance's cache while its invalidations are heard
 * (docs/decisions/0361-session-cache.md); only a signed-in answer is kept, never a refusal.
 */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const header = request.headers['x-company-id'];
  const raw = Array.isArray(header) ? header[0] : header;
  let requested: number | null = null;
  let badCompany = false;
  if (raw !== undefined && raw !== '') {
    // A positive 32-bit integer, checked before any query (docs/decisions/0076-input-limits.md).
    requested = parseId(raw.trim());
    badCompany = requested === null;
  }
  const tokenHash = hashToken(token);
  const key = badCompany ? null : `${tokenHash}:${requested ?? ''}`;
  const now = new Date();
  const nowIso = now.toISOString();
  const cache = app.sessionCache;
  const kept = key === null ? undefined : cache.get(key, now.getTime());
  if (key !== null && kept && kept.tokenExpiresAt > nowIso) {
    if (await touchWhenDue(app.db, kept.auth.tokenId, kept.tokenLastUsedAt, now)) cache.touched(key, nowIso, expiryFrom(now));
    return kept.auth;
  }
  const mark = cache.mark();
  // One round trip: token, user, membership, roles and permissions (docs/decisions/0025).
  const rows = await findSession(app.db, tokenHash, badCompany ? null : requested);
  const found = rows[0];
  if (!found || found.token_expires_at <= nowIso) throw unauthenticated();
  if (found.status !== 'active') throw unauthenticated('Your account is inactive.');
  const touched = await touchWhenDue(app.db, found.token_id, found.token_last_used_at, now);
  if (badCompany) throw forbidden('You do not belong to this company.');
  const auth = authOfRows(rows, tokenHash, requested, nowIso);
  if (auth instanceof Error) throw auth;
  if (key !== null) {
    const session = touched
      ? { auth, tokenExpiresAt: expiryFrom(now), tokenLastUsedAt: nowIso }
      : { auth, tokenExpiresAt: found.token_expires_at, tokenLastUsedAt: found.token_last_used_at };
    cache.put(key, mark, session, now.getTime());
  }
  return auth;
}

/** Refreshes the token's last use once a minute at most; true when it did. */
async function touchWhenDue(db: DB, tokenId: number, lastUsedAt: string, now: Date): Promise<boolean> {
  if (now.getTime() - Date.parse(lastUsedAt) <= TOUCH_INTERVAL_MS) return false;
  await touchToken(db, tokenId, now.toISOString(), expiryFrom(now));
  return true;
}
