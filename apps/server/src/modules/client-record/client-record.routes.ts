import { accessLogQuerySchema, accessLogReplySchema, breakGlassBodySchema, breakGlassReplySchema, clientIdParamsSchema, clinicalGrantsReplySchema } from '@kalinga/contracts/client-access';
import { errorReplySchema, pageQuerySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIn } from '@kalinga/contracts/zone-time';
import { z } from 'zod';
import { authOf, needs } from '../../lib/auth-context';
import { accessLog, accessLogCsv, clinicalGrants } from './access-log.service';
import { readerLanguage } from '../../lib/i18n';
import { breakGlass } from './break-glass';

// Break the glass (decision 0203) and the privacy officer's Access log (decision 0204).

const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const clientRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/clients/:id/break-glass', {
    preHandler: needs('view screenings'),
    schema: {
      summary: "Opens a client's file outside the care team, with a reason, for the site's set hours.",
      operationId: 'breakGlass',
      tags: ['client-record'],
      security,
      params: clientIdParamsSchema,
      body: breakGlassBodySchema,
      response: { 201: breakGlassReplySchema, 200: breakGlassReplySchema, 409: errorReplySchema, ...errors },
    },
    handler: async (request, reply) => {
      const { grant, created } = await breakGlass(app.db, authOf(request), request.params.id, request.body.reason);
      return reply.code(created ? 201 : 200).send({ data: grant });
    },
  });

  app.get('/api/access-log', {
    preHandler: needs('view access log'),
    schema: { summary: "Lists who opened which client's record, newest first.", operationId: 'listAccessLog', tags: ['client-record'], security, querystring: accessLogQuerySchema, response: { 200: accessLogReplySchema, ...errors } },
    handler: async (request) => accessLog(app.db, authOf(request), request.query),
  });

  app.get('/api/access-log/grants', {
    preHandler: needs('view access log'),
    schema: { summary: 'Lists who was given clinical access or the access log, by whom and when.', operationId: 'listClinicalGrants', tags: ['client-record'], security, querystring: pageQuerySchema, response: { 200: clinicalGrantsReplySchema, ...errors } },
    handler: async (request) => clinicalGrants(app.db, authOf(request), request.query, readerLanguage(request)),
  });

  app.get('/api/access-log/export', {
    preHandler: needs('view access log'),
    schema: { summary: 'Downloads the filtered access log as CSV.', operationId: 'exportAccessLog', tags: ['client-record'], security, querystring: accessLogQuerySchema, response: { 200: z.string(), ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const csv = await accessLogCsv(app.db, auth, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="access-log-${todayIn(auth.company.timezone)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
