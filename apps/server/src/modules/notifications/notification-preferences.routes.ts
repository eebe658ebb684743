import { errorReplySchema } from '@kalinga/contracts/common';
import { notificationPreferencesBodySchema, notificationPreferencesSchema } from '@kalinga/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, signedIn } from '../../lib/auth-context';
import { readPreferences, writePreferences } from './notification-preferences.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['notifications'], security: [{ bearer: [] }] };

// A user's own choices, like the profile: signing in is the only permission needed.
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/notification-preferences', {
    preHandler: signedIn,
    schema: { summary: 'Shows which notifications the signed-in user receives by email.', operationId: 'getNotificationPreferences', ...common, response: { 200: notificationPreferencesSchema, ...errors } },
    handler: async (request) => readPreferences(app.db, authOf(request)),
  });

  app.put('/api/me/notification-preferences', {
    preHandler: signedIn,
    schema: { summary: 'Chooses which notifications the signed-in user receives by email.', operationId: 'updateNotificationPreferences', ...common, body: notificationPreferencesBodySchema, response: { 200: notificationPreferencesSchema, ...errors } },
    handler: async (request) => writePreferences(app.db, authOf(request), request.body),
  });
};
