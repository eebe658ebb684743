import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../lib/auth-context';

/**
 * Authenticates every /api route that is not marked public: `authenticate` (the auth module's session lookup,
 * handed in by app.ts) fills `request.authContext`, which `authOf` reads.
 */
export function registerAuth(app: FastifyInstance, authenticate: (app: FastifyInstance, request: FastifyRequest) => Promise<AuthContext>): void {
  app.decorateRequest('authContext', null);
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config?.public || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    request.authContext = await authenticate(app, request);
  });
}
