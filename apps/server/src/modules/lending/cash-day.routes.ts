import { cashDayCloseSchema, cashDayListQuerySchema, cashDayListReplySchema, cashDayOpenSchema, cashDayReplySchema } from '@kalinga/contracts/cash-days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { closeCashDay, getCashDay, listCashDays, openCashDay } from './cash-day.service';
import { writeKeyOf } from './idempotency';
import { canManage, common, readErrors, routeOf, uuidParams, writeErrors } from './lending-routes-common';

// The clerk's cash day: open with a float, read the position, close with the count (decision 0188).

export const cashDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/cash-days', {
    preHandler: canManage,
    schema: { summary: "Finds the signed-in clerk's cash day of a date.", operationId: 'listCashDays', ...common('cash days'), querystring: cashDayListQuerySchema, response: { 200: cashDayListReplySchema, ...readErrors } },
    handler: async (request) => listCashDays(app.db, authOf(request), request.query.day),
  });

  app.get('/api/cash-days/:uuid', {
    preHandler: canManage,
    schema: { summary: "Shows one of the signed-in clerk's cash days and its cash position so far.", operationId: 'getCashDay', ...common('cash days'), params: uuidParams, response: { 200: cashDayReplySchema, ...readErrors, 404: writeErrors[404] } },
    handler: async (request) => getCashDay(app.db, authOf(request), request.params.uuid),
  });

  app.route({
    ...routeOf('OPEN_CASH_DAY'),
    preHandler: canManage,
    schema: { summary: "Opens the signed-in clerk's cash day with its float.", operationId: 'openCashDay', ...common('cash days'), body: cashDayOpenSchema, response: { 200: cashDayReplySchema, 201: cashDayReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await openCashDay(app.db, authOf(request), writeKeyOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });

  app.route({
    ...routeOf('CLOSE_CASH_DAY'),
    preHandler: canManage,
    schema: { summary: 'Closes a cash day with the counted cash and records any difference.', operationId: 'closeCashDay', ...common('cash days'), params: uuidParams, body: cashDayCloseSchema, response: { 200: cashDayReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const result = await closeCashDay(app.db, authOf(request), writeKeyOf(request), request.params.uuid, request.body);
      return reply.status(result.status).send(result.body);
    },
  });
};
