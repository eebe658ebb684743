import { errorReplySchema, idSchema } from '@kalinga/contracts/common';
import { crisisInfoSchema, clientScreeningsSchema, safetySettingsBodySchema, safetySettingsSchema, screeningBodySchema, screeningReplySchema, screeningStatusSchema, triageListSchema, urgentCaseReplySchema } from '@kalinga/contracts/screening/schemas';
import { bookSameDayBodySchema, bookSameDayReplySchema, sameDaySlotsReplySchema } from '@kalinga/contracts/screening/same-day';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-errors';
import { authOf, isCounselor, needs, signedIn } from '../../lib/auth-context';
import { readSafety, toSafetySettings, writeSafety } from './safety-settings';
import { clientScreenings, requestRepeat, screeningStatus, submitScreening } from './screening.service';
import { bookSameDay, sameDaySlots } from './same-day';
import { acknowledge, triageList } from './triage';
import { raiseUrgentCase } from './urgent-cases';

// Intake screening, crisis contacts, urgent cases and the Triage list (decisions 0160-0164).

const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const clientParams = z.object({ id: idSchema });

export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every member: the crisis screen's contacts, kept on the device for offline use (they are the centre's public lines).
  app.get('/api/crisis-contacts', {
    preHandler: signedIn,
    schema: { summary: 'Lists the crisis contacts shown on the crisis screen.', operationId: 'listCrisisContacts', tags: ['screening'], security, response: { 200: crisisInfoSchema, ...errors } },
    handler: async (request) => {
      const s = await readSafety(app.db, authOf(request).companyId);
      return { contacts: s.crisis_contacts, next_steps: s.next_steps };
    },
  });

  app.get('/api/safety-settings', {
    preHandler: needs('manage users'),
    schema: { summary: "Shows the company's safety settings: intake mode, crisis contacts, on-call counselors, escalation.", operationId: 'getSafetySettings', tags: ['screening'], security, response: { 200: safetySettingsSchema, ...errors } },
    handler: async (request) => toSafetySettings(await readSafety(app.db, authOf(request).companyId)),
  });

  app.put('/api/safety-settings', {
    preHandler: needs('manage users'),
    schema: { summary: "Changes the company's safety settings.", operationId: 'updateSafetySettings', tags: ['screening'], security, body: safetySettingsBodySchema, response: { 200: safetySettingsSchema, ...errors } },
    handler: async (request) => toSafetySettings(await writeSafety(app.db, authOf(request).companyId, request.body)),
  });

  app.get('/api/screenings/status', {
    preHandler: signedIn,
    schema: { summary: 'Tells the signed-in client whether a screening is asked of them.', operationId: 'getScreeningStatus', tags: ['screening'], security, response: { 200: screeningStatusSchema, ...errors } },
    handler: async (request) => screeningStatus(app.db, authOf(request)),
  });

  // The client's own answers; the reply says only whether the crisis screen must open (scores are the counselors').
  app.post('/api/screenings', {
    preHandler: signedIn,
    schema: { summary: "Submits the signed-in client's screening answers.", operationId: 'submitScreening', tags: ['screening'], security, body: screeningBodySchema, response: { 201: screeningReplySchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await submitScreening(app.db, app.contentKeys, authOf(request), request.body)),
  });

  app.get('/api/clients/:id/screenings', {
    preHandler: needs('view screenings'),
    schema: { summary: "Lists a client's screenings, newest first.", operationId: 'listClientScreenings', tags: ['screening'], security, params: clientParams, response: { 200: clientScreeningsSchema, ...errors } },
    handler: async (request) => clientScreenings(app.db, app.contentKeys, authOf(request), request.params.id),
  });

  app.post('/api/clients/:id/screening-requests', {
    preHandler: needs('view screenings'),
    schema: { summary: 'Asks a client to answer the screening again.', operationId: 'requestRepeatScreening', tags: ['screening'], security, params: clientParams, response: { 201: z.object({ requested_at: z.string() }), ...errors } },
    handler: async (request, reply) => reply.code(201).send(await requestRepeat(app.db, authOf(request), request.params.id)),
  });

  // "I need help now": a client raises an urgent case (one open case per client; a repeat press adds nothing).
  app.post('/api/urgent-cases', {
    preHandler: signedIn,
    schema: { summary: 'Raises an urgent case for the signed-in client ("I need help now").', operationId: 'raiseUrgentCase', tags: ['screening'], security, response: { 201: urgentCaseReplySchema, 200: urgentCaseReplySchema, ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      if (isCounselor(auth)) throw forbidden('Counselors answer urgent cases from the Triage list.');
      const result = await app.db.transaction().execute((trx) => raiseUrgentCase(trx, auth.companyId, auth.user.id, 'button', Date.now()));
      return reply.code(result.created ? 201 : 200).send(result);
    },
  });

  app.get('/api/triage', {
    preHandler: needs('view screenings'),
    schema: { summary: 'Lists the urgent cases, flagged intakes and waiting clients to triage.', operationId: 'listTriage', tags: ['screening'], security, response: { 200: triageListSchema, ...errors } },
    handler: async (request) => ({ data: await triageList(app.db, authOf(request)) }),
  });

  app.post('/api/urgent-cases/:id/acknowledge', {
    preHandler: needs('view screenings'),
    schema: { summary: 'Acknowledges an urgent case.', operationId: 'acknowledgeUrgentCase', tags: ['screening'], security, params: clientParams, response: { 204: z.null(), 409: errorReplySchema, ...errors } },
    handler: async (request, reply) => {
      await acknowledge(app.db, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // Same-day slots (decision 0165): today's free held slots, and booking an urgent case into one.
  app.get('/api/same-day-slots', {
    preHandler: needs('view screenings'),
    schema: { summary: "Lists today's free slots held for same-day care.", operationId: 'listSameDaySlots', tags: ['screening'], security, response: { 200: sameDaySlotsReplySchema, ...errors } },
    handler: async (request) => sameDaySlots(app.db, authOf(request)),
  });

  app.post('/api/urgent-cases/:id/book', {
    preHandler: needs('view screenings'),
    schema: { summary: 'Books an urgent case into a same-day slot.', operationId: 'bookUrgentCase', tags: ['screening'], security, params: clientParams, body: bookSameDayBodySchema, response: { 201: bookSameDayReplySchema, 409: errorReplySchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await bookSameDay(app.db, authOf(request), request.params.id, request.body)),
  });
};
