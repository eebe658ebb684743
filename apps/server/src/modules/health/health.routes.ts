import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    config: { public: true },
    schema: { summary: 'Tells whether the server and its database answer.', operationId: 'getHealth', tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    },
  });
};
