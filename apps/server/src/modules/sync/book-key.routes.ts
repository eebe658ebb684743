import { errorReplySchema } from '@kalinga/contracts/common';
import { bookKeyQuerySchema, bookKeyReplySchema } from '@kalinga/contracts/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { bookKeysOf } from './book-key';

/**
 * GET /api/sync/book-key (decision 0375): the key the web seals pawners' ID numbers in its offline book with, for the
 * signed-in user in the company the request names. Never kept by a cache on the way.
 */
export const bookKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sync/book-key', {
    preHandler: needs('view lending'),
    schema: {
      summary: "Sends the signed-in user's key to their offline lending book in this company.", operationId: 'getBookKey',
      tags: ['sync'],
      security: [{ bearer: [] }],
      querystring: bookKeyQuerySchema,
      response: { 200: bookKeyReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request, reply) => {
      const { user, companyId } = authOf(request);
      void reply.header('cache-control', 'no-store');
      return { data: bookKeysOf(app.contentKeys, user.id, companyId) };
    },
  });
};
