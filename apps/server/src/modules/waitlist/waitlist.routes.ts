import { errorReplySchema } from '@kalinga/contracts/common';
import { acceptOfferReplySchema, joinWaitlistBodySchema, waitlistEntrySchema, waitlistListSchema } from '@kalinga/contracts/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, needs } from '../../lib/auth-context';
import { matchCompany } from './waitlist-match';
import { acceptOffer, declineOffer } from './waitlist-offers';
import { joinWaitlist, leaveWaitlist, listMine, listWaiting } from './waitlist.service';

// The waitlist (decisions 0151, 0152). Every route needs 'view appointments' (every member who books has it); who
// may do what (clients join, leave and answer their offers; counselors and managers read the list) is decided inside.
// Joining, leaving and declining run a pass over the company's waitlist before answering, so an offer they make
// possible is made at once; the sweep in waitlist-plugin.ts makes the rest.

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['waitlist'], security: [{ bearer: [] }] };
const canView = needs('view appointments');
const uuidParams = z.object({ uuid: z.string().min(1).max(64) });

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/waitlist', {
    preHandler: canView,
    schema: { summary: 'Lists the clients waiting for a slot.', operationId: 'listWaitlist', ...common, response: { 200: waitlistListSchema, ...errors } },
    handler: async (request) => ({ data: await listWaiting(app.db, authOf(request)) }),
  });

  app.get('/api/waitlist/mine', {
    preHandler: canView,
    schema: { summary: "Lists the signed-in client's waitlist entries and offers.", operationId: 'listMyWaitlistEntries', ...common, response: { 200: waitlistListSchema, ...errors } },
    handler: async (request) => ({ data: await listMine(app.db, authOf(request)) }),
  });

  app.post('/api/waitlist', {
    preHandler: canView,
    schema: { summary: 'Puts the signed-in client on the waitlist.', operationId: 'joinWaitlist', ...common, body: joinWaitlistBodySchema, response: { 201: z.object({ data: waitlistEntrySchema }), ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const uuid = await joinWaitlist(app.db, auth, request.body);
      await matchCompany(app.db, auth.companyId);
      const mine = await listMine(app.db, auth);
      return reply.status(201).send({ data: mine.find((e) => e.uuid === uuid)! });
    },
  });

  app.delete('/api/waitlist/:uuid', {
    preHandler: canView,
    schema: { summary: 'Takes an entry off the waitlist.', operationId: 'leaveWaitlist', ...common, params: uuidParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      await leaveWaitlist(app.db, auth, request.params.uuid);
      await matchCompany(app.db, auth.companyId);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/waitlist/offers/:uuid/accept', {
    preHandler: canView,
    schema: { summary: 'Accepts a waitlist offer: the offered slot is booked.', operationId: 'acceptWaitlistOffer', ...common, params: uuidParams, response: { 200: acceptOfferReplySchema, ...errors } },
    handler: async (request) => acceptOffer(app.db, authOf(request), request.params.uuid),
  });

  app.post('/api/waitlist/offers/:uuid/decline', {
    preHandler: canView,
    schema: { summary: 'Declines a waitlist offer: the slot goes to the next client.', operationId: 'declineWaitlistOffer', ...common, params: uuidParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      await declineOffer(app.db, auth, request.params.uuid);
      await matchCompany(app.db, auth.companyId);
      return reply.status(204).send(null);
    },
  });
};
