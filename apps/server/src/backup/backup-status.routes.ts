import { backupStatusSchema } from '@kalinga/contracts/backups';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../lib/auth-context';
import { backupStatusFor } from './backup-status';

/**
 * GET /api/backups/status, for the administrators ('manage users', the permission that edits the site settings) of
 * the server's own company (serverCompanyId): the archive holds every company, its size and errors are the server's.
 */
export const backupStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/backups/status', {
    preHandler: needs('manage users'),
    schema: { summary: "Shows the server's backups: the one running, the last that succeeded, and the schedule.", operationId: 'getBackupStatus', tags: ['settings'], security: [{ bearer: [] }], response: { 200: backupStatusSchema, 401: errorReplySchema, 403: errorReplySchema } },
    handler: async (request) => backupStatusFor(app.db, authOf(request).companyId, app.config.backup),
  });
};
