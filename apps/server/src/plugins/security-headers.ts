import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, as browsers' HSTS preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers, with the two that only make sense over HTTPS added only then: HSTS and CSP's
 * `upgrade-insecure-requests` would otherwise break the app on a plain-HTTP LAN address. "HTTPS"
 * is `request.protocol`: the socket itself, or X-Forwarded-Proto from a proxy TRUST_PROXY names.
 * Every API reply is `Cache-Control: no-store` unless its route chose otherwise: it holds one
 * user's data, which no shared or browser cache should keep. `scriptHashes`: the web app page's inline scripts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[] = []): Promise<void> {
  await app.register(helmet, {
    // The SPA loads its own bundles and images (and data: previews); the API docs need inline styles.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The page's own inline start-up script, by its hash (plugins/inline-scripts.ts).
        scriptSrc: ["'self'", ...scriptHashes],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', HSTS);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
