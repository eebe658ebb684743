import { errorReplySchema } from '@kalinga/contracts/common';
import { markReadBodySchema, notificationListQuerySchema, notificationListReplySchema } from '@kalinga/contracts/notifications';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, signedIn } from '../../lib/auth-context';
import { inboxEtag, listNotifications, markNotificationsRead } from './notification-inbox.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['notifications'], security: [{ bearer: [] }] };

/** Whether an If-None-Match header names this ETag (a list, or `*`; weak comparison). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

// Every signed-in member has an inbox of their own: no permission beyond signing in, and only their own rows.
export const notificationInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notifications', {
    preHandler: signedIn,
    schema: { summary: "Lists the signed-in user's notifications, newest first.", operationId: 'listNotifications', ...common, querystring: notificationListQuerySchema, response: { 200: notificationListReplySchema, ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { before, limit } = request.query;
      const etag = await inboxEtag(app.db, auth, before, limit);
      reply.header('ETag', etag);
      // No body at all (not even `null` with its length): a 304 reply has none. The untyped reply allows an empty send.
      if (matches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      return listNotifications(app.db, auth, before, limit);
    },
  });

  app.post('/api/notifications/read', {
    preHandler: signedIn,
    schema: { summary: "Marks the signed-in user's notifications as read.", operationId: 'markNotificationsRead', ...common, body: markReadBodySchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await markNotificationsRead(app.db, authOf(request), request.body);
      return reply.code(204).send(null);
    },
  });
};
