import { errorReplySchema } from '@kalinga/contracts/common';
import {
  loanActionReplySchema,
  loanCreateSchema,
  loanForfeitSchema,
  loanListQuerySchema,
  loanListReplySchema,
  loanRedeemSchema,
  loanRenewSchema,
  loanReplySchema,
  loanUpdateSchema,
} from '@kalinga/contracts/lending';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { writeKeyOf } from './idempotency';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { forfeitLoan, redeemLoan, renewLoan } from './loan-actions.service';
import { createLoan, getLoan, listLoans, updateLoan } from './loan.service';

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/loans', {
    preHandler: canView,
    schema: { ...common('loans'), querystring: loanListQuerySchema, response: { 200: loanListReplySchema, ...readErrors } },
    handler: async (request) => listLoans(app.db, authOf(request), request.query),
  });

  app.get('/api/loans/:uuid', {
    preHandler: canView,
    schema: { ...common('loans'), params: uuidParams, response: { 200: loanReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getLoan(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/loans', {
    preHandler: canManage,
    schema: { ...common('loans'), body: loanCreateSchema, response: { 200: loanReplySchema, 201: loanReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createLoan(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.put('/api/loans/:uuid', {
    preHandler: canManage,
    schema: { ...common('loans'), params: uuidParams, body: loanUpdateSchema, response: { 200: loanReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.post('/api/loans/:uuid/renew', {
    preHandler: canManage,
    schema: { ...common('loans'), params: uuidParams, body: loanRenewSchema, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await renewLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.post('/api/loans/:uuid/redeem', {
    preHandler: canManage,
    schema: { ...common('loans'), params: uuidParams, body: loanRedeemSchema, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await redeemLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body ?? {});
      return reply.status(result.status).send(result.body);
    },
  });

  app.post('/api/loans/:uuid/forfeit', {
    preHandler: canManage,
    schema: { ...common('loans'), params: uuidParams, body: loanForfeitSchema, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await forfeitLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body ?? {});
      return reply.status(result.status).send(result.body);
    },
  });
};
