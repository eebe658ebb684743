import {
  itemListQuerySchema,
  itemListReplySchema,
  transactionListQuerySchema,
  transactionListReplySchema,
  transactionReverseReplySchema,
  transactionReverseSchema,
} from '@kalinga/contracts/lending/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { writeKeyOf } from './idempotency';
import { listItems } from './item.service';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { listTransactions, reverseTransaction } from './transaction.service';

export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/items', {
    preHandler: canView,
    schema: { summary: 'Lists the pawned items, filtered and paged.', operationId: 'listItems', ...common('items'), querystring: itemListQuerySchema, response: { 200: itemListReplySchema, ...readErrors } },
    handler: async (request) => listItems(app.db, authOf(request), request.query),
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
