import { cashDayReplySchema } from '@kalinga/contracts/cash-days';
import { LENDING_OPERATIONS, SYNC_OPERATIONS, type OperationSpec, type ReplyKind, type SyncOperation } from '@kalinga/contracts/lending/operations';
import { customerReplySchema, itemReplySchema, loanActionReplySchema, loanReplySchema } from '@kalinga/contracts/lending/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { authOf } from '../../lib/auth-context';
import { jsonForm } from '../../lib/forms';
import { createCategory, updateCategory } from '../categories/category.service';
import { cashDayHandlers } from './cash-day.service';
import { customerHandlers } from './customer.service';
import { writeKeyOf } from './idempotency';
import { itemHandlers } from './item.service';
import { itemPlaceHandlers } from './item-place.service';
import { canManage, common, uuidParams, writeErrors } from './lending-routes-common';
import { loanActionHandlers } from './loan-actions.service';
import { loanExtensionHandlers } from './loan-extension.service';
import { loanHandlers } from './loan.service';
import type { OperationCall, OperationHandlers } from './operation-handler';
import { ticketPrintHandlers } from './ticket-print.service';

// The lending operations' writes, one handler per operation of the contracts' table, declared beside each service;
// the lending routes are registered from the table here and /api/sync/push calls the same handlers
// (docs/architecture.md#lending-slice, decision 0260).

export const LENDING_HANDLERS = {
  ...customerHandlers,
  ...loanHandlers,
  ...loanActionHandlers,
  ...loanExtensionHandlers,
  ...itemHandlers,
  ...itemPlaceHandlers,
  ...cashDayHandlers,
  ...ticketPrintHandlers,
  // The category routes read their body as a form and validate it in the service (text fields, as multipart sends).
  CREATE_CATEGORY: async ({ app, auth, body }) => {
    const { category, created } = await createCategory(app, auth, jsonForm(body));
    return { status: created ? 201 : 200, body: { data: category } };
  },
  UPDATE_CATEGORY: async ({ app, auth, uuid, body }) => ({ status: 200, body: { data: await updateCategory(app, auth, uuid, jsonForm(body)) } }),
} satisfies OperationHandlers;

/** An operation's handler, for a caller that holds a validated body of any operation. */
export function handlerOf(op: SyncOperation): (call: OperationCall<unknown>) => Promise<{ status: number; body: unknown }> {
  return LENDING_HANDLERS[op] as (call: OperationCall<unknown>) => Promise<{ status: number; body: unknown }>;
}

/** The schema a route declares for its reply. A form operation's reply is the categories module's. */
const REPLY_SCHEMAS: Record<Exclude<ReplyKind, 'category'>, ZodType> = {
  customer: customerReplySchema,
  loan: loanReplySchema,
  'loan-action': loanActionReplySchema,
  item: itemReplySchema,
  'cash-day': cashDayReplySchema,
};

const TAGS: Record<OperationSpec['table'], string> = { customers: 'customers', loans: 'loans', items: 'items', categories: 'categories', cashDays: 'cash days' };

/** Every operation of the table that takes a JSON body: its route, as the table says, calling its handler. */
export const lendingOperationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const op of SYNC_OPERATIONS) {
    const spec: OperationSpec = LENDING_OPERATIONS[op];
    if (spec.form || spec.reply === 'category') continue;
    const replies = REPLY_SCHEMAS[spec.reply];
    const handler = handlerOf(op);
    app.route({
      method: spec.method,
      url: spec.path,
      // A counter's act, like every queued write (/api/sync/push needs the same permission).
      preHandler: canManage,
      schema: {
        ...common(TAGS[spec.table]),
        summary: spec.summary,
        ...(spec.description && { description: spec.description }),
        operationId: spec.operationId,
        ...(!spec.create && { params: uuidParams }),
        body: spec.body,
        response: { 200: replies, ...((spec.create || spec.adds) && { 201: replies }), ...writeErrors },
      },
      handler: async (request, reply) => {
        const uuid = spec.create ? String((request.body as { uuid?: unknown }).uuid) : (request.params as { uuid: string }).uuid;
        const result = await handler({ app, auth: authOf(request), wk: writeKeyOf(request), uuid, body: request.body });
        return reply.status(result.status).send(result.body);
      },
    });
  }
};
