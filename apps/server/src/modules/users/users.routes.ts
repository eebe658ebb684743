import { errorReplySchema } from '@kalinga/contracts/common';
import {
  createUserBodySchema,
  messageReplySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userReplySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
  usersQuerySchema,
  usersReplySchema,
} from '@kalinga/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { createUser, deleteUser, listUsersFor, searchUsers, toggleStatus, updateUser } from './users.service';

const security = [{ bearer: [] }];
const errors = { 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in is enough to reach it: the service allows non-managers only the counselor picker (id and name).
  app.get('/api/users', {
    preHandler: signedIn,
    schema: { summary: "Lists the company's users, filtered and paged.", operationId: 'listUsers', tags: ['users'], security, querystring: usersQuerySchema, response: { 200: usersReplySchema, 403: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => listUsersFor(app.db, authOf(request), request.query),
  });

  // Counselors and managers; the service checks which.
  app.get('/api/users/search', {
    preHandler: signedIn,
    schema: { summary: "Searches the company's clients and counselors by name or email.", operationId: 'searchUsers', tags: ['users'], security, querystring: userSearchQuerySchema, response: { 200: userSearchReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => searchUsers(app.db, authOf(request), request.query),
  });

  app.post('/api/users', {
    preHandler: needs('manage users'),
    schema: { summary: 'Adds a user to the company.', operationId: 'createUser', tags: ['users'], security, body: createUserBodySchema, response: { 201: userReplySchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createUser(app, authOf(request), request.body) }),
  });

  app.put('/api/users/:id', {
    preHandler: needs('manage users'),
    schema: { summary: "Changes a user's details or roles.", operationId: 'updateUser', tags: ['users'], security, params: userIdParamsSchema, body: updateUserBodySchema, response: { 200: userReplySchema, ...errors } },
    handler: async (request) => ({ data: await updateUser(app, authOf(request), request.params.id, request.body) }),
  });

  app.delete('/api/users/:id', {
    preHandler: needs('manage users'),
    schema: { summary: 'Deletes a user.', operationId: 'deleteUser', tags: ['users'], security, params: userIdParamsSchema, response: { 200: messageReplySchema, ...errors } },
    handler: async (request) => {
      await deleteUser(app, authOf(request), request.params.id);
      return { message: 'User deleted successfully' };
    },
  });

  app.patch('/api/users/:id/toggle-status', {
    preHandler: needs('manage users'),
    schema: { summary: 'Switches a user between active and inactive.', operationId: 'toggleUserStatus', tags: ['users'], security, params: userIdParamsSchema, response: { 200: userReplySchema, ...errors } },
    handler: async (request) => ({ data: await toggleStatus(app, authOf(request), request.params.id) }),
  });
};
