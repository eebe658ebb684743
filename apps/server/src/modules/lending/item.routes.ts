import {
  itemCreateSchema,
  itemListQuerySchema,
  itemListReplySchema,
  itemReplySchema,
  itemUpdateSchema,
  markSoldSchema,
  processForfeitedSchema,
  transactionListQuerySchema,
  transactionListReplySchema,
} from '@kalinga/contracts/lending';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { writeKeyOf } from './idempotency';
import { createItem, listItems, markAsSold, processForfeited, updateItem } from './item.service';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { listTransactions } from './transaction.service';

export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/items', {
    preHandler: canView,
    schema: { ...common('items'), querystring: itemListQuerySchema, response: { 200: itemListReplySchema, ...readErrors } },
    handler: async (request) => listItems(app.db, authOf(request), request.query),
  });

  app.post('/api/items', {
    preHandler: canManage,
    schema: { ...common('items'), body: itemCreateSchema, response: { 200: itemReplySchema, 201: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createItem(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.put('/api/items/:uuid', {
    preHandler: canManage,
    schema: { ...common('items'), params: uuidParams, body: itemUpdateSchema, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateItem(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.put('/api/items/:uuid/process-forfeited', {
    preHandler: canManage,
    schema: { ...common('items'), params: uuidParams, body: processForfeitedSchema, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await processForfeited(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.post('/api/items/:uuid/mark-as-sold', {
    preHandler: canManage,
    schema: { ...common('items'), params: uuidParams, body: markSoldSchema, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await markAsSold(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.get('/api/transactions', {
    preHandler: canView,
    schema: { ...common('transactions'), querystring: transactionListQuerySchema, response: { 200: transactionListReplySchema, ...readErrors } },
    handler: async (request) => listTransactions(app.db, authOf(request), request.query),
  });
};
