import type { PermissionName } from '@kalinga/contracts/common';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyRow, UserRow } from '../db/tables';
import { forbidden, unauthenticated } from '../lib/http-errors';
import { findMembership, rolesAndPermissions } from '../modules/companies/company.repository';
import { findTokenWithUser, touchToken } from '../modules/auth/token.repository';
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
  const found = await findTokenWithUser(app.db, hashToken(token));
  const now = new Date();
  if (!found || found.token_expires_at <= now.toISOString()) throw unauthenticated();
  if (found.status !== 'active') throw unauthenticated('Your account is inactive.');
  if (now.getTime() - Date.parse(found.token_last_used_at) > TOUCH_INTERVAL_MS) {
    await touchToken(app.db, found.token_id, now.toISOString(), expiryFrom(now));
  }
  const { token_id, token_expires_at: _e, token_last_used_at: _l, ...user } = found;

  const header = request.headers['x-company-id'];
  const raw = Array.isArray(header) ? header[0] : header;
  let requested: number | null = null;
  if (raw !== undefined && raw !== '') {
    requested = Number(raw);
    if (!Number.isInteger(requested) || requested <= 0) throw forbidden('You do not belong to this company.');
  }
  const membership = await findMembership(app.db, user.id, requested);
  if (!membership) throw forbidden(requested === null ? 'You do not belong to any company.' : 'You do not belong to this company.');
  const { roles, permissions } = await rolesAndPermissions(app.db, user.id, membership.id);
  return {
    user,
    tokenId: token_id,
    company: { id: membership.id, name: membership.name, timezone: membership.timezone },
    companyId: membership.id,
    roles,
    permissions: new Set(permissions),
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
