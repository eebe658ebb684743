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
    schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request) => login(app, request.body, request.ip),
  });

  app.post('/api/register', {
    config: { public: true },
    schema: { tags: ['auth'], body: registerBodySchema, response: { 201: authReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request, reply) => reply.status(201).send(await register(app, request.body, request.ip)),
  });

  app.get('/api/me', {
    preHandler: signedIn,
    schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: meReplySchema } },
    handler: async (request) => ({ user: currentUser(authOf(request)) }),
  });

  app.post('/api/logout', {
    preHandler: signedIn,
    schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: z.object({ message: z.string() }) } },
    handler: async (request) => {
      await logout(app, authOf(request));
      return { message: 'Logged out.' };
    },
  });

  app.put('/api/auth/profile', {
    preHandler: signedIn,
    schema: { tags: ['auth'], security: [{ bearer: [] }], body: profileBodySchema, response: { 200: meReplySchema, 422: errorReplySchema, 429: errorReplySchema } },
    handler: async (request) => ({ user: await updateProfile(app, authOf(request), request.body, request.ip) }),
  });

  app.post('/api/auth/avatar', {
    preHandler: signedIn,
    schema: { tags: ['auth'], security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: { 200: meReplySchema, 413: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => {
      const form = await readForm(request);
      return { user: await updateAvatar(app, authOf(request), form.file?.buffer ?? null) };
    },
  });
};
