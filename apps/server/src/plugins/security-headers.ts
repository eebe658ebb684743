import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers that only act on a document (a page, or a script run as a worker): a built stylesheet, image, manifest or
 * JSON file does not carry them (decision 0288). API replies and uploads keep theirs.
 */
const DOCUMENT_ONLY = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster'];
/** Files a browser never runs as a page or a worker: stylesheets, raster images, fonts, the manifest and JSON files. */
const inertFile = (type: unknown) => typeof type === 'string' && /^(text\/css|image\/(?!svg)|font\/|application\/(manifest\+)?json)/.test(type);
/**
 * A built script the page imports as a module (`Sec-Fetch-Dest: script`): a page's CSP governs it, its own does not.
 * The same file asked for as a worker (`worker`, `serviceworker`) keeps them: a worker's CSP is its script's.
 */
const importedScript = (url: string, destination: unknown) => destination === 'script' && /^\/assets\/[\w.-]+\.js$/.test(url);

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
    // Obsolete in every browser the app supports (no XSS auditor, no IE download prompt, no Flash or Acrobat
    // policy files); DNS prefetching of the app's own links is harmless. Each reply's headers count in what a phone
    // downloads, which on the sign-in page is budgeted to the kilobyte (decision 0288).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', HSTS);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    const builtFile = !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (builtFile && (inertFile(reply.getHeader('content-type')) || importedScript(request.url, request.headers['sec-fetch-dest']))) {
      for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
    }
    return payload;
  });
}
