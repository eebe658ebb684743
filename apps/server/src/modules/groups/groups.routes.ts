import { errorReplySchema } from '@kalinga/contracts/common';
import {
  addMemberBodySchema,
  attendanceBodySchema,
  attendanceReplySchema,
  coFacilitatorsReplySchema,
  groupCancelReplySchema,
  groupBodySchema,
  groupListReplySchema,
  groupNotesToReviewReplySchema,
  groupParamsSchema,
  groupPreviewReplySchema,
  groupReplySchema,
  groupReportQuerySchema,
  groupReportReplySchema,
  groupSettingsReplySchema,
  groupSettingsSchema,
  memberParamsSchema,
  myGroupSessionsReplySchema,
  sessionParamsSchema,
  workshopListReplySchema,
  workshopReplySchema,
} from '@kalinga/contracts/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { clinicianOnly } from '../client-record/client-access';
import { cancelGroup, cancelGroupSession } from './group-cancel.service';
import { groupNotesToReview } from './group-review.service';
import { groupReport } from './group-report.service';
import { getAttendance, getGroupSettings, recordAttendance, saveGroupSettings } from './group-attendance.service';
import { addMember, coFacilitatorOptions, createGroup, getGroup, listGroups, previewGroup, removeMember } from './groups.service';
import { cancelSignUp, getWorkshop, joinWaitlist, leaveWaitlist, listWorkshops, myGroupSessions, signUp } from './workshops.service';

