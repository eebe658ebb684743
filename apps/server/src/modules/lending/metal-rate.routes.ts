import { metalRateHistoryQuerySchema, metalRateHistoryReplySchema, metalRatesReplySchema, metalRatesSetSchema } from '@kalinga/contracts/lending/metal-rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { canManage, canView, common, readErrors } from './lending-routes-common';
import { getMetalRates, metalRateHistory, setMetalRates } from './metal-rate.service';

// The day's metal rates (decision 0306): the counter's appraisal reads them; a lending supervisor sets them.

export const metalRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/metal-rates', {
    preHandler: canView,
    schema: { summary: "Lists the rate in force for each metal and purity, and the company's today.", operationId: 'listMetalRates', ...common('metal rates'), response: { 200: metalRatesReplySchema, ...readErrors } },
    handler: async (request) => getMetalRates(app.db, authOf(request)),
  });

  app.get('/api/metal-rates/history', {
    preHandler: canView,
    schema: { summary: 'Lists every metal rate set, newest first.', operationId: 'listMetalRateHistory', ...common('metal rates'), querystring: metalRateHistoryQuerySchema, response: { 200: metalRateHistoryReplySchema, ...readErrors } },
    handler: async (request) => metalRateHistory(app.db, authOf(request), request.query.page, request.query.per_page),
  });

  app.put('/api/metal-rates', {
    preHandler: canManage,
    schema: {
      summary: "Sets today's rates of the metals and purities given; the others keep theirs.",
      description: "Decision 0306. Needs the lending manager's permission (manage branches); the rates are the acting branch's.",
      operationId: 'setMetalRates',
      ...common('metal rates'),
      body: metalRatesSetSchema,
      response: { 200: metalRatesReplySchema, ...readErrors },
    },
    handler: async (request) => setMetalRates(app.db, authOf(request), request.body),
  });
};
