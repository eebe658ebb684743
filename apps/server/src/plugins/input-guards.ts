import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, HTTPMethods, RouteOptions } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { jsonTooDeep, NESTED_TOO_DEEPLY, refuseNul } from '../lib/input-limits';

/** A route as registered: its methods and URL pattern (`/api/users/:id`), with its options. */
export interface RouteEntry {
  methods: HTTPMethods[];
  url: string;
  options: RouteOptions;
}

const catalogues = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route the app registered, in order (the fuzz test walks them all, including ones added later). */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return catalogues.get(app) ?? [];
}

/**
 * Limits that hold for every route before its own validation runs (docs/decisions/0076-input-limits.md):
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed, and a NUL
 * character anywhere in the params, query or body is refused with 422 on both databases.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (options) => {
    routes.push({ methods: ([] as HTTPMethods[]).concat(options.method), url: options.url, options });
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) return done(new HttpError(422, NESTED_TOO_DEEPLY), undefined);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    letRefusedBodyFinish(request.raw, request.headers['content-length'], reply);
    return payload;
  });
}

/** Bytes of a refused body still read, and dropped, after the answer (docs/decisions/0229-refused-bodies-readable.md). */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * Fastify answers a body it refuses (413 over the size limit, a wrong length) at once and closes the connection: a
 * client still uploading then meets a reset and never reads the answer. Instead the connection stays open and the
 * rest of the body is read and dropped (Node reads what a finished reply left unread), so the client finishes sending
 * and reads the status; past DRAIN_LIMIT the connection is closed after all.
 */
function letRefusedBodyFinish(raw: IncomingMessage, declaredLength: string | undefined, reply: FastifyReply): void {
  if (raw.complete || !/^close$/i.test(String(reply.getHeader('connection') ?? ''))) return;
  if (Number(declaredLength) > DRAIN_LIMIT) return;
  reply.removeHeader('connection');
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) raw.socket.destroy();
  });
}
