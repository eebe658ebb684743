import { counselorCalendarQuerySchema, counselorCalendarReplySchema } from '@kalinga/contracts/calendar';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { counselorCalendar } from './calendar.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** The counselor's day and week calendar (docs/decisions/0058). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/appointments/calendar', {
    preHandler: needs('view appointments'),
    schema: {
      summary: "Shows a counselor's appointments and free slots over a run of days, for the calendar.", operationId: 'getCounselorCalendar',
      tags: ['appointments'],
      security: [{ bearer: [] }],
      querystring: counselorCalendarQuerySchema,
      response: { 200: counselorCalendarReplySchema, ...errors },
    },
    handler: async (request) => counselorCalendar(app.db, authOf(request), request.query),
  });
};
