import { transferInputSchema, transferSchema } from '@kalinga/contracts/lending/branches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../lib/auth-context';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { receiveTransfer, sendItem, transferList } from './transfer.service';

// Sending an item to another branch's vault and receiving it there (docs/decisions/0303-item-transfers.md).

const oneReply = z.object({ data: transferSchema });

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/transfers', {
    preHandler: canView,
    schema: {
      summary: "Lists transfers from or to the caller's branches (a manager: every branch), newest first.",
      operationId: 'listTransfers',
      ...common('transfers'),
      querystring: z.object({ status: z.enum(['sent', 'received']).optional() }),
      response: { 200: z.object({ data: z.array(transferSchema) }), ...readErrors },
    },
    handler: async (request) => transferList(app.db, authOf(request), request.query.status),
  });

  app.post('/api/items/:uuid/transfer', {
    preHandler: canManage,
    schema: { summary: "Sends an item from its branch's vault to another branch (in transit until received).", operationId: 'sendItem', ...common('transfers'), params: uuidParams, body: transferInputSchema, response: { 200: oneReply, 201: oneReply, ...writeErrors } },
    handler: async (request, reply) => {
      const { status, body } = await sendItem(app.db, authOf(request), request.params.uuid, request.body);
      return reply.code(status).send(body);
    },
  });

  app.post('/api/transfers/:uuid/receive', {
    preHandler: canManage,
    schema: { summary: 'Receives a sent item into the vault of the branch it was sent to.', operationId: 'receiveTransfer', ...common('transfers'), params: uuidParams, response: { 200: oneReply, ...writeErrors } },
    handler: async (request) => receiveTransfer(app.db, authOf(request), request.params.uuid),
  });
};
