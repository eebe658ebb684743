import { LENDING_OPERATIONS, operationPath, type SyncOperation } from '@kalinga/contracts/lending-operations';
import type { SyncMutation, SyncPushResult } from '@kalinga/contracts/sync';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context';
import { clientErrorReply, UNEXPECTED_ERROR, validationReplyBody } from '../../plugins/errors';
import { jsonForm } from '../../lib/forms';
import { createCategory, updateCategory } from '../categories/category.service';
import { createCustomer, updateCustomer } from '../lending/customer.service';
import { writeKey, type WriteKey, type WriteReply } from '../lending/idempotency';
import { closeCashDay, openCashDay } from '../lending/cash-day.service';
import { createItem, markAsSold, processForfeited, updateItem } from '../lending/item.service';
import { uuidParams } from '../lending/lending-routes-common';
import { forfeitLoan, redeemLoan, renewLoan } from '../lending/loan-actions.service';
import { extendLoan } from '../lending/loan-extension.service';
import { createLoan, updateLoan } from '../lending/loan.service';

// POST /api/sync/push (docs/decisions/0130): the queue's writes in one request. Each mutation goes
// through what its single route runs, in order and each on its own: the route's params and body validation, the
// same service function and so the same runWrite (its own transaction, Idempotency-Key claimed and reply stored per
// user, uuid-keyed creates, conditional state changes), and the route's error replies. Its result is the status
// and JSON body the single route would have answered; a refusal of one does not stop the others (the client keeps
// dependants out of the batch). The same key sent before through the single route replays here, and the reverse:
// method, path and body are fingerprinted exactly as the route does.

interface Call<B> {
  app: FastifyInstance;
  auth: AuthContext;
  wk: WriteKey;
  uuid: string;
  body: B;
}

type BodyOf<K extends SyncOperation> = z.infer<(typeof LENDING_OPERATIONS)[K]['body']>;
type Handlers = { [K in SyncOperation]: (call: Call<BodyOf<K>>) => Promise<WriteReply<unknown>> };

const HANDLERS: Handlers = {
  CREATE_CUSTOMER: ({ app, auth, wk, body }) => createCustomer(app.db, auth, wk, body),
  UPDATE_CUSTOMER: ({ app, auth, wk, uuid, body }) => updateCustomer(app.db, auth, wk, uuid, body),
  CREATE_LOAN: ({ app, auth, wk, body }) => createLoan(app.db, auth, wk, body),
  UPDATE_LOAN: ({ app, auth, wk, uuid, body }) => updateLoan(app.db, auth, wk, uuid, body),
  RENEW_LOAN: ({ app, auth, wk, uuid, body }) => renewLoan(app.db, auth, wk, uuid, body),
  EXTEND_LOAN: ({ app, auth, wk, uuid, body }) => extendLoan(app.db, auth, wk, uuid, body),
  REDEEM_LOAN: ({ app, auth, wk, uuid, body }) => redeemLoan(app.db, auth, wk, uuid, body ?? {}),
  FORFEIT_LOAN: ({ app, auth, wk, uuid, body }) => forfeitLoan(app.db, auth, wk, uuid, body ?? {}),
  CREATE_ITEM: ({ app, auth, wk, body }) => createItem(app.db, auth, wk, body),
  UPDATE_ITEM: ({ app, auth, wk, uuid, body }) => updateItem(app.db, auth, wk, uuid, body),
  PROCESS_FORFEITED_ITEM: ({ app, auth, wk, uuid, body }) => processForfeited(app.db, auth, wk, uuid, body),
  MARK_ITEM_SOLD: ({ app, auth, wk, uuid, body }) => markAsSold(app.db, auth, wk, uuid, body),
  // The category routes read their body as a form and validate it in the service (text fields, as multipart sends).
  CREATE_CATEGORY: async ({ app, auth, body }) => {
    const { category, created } = await createCategory(app, auth, jsonForm(body));
    return { status: created ? 201 : 200, body: { data: category } };
  },
  UPDATE_CATEGORY: async ({ app, auth, uuid, body }) => ({ status: 200, body: { data: await updateCategory(app, auth, uuid, jsonForm(body)) } }),
  OPEN_CASH_DAY: ({ app, auth, wk, body }) => openCashDay(app.db, auth, wk, body),
  CLOSE_CASH_DAY: ({ app, auth, wk, uuid, body }) => closeCashDay(app.db, auth, wk, uuid, body),
};

/** Operations whose route has no body schema (the service validates the form). */
const FORM_BODY = new Set<SyncOperation>(['CREATE_CATEGORY', 'UPDATE_CATEGORY']);
/** The category routes name their parameter `id` (an id or a uuid). */
const categoryParams = z.object({ id: z.string().min(1).max(64) });

type Check = { value: unknown } | { error: WriteReply<unknown> };

/** The route's schema check of one part of the request: the parsed value, or its 422 reply. */
function check(schema: z.ZodType, data: unknown): Check {
  // The validator the routes run (it only reads the schema), so the 422 is theirs word for word.
  const result = validatorCompiler({ schema, method: 'POST', url: '/api/sync/push' })(data) as { value?: unknown; error?: Parameters<typeof validationReplyBody>[0] };
  if (result.error) return { error: { status: 422, body: validationReplyBody(result.error, data) } };
  return { value: result.value };
}

/** One mutation, as its single route would answer it. */
async function applyMutation(app: FastifyInstance, auth: AuthContext, log: FastifyBaseLogger, m: SyncMutation): Promise<WriteReply<unknown>> {
  const spec = LENDING_OPERATIONS[m.operation];
  // Params before body, as Fastify validates a route's request.
  if (!spec.create) {
    const params = m.operation === 'UPDATE_CATEGORY' ? check(categoryParams, { id: m.uuid }) : check(uuidParams, { uuid: m.uuid });
    if ('error' in params) return params.error;
  }
  let body: unknown = m.body;
  if (!FORM_BODY.has(m.operation)) {
    const parsed = check(spec.body, m.body);
    if ('error' in parsed) return parsed.error;
    body = parsed.value;
  }
  if (spec.create && (body as { uuid?: unknown }).uuid !== m.uuid) {
    return { status: 422, body: { message: 'The uuid must be the body’s uuid.', errors: { uuid: ['The uuid must be the body’s uuid.'] } } };
  }
  const path = spec.create ? spec.path : operationPath(m.operation, m.uuid);
  const wk = writeKey(m.key, spec.method, path, body);
  const handler = HANDLERS[m.operation] as (call: Call<unknown>) => Promise<WriteReply<unknown>>;
  try {
    return await handler({ app, auth, wk, uuid: m.uuid, body });
  } catch (error) {
    const known = clientErrorReply(error);
    if (known) {
      if (known.logged) log.info({ err: error, key: m.key }, 'database refused the input');
      return { status: known.status, body: known.body };
    }
    // Only this mutation failed (its transaction rolled back): the client sends it again, the others stand.
    log.error({ err: error, key: m.key, operation: m.operation }, 'sync push mutation failed');
    return { status: 500, body: { message: UNEXPECTED_ERROR } };
  }
}

/** Applies the mutations one after another, each with its own result, in the order sent. */
export async function pushMutations(app: FastifyInstance, auth: AuthContext, log: FastifyBaseLogger, mutations: readonly SyncMutation[]): Promise<SyncPushResult[]> {
  const results: SyncPushResult[] = [];
  for (const m of mutations) {
    const { status, body } = await applyMutation(app, auth, log, m);
    results.push({ key: m.key, status, body });
  }
  return results;
}
