import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Resolves the caller of an /api request: bearer token, user, and the company (X-Company-Id) with its roles. */
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
  // One round trip: token, user, membership, roles and permissions (docs/decisions/0025).
  const rows = await findSession(app.db, hashToken(token), badCompany ? null : requested);
  const found = rows[0];
  const now = new Date();
  if (!found || found.token_expires_at <= now.toISOString()) throw unauthenticated();
  if (found.status !== 'active') throw unauthenticated('Your account is inactive.');
  if (now.getTime() - Date.parse(found.token_last_used_at) > TOUCH_INTERVAL_MS) {
    await touchToken(app.db, found.token_id, now.toISOString(), expiryFrom(now));
  }
  if (badCompany) throw forbidden('You do not belong to this company.');
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
    throw forbidden(requested === null ? 'You do not belong to any company.' : 'You do not belong to this company.');
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
    company: { id: companyId, name: companyName, timezone: companyTimezone },
    companyId,
    roles: [...roles],
    permissions,
  };
}

