import type { PermissionName } from '@kalinga/contracts/common';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyRow, UserRow } from '../db/tables';
import { forbidden, unauthenticated } from '../lib/http-errors';
import { parseId } from '../lib/input-limits';
import { findSession, touchToken } from '../modules/auth/token.repository';
import { expiryFrom, hashToken } from '../modules/auth/tokens';

/** Who is calling, in which company, with what rights: loaded fresh on every request. */
export interface AuthContext {
  user: UserRow;
  tokenId: number;
  company: Pick<CompanyRow, 'id' | 'name' | 'timezone'>;
  companyId: number;
  roles: string[];
  permissions: Set<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (login, register, health, docs). */
    public?: boolean;
  }
}

// Refreshing last_used_at on every call would write on every read; once a minute is enough for a 7-day idle expiry.
const TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Authenticates every /api route that is not marked public, and resolves the company (X-Company-Id). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('authContext', null);
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config?.public || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    request.authContext = await authenticate(app, request);
  });
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
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

/** The signed-in caller; only for routes that are not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw unauthenticated();
  return request.authContext;
}

/** preHandler: the caller must hold this permission in the current company. */
export function needs(permission: PermissionName): preHandlerAsyncHookHandler {
  return async function needsPermission(request) {
    if (!authOf(request).permissions.has(permission)) throw forbidden();
  };
}

/** preHandler: only a signed-in user, no particular permission (profile, companies, counselor list). */
export const signedIn: preHandlerAsyncHookHandler = async function signedIn(request) {
  authOf(request);
};

/** preHandler: only counselors (user_type counselor, or holding the counselor role). */
export const counselorOnly: preHandlerAsyncHookHandler = async function counselorOnly(request) {
  if (!isCounselor(authOf(request))) throw forbidden('Only counselors can do this.');
};

export function isCounselor(auth: AuthContext): boolean {
  return auth.user.user_type === 'counselor' || auth.roles.includes('counselor');
}
