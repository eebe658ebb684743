import { errorReplySchema } from '@kalinga/contracts/common';
import { loanListQuerySchema, loanListReplySchema, loanReplySchema } from '@kalinga/contracts/lending/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { canView, common, readErrors, uuidParams } from './lending-routes-common';
import { getLoan, listLoans } from './loan.service';

// The loans' reads; their writes are the lending operations' routes (lending-operations.ts).

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/loans', {
    preHandler: canView,
    schema: { summary: 'Lists the pawn loans, filtered and paged.', operationId: 'listLoans', ...common('loans'), querystring: loanListQuerySchema, response: { 200: loanListReplySchema, ...readErrors } },
    handler: async (request) => listLoans(app.db, authOf(request), request.query),
  });

  app.get('/api/loans/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows one pawn loan.', operationId: 'getLoan', ...common('loans'), params: uuidParams, response: { 200: loanReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getLoan(app.db, authOf(request), request.params.uuid) }),
  });
};
