import { companiesReplySchema } from '@kalinga/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, signedIn } from '../../plugins/auth';
import { listCompaniesOfUser } from './company.repository';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/companies', {
    preHandler: signedIn,
    schema: { tags: ['companies'], security: [{ bearer: [] }], response: { 200: companiesReplySchema } },
    handler: async (request) => {
      const rows = await listCompaniesOfUser(app.db, authOf(request).user.id);
      return { data: rows.map((c) => ({ id: c.id, name: c.name, pivot: { is_default: c.is_default === 1 } })) };
    },
  });
};
