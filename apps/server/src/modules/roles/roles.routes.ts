import { errorReplySchema } from '@kalinga/contracts/common';
import { permissionsReplySchema, roleBodySchema, roleIdParamsSchema, roleReplySchema, rolesReplySchema } from '@kalinga/contracts/roles';
import { messageReplySchema } from '@kalinga/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { createRole, permissionsList, removeRole, rolesOf, updateRole } from './roles.service';

const security = [{ bearer: [] }];
const errors = { 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/roles', {
    preHandler: needs('manage users'),
    schema: { summary: "Lists the company's roles with their permissions.", operationId: 'listRoles', tags: ['roles'], security, response: { 200: rolesReplySchema, 403: errorReplySchema } },
    handler: async (request) => ({ data: await rolesOf(app.db, authOf(request)) }),
  });

  app.post('/api/roles', {
    preHandler: needs('manage users'),
    schema: { summary: 'Creates a role with a set of permissions.', operationId: 'createRole', tags: ['roles'], security, body: roleBodySchema, response: { 201: roleReplySchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send({ data: await createRole(app.db, authOf(request), request.body) }),
  });

  app.put('/api/roles/:id', {
    preHandler: needs('manage users'),
    schema: { summary: "Changes a role's name or permissions.", operationId: 'updateRole', tags: ['roles'], security, params: roleIdParamsSchema, body: roleBodySchema, response: { 200: roleReplySchema, ...errors } },
    handler: async (request) => ({ data: await updateRole(app.db, authOf(request), request.params.id, request.body) }),
  });

  app.delete('/api/roles/:id', {
    preHandler: needs('manage users'),
    schema: { summary: 'Deletes a role.', operationId: 'deleteRole', tags: ['roles'], security, params: roleIdParamsSchema, response: { 200: messageReplySchema, ...errors } },
    handler: async (request) => {
      await removeRole(app.db, authOf(request), request.params.id);
      return { message: 'Role deleted successfully' };
    },
  });

  app.get('/api/permissions', {
    preHandler: needs('manage users'),
    schema: { summary: 'Lists every permission a role can hold.', operationId: 'listPermissions', tags: ['roles'], security, response: { 200: permissionsReplySchema, 403: errorReplySchema } },
    handler: async () => ({ data: await permissionsList(app.db) }),
  });
};
