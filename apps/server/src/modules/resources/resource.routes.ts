import { errorReplySchema } from '@kalinga/contracts/common';
import { resourceListQuerySchema, resourceListReplySchema, resourceReplySchema } from '@kalinga/contracts/resources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { authOf, needs } from '../../lib/auth-context';
import { readForm } from '../../lib/forms';
import { createResource, deleteResource, getResource, listResources, updateResource } from './resource.service';

const params = z.object({ id: z.string().min(1).max(64) });
const writeErrors = { 403: errorReplySchema, 404: errorReplySchema, 413: errorReplySchema, 422: errorReplySchema };
const security = [{ bearer: [] }];
const consumes = ['multipart/form-data', 'application/json'];

export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/resources', {
    preHandler: needs('view resources'),
    schema: { summary: "Lists the company's resources, filtered and paged.", operationId: 'listResources', tags: ['resources'], security, querystring: resourceListQuerySchema, response: { 200: resourceListReplySchema, 403: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => listResources(app, authOf(request), request.query),
  });

  app.get('/api/resources/:id', {
    preHandler: needs('view resources'),
    schema: { summary: 'Shows one resource.', operationId: 'getResource', tags: ['resources'], security, params, response: { 200: resourceReplySchema, 403: errorReplySchema, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getResource(app, authOf(request), request.params.id) }),
  });

  app.post('/api/resources', {
    preHandler: needs('manage resources'),
    schema: { summary: 'Creates a resource (optionally with an image).', operationId: 'createResource', tags: ['resources'], security, consumes, response: { 201: resourceReplySchema, ...writeErrors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createResource(app, authOf(request), await readForm(request)) }),
  });

  app.put('/api/resources/:id', {
    preHandler: needs('manage resources'),
    schema: { summary: 'Changes a resource.', operationId: 'updateResource', tags: ['resources'], security, params, consumes, response: { 200: resourceReplySchema, ...writeErrors } },
    handler: async (request) => ({ data: await updateResource(app, authOf(request), request.params.id, await readForm(request)) }),
  });

  // Files cannot travel in a browser PUT form; the client posts with _method=PUT (body or query).
  app.post('/api/resources/:id', {
    preHandler: needs('manage resources'),
    schema: { summary: 'Changes a resource from a form that cannot send PUT (_method=PUT).', operationId: 'updateResourceByForm', tags: ['resources'], security, params, consumes, response: { 200: resourceReplySchema, 405: errorReplySchema, ...writeErrors } },
    handler: async (request) => {
      const form = await readForm(request);
      const method = (form.fields._method ?? (request.query as Record<string, string | undefined>)._method ?? '').toUpperCase();
      if (method !== 'PUT' && method !== 'PATCH') throw new HttpError(405, 'Send _method=PUT to update a resource.');
      return { data: await updateResource(app, authOf(request), request.params.id, form) };
    },
  });

  app.delete('/api/resources/:id', {
    preHandler: needs('manage resources'),
    schema: { summary: 'Deletes a resource.', operationId: 'deleteResource', tags: ['resources'], security, params, response: { 200: z.object({ message: z.string() }), 403: errorReplySchema, 404: errorReplySchema } },
    handler: async (request) => {
      await deleteResource(app, authOf(request), request.params.id);
      return { message: 'Resource deleted successfully' };
    },
  });
};
