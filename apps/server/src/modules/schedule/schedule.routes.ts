import { errorReplySchema } from '@kalinga/contracts/common';
import {
  addExcludedDatesBodySchema,
  addExcludedDatesReplySchema,
  excludedDateParamsSchema,
  messageReplySchema,
  saveScheduleBodySchema,
  saveScheduleReplySchema,
  scheduleReplySchema,
} from '@kalinga/contracts/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, counselorOnly } from '../../lib/auth-context';
import { addExcludedDates, getSchedule, removeExcludedDate, saveSchedule } from './schedule.service';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['schedule'], security: [{ bearer: [] }] };

/** A counselor's own weekly schedule and excluded dates (product-rules.md#permissions: counselors keep their own schedule). */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/counselor/schedule', {
    preHandler: counselorOnly,
    schema: { summary: "Shows the signed-in counselor's weekly hours and excluded dates.", operationId: 'getCounselorSchedule', ...common, response: { 200: scheduleReplySchema, ...errors } },
    handler: async (request) => getSchedule(app.db, authOf(request)),
  });

  app.post('/api/counselor/schedule', {
    preHandler: counselorOnly,
    schema: { summary: "Saves the signed-in counselor's weekly hours.", operationId: 'saveCounselorSchedule', ...common, body: saveScheduleBodySchema, response: { 200: saveScheduleReplySchema, ...errors } },
    handler: async (request) => ({ message: 'Schedule updated successfully', ...(await saveSchedule(app.db, authOf(request), request.body)) }),
  });

  app.post('/api/counselor/excluded-dates', {
    preHandler: counselorOnly,
    schema: { summary: 'Adds a date on which the signed-in counselor takes no appointments.', operationId: 'addExcludedDate', ...common, body: addExcludedDatesBodySchema, response: { 201: addExcludedDatesReplySchema, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send({ message: 'Date added successfully', data: await addExcludedDates(app.db, authOf(request), request.body) }),
  });

  app.delete('/api/counselor/excluded-dates/:id', {
    preHandler: counselorOnly,
    schema: { summary: "Removes one of the signed-in counselor's excluded dates.", operationId: 'removeExcludedDate', ...common, params: excludedDateParamsSchema, response: { 200: messageReplySchema, ...errors } },
    handler: async (request) => {
      await removeExcludedDate(app.db, authOf(request), request.params.id);
      return { message: 'Date removed successfully' };
    },
  });
};
