import { cashDayListQuerySchema, cashDayListReplySchema, cashDayReplySchema } from '@kalinga/contracts/cash-days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { getCashDay, listCashDays } from './cash-day.service';
import { canManage, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';

// The clerk's cash day: open with a float, read the position, close with the count (decision 0188). Opening and
// closing are lending operations, routed from the operations table (lending-operations.ts).

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
};
