import { errorReplySchema } from '@kalinga/contracts/common';
import { customerListQuerySchema, customerListReplySchema, customerReplySchema } from '@kalinga/contracts/lending';
import { LENDING_OPERATIONS } from '@kalinga/contracts/lending-operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';
import { writeKeyOf } from './idempotency';
import { canManage, canView, common, readErrors, routeOf, uuidParams, writeErrors } from './lending-routes-common';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/customers', {
    preHandler: canView,
    schema: { summary: 'Lists the pawn customers, filtered and paged.', operationId: 'listCustomers', ...common('customers'), querystring: customerListQuerySchema, response: { 200: customerListReplySchema, ...readErrors } },
    handler: async (request) => listCustomers(app.db, authOf(request), request.query),
  });

  app.get('/api/customers/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows one pawn customer.', operationId: 'getCustomer', ...common('customers'), params: uuidParams, response: { 200: customerReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getCustomer(app.db, authOf(request), request.params.uuid) }),
  });

  app.route({
    ...routeOf('CREATE_CUSTOMER'),
    preHandler: canManage,
    schema: { summary: 'Adds a pawn customer; a repeat with the same Idempotency-Key replays the first reply.', operationId: 'createCustomer', ...common('customers'), body: LENDING_OPERATIONS.CREATE_CUSTOMER.body, response: { 200: customerReplySchema, 201: customerReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createCustomer(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('UPDATE_CUSTOMER'),
    preHandler: canManage,
    schema: { summary: "Changes a pawn customer's details.", operationId: 'updateCustomer', ...common('customers'), params: uuidParams, body: LENDING_OPERATIONS.UPDATE_CUSTOMER.body, response: { 200: customerReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateCustomer(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });
};
