import { errorReplySchema, idSchema } from '@kalinga/contracts/common';
import { createGroupNoteBodySchema, groupNoteAddendumBodySchema, groupNoteContentSchema, groupNoteParamsSchema, groupNoteReplySchema, memberGroupNoteListSchema, sessionNoteReplySchema } from '@kalinga/contracts/group-notes';
import { sessionParamsSchema } from '@kalinga/contracts/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../lib/auth-context';
import { clinicianOnly } from '../client-record/client-access';
import { addGroupAddendum, cosignGroup, signGroupNote } from './group-note-signing.service';
import { createGroupNote, getGroupNote, getSessionNote, listMemberGroupNotes, updateGroupNote } from './group-notes.service';

// Group notes (docs/decisions/0295-group-notes.md, 0296, 0312): clinicians only (decision 0313); the session's note
// is its group's facilitators' (another counselor 403, another company's 404); a member's record lists their view
// through the access model, which records each read.

const security = [{ bearer: [] }];
const tags = ['group notes'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };

export const groupNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, keys: app.contentKeys };

  app.get('/api/group-sessions/:uuid/note', {
    preHandler: clinicianOnly,
    schema: { summary: "Shows a group session's note and the members present, for the group's facilitators.", operationId: 'getGroupSessionNote', tags, security, params: sessionParamsSchema, response: { 200: sessionNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await getSessionNote(deps, authOf(request), request.params.uuid) }),
  });

  app.post('/api/group-sessions/:uuid/note', {
    preHandler: clinicianOnly,
    schema: { summary: 'Starts the draft note of a held group session: a shared part and a part per member present.', operationId: 'createGroupNote', tags, security, params: sessionParamsSchema, body: createGroupNoteBodySchema, response: { 201: groupNoteReplySchema, 200: groupNoteReplySchema, ...errors } },
    handler: async (request, reply) => {
      const { note, created } = await createGroupNote(deps, authOf(request), request.params.uuid, request.body);
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  });

  app.get('/api/group-notes/:uuid', {
    preHandler: clinicianOnly,
    schema: { summary: 'Shows one group note with every part, for its facilitators and the supervisor it waits for.', operationId: 'getGroupNote', tags, security, params: groupNoteParamsSchema, response: { 200: groupNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await getGroupNote(deps, authOf(request), request.params.uuid) }),
  });

  app.put('/api/group-notes/:uuid', {
    preHandler: clinicianOnly,
    schema: { summary: "Changes the caller's draft group note.", operationId: 'updateGroupNote', tags, security, params: groupNoteParamsSchema, body: groupNoteContentSchema, response: { 200: groupNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await updateGroupNote(deps, authOf(request), request.params.uuid, request.body) }),
  });

  app.post('/api/group-notes/:uuid/sign', {
    preHandler: clinicianOnly,
    schema: { summary: "Signs the caller's draft group note; a trainee's then waits for their supervisor's co-signature.", operationId: 'signGroupNote', tags, security, params: groupNoteParamsSchema, response: { 200: groupNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await signGroupNote(deps, authOf(request), request.params.uuid) }),
  });

  app.post('/api/group-notes/:uuid/cosign', {
    preHandler: clinicianOnly,
    schema: { summary: "Co-signs a trainee's group note as their clinical supervisor.", operationId: 'cosignGroupNote', tags, security, params: groupNoteParamsSchema, response: { 200: groupNoteReplySchema, ...errors } },
    handler: async (request) => ({ data: await cosignGroup(deps, authOf(request), request.params.uuid) }),
  });

  app.post('/api/group-notes/:uuid/addenda', {
    preHandler: clinicianOnly,
    schema: { summary: 'Adds a signed addendum under a signed group note, about the whole group or one member.', operationId: 'addGroupNoteAddendum', tags, security, params: groupNoteParamsSchema, body: groupNoteAddendumBodySchema, response: { 201: groupNoteReplySchema, 200: groupNoteReplySchema, ...errors } },
    handler: async (request, reply) => {
      const { note, created } = await addGroupAddendum(deps, authOf(request), request.params.uuid, request.body);
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  });

  app.get('/api/clients/:id/group-notes', {
    preHandler: clinicianOnly,
    schema: { summary: "Lists a client's group notes as their record holds them: the shared part and their own part.", operationId: 'listClientGroupNotes', tags, security, params: z.object({ id: idSchema }), response: { 200: memberGroupNoteListSchema, ...errors } },
    handler: async (request) => ({ data: await listMemberGroupNotes(deps, authOf(request), request.params.id) }),
  });
};
