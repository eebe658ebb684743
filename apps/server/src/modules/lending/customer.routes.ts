import { errorReplySchema } from '@kalinga/contracts/common';
import { customerListQuerySchema, customerListReplySchema, customerReplySchema } from '@kalinga/contracts/lending/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { getCustomer, listCustomers } from './customer.service';
import { canView, common, readErrors, uuidParams } from './lending-routes-common';

// The customers' reads; their writes are the lending operations' routes (lending-operations.ts).

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/customers', {
    preHandler: canView,
    schema: { summary: 'Lists the pawn customers, filtered and paged.', operationId: 'listCustomers', ...common('customers'), querystring: customerListQuerySchema, response: { 200: customerListReplySchema, ...readErrors } },
    handler: async (request) => listCustomers(app.db, app.contentKeys, authOf(request), request.query),
  });

  app.get('/api/customers/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows one pawn customer.', operationId: 'getCustomer', ...common('customers'), params: uuidParams, response: { 200: customerReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getCustomer(app.db, app.contentKeys, authOf(request), request.params.uuid) }),
  });
};
