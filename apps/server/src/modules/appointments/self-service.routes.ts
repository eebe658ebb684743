import { appointmentParamsSchema, appointmentReplySchema } from '@kalinga/contracts/appointments';
import { errorReplySchema } from '@kalinga/contracts/common';
import { clientCancelBodySchema, clientRescheduleBodySchema } from '@kalinga/contracts/self-service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { cancelOwnAppointment, rescheduleOwnAppointment } from './self-service.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['appointments'], security: [{ bearer: [] }] };

/** A client's own cancel and reschedule (decision 0057); counselors and managers keep PUT /api/appointments/{uuid}. */
export const selfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/appointments/:uuid/cancel', {
    preHandler: needs('view appointments'),
    schema: { summary: "Cancels one of the caller's own appointments.", operationId: 'cancelOwnAppointment', ...common, params: appointmentParamsSchema, body: clientCancelBodySchema, response: { 200: appointmentReplySchema, ...errors } },
    handler: async (request) => ({ data: await cancelOwnAppointment(app.db, authOf(request), request.params.uuid, request.body) }),
  });

  app.post('/api/appointments/:uuid/reschedule', {
    preHandler: needs('view appointments'),
    schema: { summary: "Moves one of the caller's own appointments to another free slot.", operationId: 'rescheduleOwnAppointment', ...common, params: appointmentParamsSchema, body: clientRescheduleBodySchema, response: { 200: appointmentReplySchema, ...errors } },
    handler: async (request) => ({ data: await rescheduleOwnAppointment(app.db, authOf(request), request.params.uuid, request.body) }),
  });
};
