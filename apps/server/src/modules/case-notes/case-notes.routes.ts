import {
  addendumBodySchema,
  caseNoteListSchema,
  caseNoteParamsSchema,
  caseNoteReplySchema,
  caseNoteSettingsSchema,
  createCaseNoteBodySchema,
  reviewQueueSchema,
  updateCaseNoteBodySchema,
} from '@kalinga/contracts/case-notes';
import { errorReplySchema, idSchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { clinicianOnly } from '../client-record/client-access';
import { caseNoteSettings, saveCaseNoteSettings } from './case-note-settings.service';
import { addAddendum, cosignNote, reviewQueue, signNote } from './case-note-signing.service';
import { createNote, deleteNote, getNote, listClientNotes, updateNote } from './case-notes.service';

// Case notes (docs/decisions/0208-case-notes.md): clinicians only (decision 0313); each route opens the client's
// content through the access model (care team, supervisor), which records the read.

const security = [{ bearer: [] }];
const tags = ['case notes'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const withConflict = { ...errors, 409: errorReplySchema };
const clientParams = z.object({ id: idSchema });

export const caseNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, keys: app.contentKeys };

  app.get('/api/clients/:id/case-notes', {
    preHandler: clinicianOnly,
    schema: { summary: "Lists a client's case notes (signed ones and the caller's drafts), newest session first.", operationId: 'listClientCaseNotes', tags, security, params: clientParams, response: { 200: caseNoteListSchema, ...errors } },
    handler: async (request) => ({ data: await listClientNotes(deps, authOf(request), request.params.id) }),
  });

  app.post('/api/clients/:id/case-notes', {
    preHandler: clinicianOnly,
    schema: { summary: 'Starts a draft case note of a session or a contact with the client.', operationId: 'createCaseNote', tags, security, params: clientParams, body: createCaseNoteBodySchema, response: { 201: caseNoteReplySchema, 200: caseNoteReplySchema, ...withConflict } },
    handler: async (request, reply) => {
      const { note, created } = await createNote(deps, authOf(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  });

  app.get('/api/case-notes/review-queue', {
    preHandler: clinicianOnly,
    schema: { summary: "Lists the trainees' notes waiting for the caller's co-signature.", operationId: 'listCaseNotesToReview', tags, security, response: { 200: reviewQueueSchema, ...errors } },
    handler: async (request) => ({ data: await reviewQueue(deps, authOf(request)) }),
  });

  app.get('/api/case-notes/:uuid', {
    preHandler: clinicianOnly,
    schema: { summary: 'Shows one case note with its addenda.', operationId: 'getCaseNote', tags, security, params: caseNoteParamsSchema, response: { 200: caseNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await getNote(deps, authOf(request), request.params.uuid) }),
  });

  app.put('/api/case-notes/:uuid', {
    preHandler: clinicianOnly,
    schema: { summary: "Changes the caller's draft case note.", operationId: 'updateCaseNote', tags, security, params: caseNoteParamsSchema, body: updateCaseNoteBodySchema, response: { 200: caseNoteReplySchema, ...withConflict } },
    handler: async (request) => ({ data: await updateNote(deps, authOf(request), request.params.uuid, request.body) }),
  });

  app.delete('/api/case-notes/:uuid', {
    preHandler: clinicianOnly,
    schema: { summary: "Deletes the caller's draft case note (a signed note is never deleted).", operationId: 'deleteCaseNote', tags, security, params: caseNoteParamsSchema, response: { 204: z.null(), ...withConflict } },
    handler: async (request, reply) => {
      await deleteNote(deps, authOf(request), request.params.uuid);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/case-notes/:uuid/sign', {
    preHandler: clinicianOnly,
    schema: { summary: "Signs the caller's draft; a trainee's note then waits for their supervisor's co-signature.", operationId: 'signCaseNote', tags, security, params: caseNoteParamsSchema, response: { 200: caseNoteReplySchema, ...withConflict } },
    handler: async (request) => ({ data: await signNote(deps, authOf(request), request.params.uuid) }),
  });

  app.post('/api/case-notes/:uuid/cosign', {
    preHandler: clinicianOnly,
    schema: { summary: "Co-signs a trainee's note as their clinical supervisor.", operationId: 'cosignCaseNote', tags, security, params: caseNoteParamsSchema, response: { 200: caseNoteReplySchema, ...withConflict } },
    handler: async (request) => ({ data: await cosignNote(deps, authOf(request), request.params.uuid) }),
  });

  app.post('/api/case-notes/:uuid/addenda', {
    preHandler: clinicianOnly,
    schema: { summary: 'Adds a signed addendum under a signed case note.', operationId: 'addCaseNoteAddendum', tags, security, params: caseNoteParamsSchema, body: addendumBodySchema, response: { 201: caseNoteReplySchema, 200: caseNoteReplySchema, ...withConflict } },
    handler: async (request, reply) => {
      const { note, created } = await addAddendum(deps, authOf(request), request.params.uuid, request.body);
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  });

  // Every member reads which templates are offered (no content); administrators change them.
  app.get('/api/case-note-settings', {
    preHandler: signedIn,
    schema: { summary: "Shows the site's case-note settings: templates offered, late-entry days, clients' reading.", operationId: 'getCaseNoteSettings', tags, security, response: { 200: caseNoteSettingsSchema, ...errors } },
    handler: async (request) => caseNoteSettings(app.db, authOf(request).companyId),
  });

  app.put('/api/case-note-settings', {
    preHandler: needs('manage users'),
    schema: { summary: "Changes the site's case-note settings.", operationId: 'updateCaseNoteSettings', tags, security, body: caseNoteSettingsSchema, response: { 200: caseNoteSettingsSchema, ...errors } },
    handler: async (request) => saveCaseNoteSettings(app.db, authOf(request).companyId, request.body),
  });
};
