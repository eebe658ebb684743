import {
  seriesBodySchema,
  seriesParamsSchema,
  seriesPreviewReplySchema,
  seriesReplySchema,
  seriesUpdateBodySchema,
  seriesUpdateReplySchema,
} from '@kalinga/contracts/appointment-series';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, needs } from '../../lib/auth-context';
import { readerLanguage } from '../../lib/i18n';
import { createSeries, getSeries, previewSeries, seriesIcs } from './series.service';
import { updateSeries } from './series-update.service';

// Recurring sessions (decision 0150). Every route needs 'view appointments'; booking and changing a series is for
// counselors (their own) and managers (403 for clients); a series outside the caller's scope or company is 404.

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['appointments'], security: [{ bearer: [] }] };
const canView = needs('view appointments');

export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/appointment-series/preview', {
    preHandler: canView,
    schema: { summary: 'Previews the dates of a recurring series and which of them clash, without booking.', operationId: 'previewAppointmentSeries', ...common, body: seriesBodySchema, response: { 200: seriesPreviewReplySchema, ...errors } },
    handler: async (request) => ({ data: await previewSeries(app.db, authOf(request), request.body) }),
  });

  app.post('/api/appointment-series', {
    preHandler: canView,
    schema: { summary: 'Books a recurring series of appointments.', operationId: 'createAppointmentSeries', ...common, body: seriesBodySchema, response: { 201: seriesReplySchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createSeries(app.db, authOf(request), request.body) }),
  });

  app.get('/api/appointment-series/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows a recurring series and its appointments.', operationId: 'getAppointmentSeries', ...common, params: seriesParamsSchema, response: { 200: seriesReplySchema, ...errors } },
    handler: async (request) => ({ data: await getSeries(app.db, authOf(request), request.params.uuid) }),
  });

  app.put('/api/appointment-series/:uuid', {
    preHandler: canView,
    schema: { summary: 'Changes or cancels a recurring series from one session on, or all of it.', operationId: 'updateAppointmentSeries', ...common, params: seriesParamsSchema, body: seriesUpdateBodySchema, response: { 200: seriesUpdateReplySchema, ...errors } },
    handler: async (request) => updateSeries(app.db, authOf(request), request.params.uuid, request.body),
  });

  app.get('/api/appointment-series/:uuid/ics', {
    preHandler: canView,
    schema: { summary: 'Downloads a recurring series as an iCalendar (.ics) file.', operationId: 'getAppointmentSeriesIcs', ...common, params: seriesParamsSchema, produces: ['text/calendar'], response: { 200: z.string(), ...errors } },
    handler: async (request, reply) => {
      const { filename, body } = await seriesIcs(app.db, authOf(request), request.params.uuid, app.config.publicUrl, readerLanguage(request));
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
    },
  });
};
