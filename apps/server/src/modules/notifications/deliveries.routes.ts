import { errorReplySchema } from '@kalinga/contracts/common';
import { type DeliveryListReply, deliveryListQuerySchema, deliveryListReplySchema } from '@kalinga/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { deliveriesOf } from './deliveries.service';

const security = [{ bearer: [] }];

/**
 * GET /api/notifications/deliveries: the company's notification emails for administrators (the permission that
 * edits the settings, 'manage users'; there is no separate 'manage settings'), and whether email is configured.
 */
export const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notifications/deliveries', {
    preHandler: needs('manage users'),
    schema: { summary: 'Lists the notification emails by delivery status, newest first.', operationId: 'listNotificationDeliveries', tags: ['notifications'], security, querystring: deliveryListQuerySchema, response: { 200: deliveryListReplySchema, 403: errorReplySchema, 422: errorReplySchema } },
    handler: async (request): Promise<DeliveryListReply> => deliveriesOf(app.db, authOf(request).companyId, request.query, app.config.email !== null),
  });
};
