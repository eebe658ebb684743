import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './health.service';
import { checkReadiness } from './readiness.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    config: { public: true },
    schema: { summary: 'Tells whether the server and its database answer.', operationId: 'getHealth', tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => checkHealth(app.db),
  });

  // For a load balancer or an orchestrator (decision 0331): 503 says only "not now"; the cause goes to the log.
  app.get('/api/ready', {
    config: { public: true },
    schema: {
      summary: 'Tells whether this instance can serve: its database answers, is fully migrated, and its object storage answers.',
      operationId: 'getReadiness',
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable') }) },
    },
    handler: async (request, reply) => {
      // Object storage only when it is a bucket: a folder of this machine's own is not a dependency that can be away.
      const images = app.images;
      const readiness = await checkReadiness(app.db, { storage: images.kind === 's3' ? () => images.check() : undefined });
      reply.header('Cache-Control', 'no-store');
      if (readiness.ready) return { status: 'ready' as const };
      request.log.warn({ cause: readiness.cause }, `not ready: ${readiness.cause}: ${readiness.detail}`);
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  });
};
