import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
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
}
