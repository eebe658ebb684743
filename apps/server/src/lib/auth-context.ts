import type { PermissionName } from '@kalinga/contracts/common';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyRow, UserRow } from '../db/tables';
import { forbidden, unauthenticated } from './http-errors';

/** Who is calling, in which company, with what rights: looked up on every request, or kept a few seconds (docs/decisions/0361-session-cache.md). */
export interface AuthContext {
  user: UserRow;
  tokenId: number;
  /** The token's hash as stored: the session's key, to look it up again (a change stream's re-check). */
  tokenHash: string;
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
