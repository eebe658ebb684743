import { errorReplySchema } from '@kalinga/contracts/common';
import {
  loanActionReplySchema,
  loanListQuerySchema,
  loanListReplySchema,
  loanReplySchema,
} from '@kalinga/contracts/lending';
import { LENDING_OPERATIONS } from '@kalinga/contracts/lending-operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { writeKeyOf } from './idempotency';
import { canManage, canView, common, readErrors, routeOf, uuidParams, writeErrors } from './lending-routes-common';
import { forfeitLoan, redeemLoan, renewLoan } from './loan-actions.service';
import { extendLoan } from './loan-extension.service';
import { createLoan, getLoan, listLoans, updateLoan } from './loan.service';

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

  app.route({
    ...routeOf('CREATE_LOAN'),
    preHandler: canManage,
    schema: { summary: 'Grants a pawn loan on an item; a repeat with the same Idempotency-Key replays the first reply.', operationId: 'createLoan', ...common('loans'), body: LENDING_OPERATIONS.CREATE_LOAN.body, response: { 200: loanReplySchema, 201: loanReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await createLoan(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('UPDATE_LOAN'),
    preHandler: canManage,
    schema: { summary: "Changes a pawn loan's details.", operationId: 'updateLoan', ...common('loans'), params: uuidParams, body: LENDING_OPERATIONS.UPDATE_LOAN.body, response: { 200: loanReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await updateLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('RENEW_LOAN'),
    preHandler: canManage,
    schema: { summary: 'Renews a pawn loan: the interest is paid and a new term starts.', operationId: 'renewLoan', ...common('loans'), params: uuidParams, body: LENDING_OPERATIONS.RENEW_LOAN.body, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await renewLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('EXTEND_LOAN'),
    preHandler: canManage,
    schema: {
      ...common('loans'),
      summary: 'Extends a pawn loan by one term on the same ticket: the interest due is paid.',
      description: 'Decision 0189. 409 when the loan is not active, expired, its category does not allow it, it was extended meanwhile, or the cash day is closed.',
      operationId: 'extendLoan',
      params: uuidParams,
      body: LENDING_OPERATIONS.EXTEND_LOAN.body,
      response: { 200: loanActionReplySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const result = await extendLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('REDEEM_LOAN'),
    preHandler: canManage,
    schema: { summary: 'Redeems a pawn loan: it is paid off and the item goes back.', operationId: 'redeemLoan', ...common('loans'), params: uuidParams, body: LENDING_OPERATIONS.REDEEM_LOAN.body, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await redeemLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body ?? {});
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('FORFEIT_LOAN'),
    preHandler: canManage,
    schema: { summary: "Forfeits a pawn loan: the item becomes the shop's.", operationId: 'forfeitLoan', ...common('loans'), params: uuidParams, body: LENDING_OPERATIONS.FORFEIT_LOAN.body, response: { 200: loanActionReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await forfeitLoan(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body ?? {});
      return reply.status(result.status).send(result.body);
    },
  });
};
