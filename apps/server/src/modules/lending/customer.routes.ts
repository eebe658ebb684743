import { errorReplySchema } from '@kalinga/contracts/common';
import { customerCreateSchema, customerListQuerySchema, customerListReplySchema, customerReplySchema, customerUpdateSchema } from '@kalinga/contracts/lending';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';
import { writeKeyOf } from './idempotency';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/customers', {
    preHandler: canView,
    schema: { ...common('customers'), querystring: customerListQuerySchema, response: { 200: customerListReplySchema, ...readErrors } },
    handler: async (request) => listCustomers(app.db, authOf(request), request.query),
  });

  app.get('/api/customers/:uuid', {
    preHandler: canView,
    schema: { ...common('customers'), params: uuidParams, response: { 200: customerReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getCustomer(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/customers', {
    preHandler: canManage,
    schema: { ...common('customers'), body: customerCreateSchema, response: { 200: customerReplySchema, 201: customerReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createCustomer(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.put('/api/customers/:uuid', {
    preHandler: canManage,
    schema: { ...common('customers'), params: uuidParams, body: customerUpdateSchema, response: { 200: customerReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateCustomer(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });
};
