import {
  appointmentCountsQuerySchema,
  appointmentCountsReplySchema,
  appointmentListQuerySchema,
  appointmentListReplySchema,
  appointmentMessageReplySchema,
  appointmentParamsSchema,
  appointmentReplySchema,
  availableDaysQuerySchema,
  availableDaysReplySchema,
  availableSlotsQuerySchema,
  availableSlotsReplySchema,
  createAppointmentBodySchema,
  statusHistoryReplySchema,
  updateAppointmentBodySchema,
} from '@kalinga/contracts/appointments';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, counselorOnly, needs } from '../../lib/auth-context';
import { readerLanguage } from '../../lib/i18n';
import { availableDays, availableSlots } from '../schedule/schedule.service';
import { appointmentIcs, countAppointments, getAppointment, listAppointments, ownStartKept, statusHistory } from './appointment-read.service';
import { createAppointment } from './appointment-create.service';
import { deleteAppointment, updateAppointment } from './appointment-update.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['appointments'], security: [{ bearer: [] }] };
const canView = needs('view appointments');

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/appointments', {
    preHandler: canView,
    schema: { summary: 'Lists the appointments the caller may see, filtered and paged.', operationId: 'listAppointments', ...common, querystring: appointmentListQuerySchema, response: { 200: appointmentListReplySchema, ...errors } },
    handler: async (request) => listAppointments(app.db, authOf(request), request.query),
  });

  app.get('/api/appointments/counts', {
    preHandler: canView,
    schema: { summary: "Counts the caller's pending, upcoming and past appointments.", operationId: 'countAppointments', ...common, querystring: appointmentCountsQuerySchema, response: { 200: appointmentCountsReplySchema, ...errors } },
    handler: async (request) => countAppointments(app.db, authOf(request), request.query),
  });

  app.get('/api/appointments/available-slots', {
    preHandler: canView,
    schema: { summary: "Lists a counselor's free time slots on a day.", operationId: 'listAvailableSlots', ...common, querystring: availableSlotsQuerySchema, response: { 200: availableSlotsReplySchema, ...errors } },
    handler: async (request) => {
      const auth = authOf(request);
      const { counselor_id: counselorId, date, exclude } = request.query;
      // While editing, the appointment's own time stays offered (only if the caller can see it).
      return availableSlots(app.db, auth, counselorId, date, await ownStartKept(app.db, auth, counselorId, exclude));
    },
  });

  // The booking form's month: which days have a free slot, and the next free day (one call per month).
  app.get('/api/appointments/available-days', {
    preHandler: canView,
    schema: { summary: 'Lists the days in a month on which a counselor has free slots.', operationId: 'listAvailableDays', ...common, querystring: availableDaysQuerySchema, response: { 200: availableDaysReplySchema, ...errors } },
    handler: async (request) => {
      const auth = authOf(request);
      const { counselor_id: counselorId, month, exclude } = request.query;
      return availableDays(app.db, auth, counselorId, month, await ownStartKept(app.db, auth, counselorId, exclude));
    },
  });

  app.post('/api/appointments', {
    preHandler: canView,
    schema: { summary: 'Books an appointment.', operationId: 'createAppointment', ...common, body: createAppointmentBodySchema, response: { 201: appointmentReplySchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createAppointment(app.db, authOf(request), request.body) }),
  });

  app.get('/api/appointments/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows one appointment.', operationId: 'getAppointment', ...common, params: appointmentParamsSchema, response: { 200: appointmentReplySchema, ...errors } },
    handler: async (request) => ({ data: await getAppointment(app.db, authOf(request), request.params.uuid) }),
  });

  app.put('/api/appointments/:uuid', {
    preHandler: canView,
    schema: { summary: 'Changes an appointment: its details, time or status.', operationId: 'updateAppointment', ...common, params: appointmentParamsSchema, body: updateAppointmentBodySchema, response: { 200: appointmentReplySchema, ...errors } },
    handler: async (request) => ({ data: await updateAppointment(app.db, authOf(request), request.params.uuid, request.body) }),
  });

  app.delete('/api/appointments/:uuid', {
    preHandler: [canView, counselorOnly],
    schema: { summary: 'Deletes an appointment (counselors only).', operationId: 'deleteAppointment', ...common, params: appointmentParamsSchema, response: { 200: appointmentMessageReplySchema, ...errors } },
    handler: async (request) => {
      await deleteAppointment(app.db, authOf(request), request.params.uuid);
      return { message: 'Appointment deleted successfully' };
    },
  });

  app.get('/api/appointments/:uuid/history', {
    preHandler: canView,
    schema: { summary: "Lists an appointment's status changes, oldest first.", operationId: 'getAppointmentHistory', ...common, params: appointmentParamsSchema, response: { 200: statusHistoryReplySchema, ...errors } },
    handler: async (request) => ({ data: await statusHistory(app.db, authOf(request), request.params.uuid) }),
  });

  app.get('/api/appointments/:uuid/ics', {
    preHandler: canView,
    schema: { summary: 'Downloads an appointment as an iCalendar (.ics) file.', operationId: 'getAppointmentIcs', ...common, params: appointmentParamsSchema, produces: ['text/calendar'], response: { 200: z.string(), ...errors } },
    handler: async (request, reply) => {
      const { filename, body } = await appointmentIcs(app.db, authOf(request), request.params.uuid, app.config.publicUrl, readerLanguage(request));
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
    },
  });
};
