import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    config: { public: true },
    schema: { summary: 'Tells whether the server and its database answer.', operationId: 'getHealth', tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => checkHealth(app.db),
  });
};
