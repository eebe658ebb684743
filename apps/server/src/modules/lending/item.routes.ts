import {
  itemListQuerySchema,
  itemListReplySchema,
  itemReplySchema,
  transactionListQuerySchema,
  transactionListReplySchema,
  transactionReverseReplySchema,
  transactionReverseSchema,
} from '@kalinga/contracts/lending';
import { LENDING_OPERATIONS } from '@kalinga/contracts/lending-operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { writeKeyOf } from './idempotency';
import { createItem, listItems, markAsSold, processForfeited, updateItem } from './item.service';
import { canManage, canView, common, readErrors, routeOf, uuidParams, writeErrors } from './lending-routes-common';
import { listTransactions, reverseTransaction } from './transaction.service';

export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/items', {
    preHandler: canView,
    schema: { summary: 'Lists the pawned items, filtered and paged.', operationId: 'listItems', ...common('items'), querystring: itemListQuerySchema, response: { 200: itemListReplySchema, ...readErrors } },
    handler: async (request) => listItems(app.db, authOf(request), request.query),
  });

  app.route({
    ...routeOf('CREATE_ITEM'),
    preHandler: canManage,
    schema: { summary: 'Records a pawned item; a repeat with the same Idempotency-Key replays the first reply.', operationId: 'createItem', ...common('items'), body: LENDING_OPERATIONS.CREATE_ITEM.body, response: { 200: itemReplySchema, 201: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createItem(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('UPDATE_ITEM'),
    preHandler: canManage,
    schema: { summary: "Changes a pawned item's details.", operationId: 'updateItem', ...common('items'), params: uuidParams, body: LENDING_OPERATIONS.UPDATE_ITEM.body, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateItem(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('PROCESS_FORFEITED_ITEM'),
    preHandler: canManage,
    schema: { summary: 'Takes a forfeited item into stock for sale.', operationId: 'processForfeitedItem', ...common('items'), params: uuidParams, body: LENDING_OPERATIONS.PROCESS_FORFEITED_ITEM.body, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await processForfeited(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('MARK_ITEM_SOLD'),
    preHandler: canManage,
    schema: { summary: 'Marks a forfeited item as sold.', operationId: 'markItemSold', ...common('items'), params: uuidParams, body: LENDING_OPERATIONS.MARK_ITEM_SOLD.body, response: { 200: itemReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await markAsSold(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.get('/api/transactions', {
    preHandler: canView,
    schema: { summary: "Lists the cash register's transactions, filtered and paged.", operationId: 'listTransactions', ...common('transactions'), querystring: transactionListQuerySchema, response: { 200: transactionListReplySchema, ...readErrors } },
    handler: async (request) => listTransactions(app.db, authOf(request), request.query),
  });

  // The register's only write after the fact: a reversing entry beside the original (decision 0187).
  app.post('/api/transactions/:uuid/reverse', {
    preHandler: canManage,
    schema: {
      summary: 'Reverses a transaction with a reversing entry beside it.', operationId: 'reverseTransaction',
      ...common('transactions'),
      params: uuidParams,
      body: transactionReverseSchema,
      response: { 200: transactionReverseReplySchema, 201: transactionReverseReplySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const result = await reverseTransaction(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });
};
