import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text types worth compressing: HTML, CSS, JavaScript, JSON (API replies, the manifest), SVG, XML and
 * text/calendar. Not octet-stream (the plugin's default includes it) and never images or other binaries,
 * which are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/u;

/**
 * On-the-fly brotli/gzip for replies of 1 KB and more, with `Vary: Accept-Encoding` (decision 0095).
 * Registered before every route (the plugin hooks routes as they are added). A reply that already has a
 * Content-Encoding (the web app's pre-compressed .br/.gz files) is left as it is: no double compression.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
