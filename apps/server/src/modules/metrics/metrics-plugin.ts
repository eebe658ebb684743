import type { FastifyInstance } from 'fastify';
import { liveConnectionCount } from '../sync/live-changes';

/** Routes whose answer lasts as long as the device stays (the live stream of changes, decision 0325): not timed. */
const LONG_LIVED = new Set(['/api/sync/events']);

/**
 * GET /metrics for Prometheus (decision 0331). Off without METRICS_TOKEN: the path answers 404 as an unknown one
 * would (never the web app's page), and prom-client is not even loaded. With it, every answered request is timed by
 * its route's pattern, and a scrape needs `Authorization: Bearer <METRICS_TOKEN>`. Registered before the feature
 * modules, so the timing hook covers their routes.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.status(404).send({ message: 'Route GET /metrics not found.' }));
    return;
  }
  const { checkMetricsToken, createServerMetrics } = await import('./metrics.service');
  const metrics = createServerMetrics(app.db, { connectedDevices: liveConnectionCount });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && LONG_LIVED.has(route)) return;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime);
  });
  app.get('/metrics', {
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      checkMetricsToken(request.headers.authorization, token);
      return reply.type(metrics.contentType).header('Cache-Control', 'no-store').send(await metrics.scrape());
    },
  });
}
