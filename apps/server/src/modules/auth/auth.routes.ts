import { authReplySchema, loginBodySchema, meReplySchema, profileBodySchema, registerBodySchema } from '@kalinga/contracts/auth';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, signedIn } from '../../lib/auth-context';
import { readForm } from '../../lib/forms';
import { currentUser, login, logout, register, updateAvatar, updateProfile } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/login', {
    config: { public: true },
    schema: { summary: 'Signs in with email and password and returns a bearer token.', operationId: 'login', tags: ['auth'], body: loginBodySchema, response: { 200: authReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request) => login(app, request.body, request.ip),
  });

  app.post('/api/register', {
    config: { public: true },
    schema: { summary: 'Registers a new company and its administrator, and signs them in.', operationId: 'register', tags: ['auth'], body: registerBodySchema, response: { 201: authReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request, reply) => reply.status(201).send(await register(app, request.body, request.ip)),
  });

  app.get('/api/me', {
    preHandler: signedIn,
    schema: { summary: 'Shows the signed-in user.', operationId: 'getCurrentUser', tags: ['auth'], security: [{ bearer: [] }], response: { 200: meReplySchema } },
    handler: async (request) => ({ user: await currentUser(app, authOf(request)) }),
  });

  app.post('/api/logout', {
    preHandler: signedIn,
    schema: { summary: 'Signs out: the bearer token stops working.', operationId: 'logout', tags: ['auth'], security: [{ bearer: [] }], response: { 200: z.object({ message: z.string() }) } },
    handler: async (request) => {
      await logout(app, authOf(request));
      return { message: 'Logged out.' };
    },
  });

  app.put('/api/auth/profile', {
    preHandler: signedIn,
    schema: { summary: "Changes the signed-in user's name, email or password.", operationId: 'updateProfile', tags: ['auth'], security: [{ bearer: [] }], body: profileBodySchema, response: { 200: meReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request) => ({ user: await updateProfile(app, authOf(request), request.body, request.ip) }),
  });

  app.post('/api/auth/avatar', {
    preHandler: signedIn,
    schema: { summary: "Replaces the signed-in user's profile picture.", operationId: 'updateAvatar', tags: ['auth'], security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: { 200: meReplySchema, 413: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => {
      const form = await readForm(request);
      return { user: await updateAvatar(app, authOf(request), form.file?.buffer ?? null) };
    },
  });
};
