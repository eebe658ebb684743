import { errorReplySchema } from '@kalinga/contracts/common';
import { settingsBodySchema, settingsSchema } from '@kalinga/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { readSettings, writeSettings } from './settings.service';

const security = [{ bearer: [] }];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every member reads them: the sidebar shows the site name and logo to everyone, the booking form the slot length.
  app.get('/api/settings', {
    preHandler: signedIn,
    schema: { summary: "Shows the company's settings.", operationId: 'getSettings', tags: ['settings'], security, response: { 200: settingsSchema } },
    handler: async (request) => readSettings(app, authOf(request)),
  });

  app.post('/api/settings', {
    preHandler: needs('manage users'),
    schema: {
      summary: "Changes the company's settings.", operationId: 'updateSettings',
      tags: ['settings'],
      security,
      body: settingsBodySchema,
      response: { 200: settingsSchema, 403: errorReplySchema, 413: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request) => writeSettings(app, authOf(request), request.body),
  });
};
