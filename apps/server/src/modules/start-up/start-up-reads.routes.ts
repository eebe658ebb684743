import { errorReplySchema } from '@kalinga/contracts/common';
import { START_UP_READS_PATH, type StartUpReply, startUpReadsQuerySchema, startUpReadsReplySchema } from '@kalinga/contracts/start-up-reads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../lib/auth-context';

/** The request's headers each read is asked with: the session, the company, the language, nothing else. */
const PASSED_HEADERS = ['authorization', 'x-company-id', 'accept-language'] as const;

/**
 * GET /api/start-up-reads (decision 0381): the reads a page's start-up script sends before the app's code has
 * arrived, in one request instead of one each. Each read is answered as if it had been asked on its own, with this
 * request's session, company, language and address: its own sign-in check, permission, company scope, rate limit
 * and access record. A read this request's user may not make is answered with its refusal, as it would be alone.
 */
export const startUpReadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(START_UP_READS_PATH, {
    preHandler: signedIn,
    schema: {
      summary: "Answers the page start-up's reads together, each as if asked on its own.", operationId: 'getStartUpReads',
      tags: ['auth'],
      security: [{ bearer: [] }],
      querystring: startUpReadsQuerySchema,
      response: { 200: startUpReadsReplySchema, 401: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request, reply) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of PASSED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const replies = await Promise.all(
        request.query.url.map(async (url): Promise<StartUpReply> => {
          const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
          return { url, status: answer.statusCode, type: String(answer.headers['content-type'] ?? ''), body: answer.body };
        }),
      );
      void reply.header('cache-control', 'no-store');
      return { replies };
    },
  });
};
