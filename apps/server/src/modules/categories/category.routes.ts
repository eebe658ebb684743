import { categoryListQuerySchema, categoryListReplySchema, categoryReplySchema } from '@kalinga/contracts/categories';
import { errorReplySchema, type PermissionName } from '@kalinga/contracts/common';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { forbidden } from '../../lib/http-errors';
import { authOf } from '../../lib/auth-context';
import { readForm } from '../../lib/forms';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './category.service';

const params = z.object({ id: z.string().min(1).max(64) });
const writeErrors = { 403: errorReplySchema, 404: errorReplySchema, 413: errorReplySchema, 422: errorReplySchema };
const security = [{ bearer: [] }];
const consumes = ['multipart/form-data', 'application/json'];

// Who may reach the routes at all: either side's permission. Which kind a user may read or change is the
// service's check (counselling: 'view/manage resources'; lending: 'view/manage lending'; decision 0121).
const eitherOf = (a: PermissionName, b: PermissionName): preHandlerAsyncHookHandler =>
  async function eitherPermission(request) {
    const { permissions } = authOf(request);
    if (!permissions.has(a) && !permissions.has(b)) throw forbidden();
  };
const reads = eitherOf('view resources', 'view lending');
const writes = eitherOf('manage resources', 'manage lending');

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', {
    preHandler: reads,
    schema: { summary: "Lists the company's categories, filtered and paged.", operationId: 'listCategories', tags: ['categories'], security, querystring: categoryListQuerySchema, response: { 200: categoryListReplySchema, 403: errorReplySchema, 422: errorReplySchema } },
    handler: async (request) => listCategories(app, authOf(request), request.query),
  });

  app.get('/api/categories/:id', {
    preHandler: reads,
    schema: { summary: 'Shows one category.', operationId: 'getCategory', tags: ['categories'], security, params, response: { 200: categoryReplySchema, 403: errorReplySchema, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getCategory(app, authOf(request), request.params.id) }),
  });

  app.post('/api/categories', {
    preHandler: writes,
    schema: { summary: 'Creates a category (optionally with an image).', operationId: 'createCategory', tags: ['categories'], security, consumes, response: { 200: categoryReplySchema, 201: categoryReplySchema, ...writeErrors } },
    handler: async (request, reply) => {
      const { category, created } = await createCategory(app, authOf(request), await readForm(request));
      return reply.status(created ? 201 : 200).send({ data: category });
    },
  });

  app.put('/api/categories/:id', {
    preHandler: writes,
    schema: { summary: 'Changes a category.', operationId: 'updateCategory', tags: ['categories'], security, params, consumes, response: { 200: categoryReplySchema, ...writeErrors } },
    handler: async (request) => ({ data: await updateCategory(app, authOf(request), request.params.id, await readForm(request)) }),
  });

  // Browsers cannot send files with PUT from a form; the web client posts with _method=PUT (body or query).
  app.post('/api/categories/:id', {
    preHandler: writes,
    schema: { summary: 'Changes a category from a form that cannot send PUT (_method=PUT).', operationId: 'updateCategoryByForm', tags: ['categories'], security, params, consumes, response: { 200: categoryReplySchema, 405: errorReplySchema, ...writeErrors } },
    handler: async (request) => {
      const form = await readForm(request);
      const method = (form.fields._method ?? (request.query as Record<string, string | undefined>)._method ?? '').toUpperCase();
      if (method !== 'PUT' && method !== 'PATCH') throw new HttpError(405, 'Send _method=PUT to update a category.');
      return { data: await updateCategory(app, authOf(request), request.params.id, form) };
    },
  });

  app.delete('/api/categories/:id', {
    preHandler: writes,
    schema: { summary: 'Deletes a category.', operationId: 'deleteCategory', tags: ['categories'], security, params, response: { 200: z.object({ message: z.string() }), 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema } },
    handler: async (request) => {
      await deleteCategory(app, authOf(request), request.params.id);
      return { message: 'Category deleted successfully' };
    },
  });
};