// Groups and workshops (decision 0277). Every route needs 'view appointments'; the group routes are for counselors
// (403 otherwise) and show only groups they facilitate (any other is 404); the workshop routes are for students and
// personnel (403 otherwise) and never name another participant.

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const common = { tags: ['groups'], security: [{ bearer: [] }] };
const canView = needs('view appointments');

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/groups/preview', {
    preHandler: canView,
    schema: { summary: "Previews a group's sessions and which of them clash with a facilitator's time, without creating it.", operationId: 'previewGroup', ...common, body: groupBodySchema, response: { 200: groupPreviewReplySchema, ...errors } },
    handler: async (request) => ({ data: await previewGroup(app.db, authOf(request), request.body) }),
  });

  app.post('/api/groups', {
    preHandler: canView,
    schema: { summary: 'Creates a closed group or an open workshop with its sessions.', operationId: 'createGroup', ...common, body: groupBodySchema, response: { 201: groupReplySchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createGroup(app.db, authOf(request), request.body) }),
  });

  app.get('/api/groups', {
    preHandler: canView,
    schema: { summary: 'Lists the groups and workshops the counselor facilitates.', operationId: 'listGroups', ...common, response: { 200: groupListReplySchema, ...errors } },
    handler: async (request) => ({ data: await listGroups(app.db, authOf(request)) }),
  });

  app.get('/api/groups/co-facilitators', {
    preHandler: canView,
    schema: { summary: "Lists whom the caller may name a group's co-facilitator: the centre's other active clinicians.", operationId: 'listGroupCoFacilitators', ...common, response: { 200: coFacilitatorsReplySchema, ...errors } },
    handler: async (request) => ({ data: await coFacilitatorOptions(app.db, authOf(request)) }),
  });

  app.get('/api/groups/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows a facilitated group with its sessions and members.', operationId: 'getGroup', ...common, params: groupParamsSchema, response: { 200: groupReplySchema, ...errors } },
    handler: async (request) => ({ data: await getGroup(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/groups/:uuid/members', {
    preHandler: canView,
    schema: { summary: 'Adds a client to a closed group while a seat is free.', operationId: 'addGroupMember', ...common, params: groupParamsSchema, body: addMemberBodySchema, response: { 200: groupReplySchema, ...errors } },
    handler: async (request) => ({ data: await addMember(app.db, authOf(request), request.params.uuid, request.body.client_id) }),
  });

  app.delete('/api/groups/:uuid/members/:clientId', {
    preHandler: canView,
    schema: { summary: 'Removes a member from a group.', operationId: 'removeGroupMember', ...common, params: memberParamsSchema, response: { 200: groupReplySchema, ...errors } },
    handler: async (request) => ({ data: await removeMember(app.db, authOf(request), request.params.uuid, request.params.clientId) }),
  });

  app.post('/api/groups/:uuid/cancel', {
    preHandler: canView,
    schema: { summary: 'Cancels a facilitated group and its sessions still to come, telling its members.', operationId: 'cancelGroup', ...common, params: groupParamsSchema, response: { 200: groupCancelReplySchema, ...errors } },
    handler: async (request) => ({ data: await cancelGroup(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/group-sessions/:uuid/cancel', {
    preHandler: canView,
    schema: { summary: "Cancels one session of a facilitated group that has not started, telling the group's members.", operationId: 'cancelGroupSession', ...common, params: sessionParamsSchema, response: { 200: groupCancelReplySchema, ...errors } },
    handler: async (request) => ({ data: await cancelGroupSession(app.db, authOf(request), request.params.uuid) }),
  });

  app.get('/api/workshops', {
    preHandler: canView,
    schema: { summary: "Lists the workshops open to the caller and the closed groups they are in, with the caller's place.", operationId: 'listWorkshops', ...common, response: { 200: workshopListReplySchema, ...errors } },
    handler: async (request) => ({ data: await listWorkshops(app.db, authOf(request)) }),
  });

  app.get('/api/workshops/:uuid', {
    preHandler: canView,
    schema: { summary: "Shows a workshop with its sessions, the seats left and the caller's place.", operationId: 'getWorkshop', ...common, params: groupParamsSchema, response: { 200: workshopReplySchema, ...errors } },
    handler: async (request) => ({ data: await getWorkshop(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/workshops/:uuid/sign-up', {
    preHandler: canView,
    schema: { summary: 'Signs the caller up for a workshop while a seat is free, or takes the seat held for them.', operationId: 'signUpForWorkshop', ...common, params: groupParamsSchema, response: { 200: workshopReplySchema, ...errors } },
    handler: async (request) => ({ data: await signUp(app.db, authOf(request), request.params.uuid) }),
  });

  app.delete('/api/workshops/:uuid/sign-up', {
    preHandler: canView,
    schema: { summary: "Cancels the caller's sign-up; the seat is offered to the first person waiting.", operationId: 'cancelWorkshopSignUp', ...common, params: groupParamsSchema, response: { 200: workshopReplySchema, ...errors } },
    handler: async (request) => ({ data: await cancelSignUp(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/workshops/:uuid/waitlist', {
    preHandler: canView,
    schema: { summary: 'Puts the caller on the waitlist of a full workshop.', operationId: 'joinWorkshopWaitlist', ...common, params: groupParamsSchema, response: { 200: workshopReplySchema, ...errors } },
    handler: async (request) => ({ data: await joinWaitlist(app.db, authOf(request), request.params.uuid) }),
  });

  app.delete('/api/workshops/:uuid/waitlist', {
    preHandler: canView,
    schema: { summary: 'Takes the caller off the waitlist, letting a seat held for them go to the next person.', operationId: 'leaveWorkshopWaitlist', ...common, params: groupParamsSchema, response: { 200: workshopReplySchema, ...errors } },
    handler: async (request) => ({ data: await leaveWaitlist(app.db, authOf(request), request.params.uuid) }),
  });

  app.get('/api/my-group-sessions', {
    preHandler: canView,
    schema: { summary: "Lists the caller's coming sessions of the groups and workshops they are in.", operationId: 'listMyGroupSessions', ...common, response: { 200: myGroupSessionsReplySchema, ...errors } },
    handler: async (request) => ({ data: await myGroupSessions(app.db, authOf(request)) }),
  });

  app.get('/api/group-notes/review-queue', {
    preHandler: clinicianOnly,
    schema: { summary: "Lists the trainees' group notes waiting for the caller's co-signature.", operationId: 'listGroupNotesToReview', ...common, response: { 200: groupNotesToReviewReplySchema, ...errors } },
    handler: async (request) => ({ data: await groupNotesToReview(app.db, authOf(request)) }),
  });

  app.get('/api/group-sessions/:uuid/attendance', {
    preHandler: canView,
    schema: { summary: "Shows a group session's members and the attendance recorded for each.", operationId: 'getGroupSessionAttendance', ...common, params: sessionParamsSchema, response: { 200: attendanceReplySchema, ...errors } },
    handler: async (request) => ({ data: await getAttendance(app.db, authOf(request), request.params.uuid) }),
  });

  app.put('/api/group-sessions/:uuid/attendance', {
    preHandler: canView,
    schema: { summary: 'Records present, absent or late cancellation for members of a group session.', operationId: 'recordGroupSessionAttendance', ...common, params: sessionParamsSchema, body: attendanceBodySchema, response: { 200: attendanceReplySchema, ...errors } },
    handler: async (request) => ({ data: await recordAttendance(app.db, authOf(request), request.params.uuid, request.body) }),
  });

  app.get('/api/group-settings', {
    preHandler: signedIn,
    schema: { summary: 'Shows whether group absences count toward the no-show policy.', operationId: 'getGroupSettings', ...common, response: { 200: groupSettingsReplySchema, ...errors } },
    handler: async (request) => ({ data: await getGroupSettings(app.db, authOf(request)) }),
  });

  app.put('/api/group-settings', {
    preHandler: needs('manage users'),
    schema: { summary: 'Sets whether group absences count toward the no-show policy.', operationId: 'saveGroupSettings', ...common, body: groupSettingsSchema, response: { 200: groupSettingsReplySchema, ...errors } },
    handler: async (request) => ({ data: await saveGroupSettings(app.db, authOf(request), request.body) }),
  });

  app.get('/api/reports/groups', {
    preHandler: needs('view reports'),
    schema: { summary: 'Reports group sessions held, seats filled and attendance by category and month, and workshop sign-ups by department and age group.', operationId: 'getGroupReport', ...common, querystring: groupReportQuerySchema, response: { 200: groupReportReplySchema, ...errors } },
    handler: async (request) => ({ data: await groupReport(app.db, authOf(request), request.query.year) }),
  });
};
