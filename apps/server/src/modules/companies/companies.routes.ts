import { companiesReplySchema } from '@kalinga/contracts/auth';
import { errorReplySchema } from '@kalinga/contracts/common';
import { setupStatusReplySchema } from '@kalinga/contracts/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { companiesOfUser, setupStatus } from './companies.service';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/companies', {
    preHandler: signedIn,
    schema: { summary: 'Lists the companies the signed-in user belongs to.', operationId: 'listMyCompanies', tags: ['companies'], security: [{ bearer: [] }], response: { 200: companiesReplySchema } },
    handler: async (request) => companiesOfUser(app.db, authOf(request).user.id),
  });

  // The administrator's first-run checklist on Appointments (decision 0056).
  app.get('/api/company/setup', {
    preHandler: needs('manage users'),
    schema: { summary: "Shows the administrator's first-run checklist.", operationId: 'getCompanySetup', tags: ['companies'], security: [{ bearer: [] }], response: { 200: setupStatusReplySchema, 403: errorReplySchema } },
    handler: async (request) => ({ data: await setupStatus(app.db, authOf(request).companyId) }),
  });
};
