import { errorReplySchema } from '@kalinga/contracts/common';
import { branchInputSchema, branchSchema, userBranchesInputSchema } from '@kalinga/contracts/lending/branches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, needs } from '../../lib/auth-context';
import { assignUser, branchCash, branchList, createBranch, editBranch, myBranches } from './branches.service';
import { canView, common, readErrors, writeErrors } from './lending-routes-common';

// The company's branches and who works where (docs/decisions/0301-branches-schema.md): read with 'view lending',
// kept by a manager ('manage branches').

const canKeep = needs('manage branches');
const idParams = z.object({ id: z.coerce.number().int().positive('The id must be a positive whole number.') });
const listReply = z.object({ data: z.array(branchSchema) });
const oneReply = z.object({ data: branchSchema });
const cashReply = z.object({
  day: z.string(),
  data: z.array(z.object({ branch_id: z.number(), name: z.string(), entries: z.number(), cash_in: z.number(), cash_out: z.number(), net: z.number() })),
});
const assignReply = z.object({ data: z.object({ user_id: z.number(), branch_ids: z.array(z.number()) }) });

export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/branches', {
    preHandler: canView,
    schema: { summary: "Lists the company's branches (a manager also sees closed ones and who works at each).", operationId: 'listBranches', ...common('branches'), response: { 200: listReply, ...readErrors } },
    handler: async (request) => branchList(app.db, authOf(request)),
  });

  app.get('/api/branches/mine', {
    preHandler: canView,
    schema: { summary: 'Lists the branches the signed-in user may work at (a manager: every open branch).', operationId: 'listMyBranches', ...common('branches'), response: { 200: listReply, ...readErrors } },
    handler: async (request) => myBranches(app.db, authOf(request)),
  });

  app.get('/api/branches/cash', {
    preHandler: canView,
    schema: {
      summary: "Sums the day's register at each branch the caller may see (a manager: every branch): money in, out and the net.",
      operationId: 'branchCashPositions',
      ...common('branches'),
      querystring: z.object({ day: z.iso.date('The day must be a date (YYYY-MM-DD).').optional() }),
      response: { 200: cashReply, ...readErrors },
    },
    handler: async (request) => branchCash(app.db, authOf(request), request.query.day),
  });

  app.post('/api/branches', {
    preHandler: canKeep,
    schema: { summary: 'Adds a branch with its own ticket series.', operationId: 'createBranch', ...common('branches'), body: branchInputSchema, response: { 201: oneReply, ...writeErrors } },
    handler: async (request, reply) => reply.code(201).send(await createBranch(app.db, authOf(request), request.body)),
  });

  app.put('/api/branches/:id', {
    preHandler: canKeep,
    schema: { summary: "Changes a branch's name, address, BSP registration or ticket prefix, or closes it.", operationId: 'updateBranch', ...common('branches'), params: idParams, body: branchInputSchema, response: { 200: oneReply, ...writeErrors } },
    handler: async (request) => editBranch(app.db, authOf(request), request.params.id, request.body),
  });

  app.put('/api/branches/users/:id', {
    preHandler: canKeep,
    schema: { summary: 'Sets the branches a member of the company works at.', operationId: 'setUserBranches', ...common('branches'), params: idParams, body: userBranchesInputSchema, response: { 200: assignReply, ...writeErrors, 404: errorReplySchema } },
    handler: async (request) => assignUser(app.db, authOf(request), request.params.id, request.body.branch_ids),
  });
};
