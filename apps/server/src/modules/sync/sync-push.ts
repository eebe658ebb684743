import { LENDING_OPERATIONS, operationPath, type OperationSpec } from '@kalinga/contracts/lending/operations';
import type { SyncMutation, SyncPushResult } from '@kalinga/contracts/sync';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context';
import { type Language, localizeReply } from '../../lib/i18n';
import { clientErrorReply, UNEXPECTED_ERROR, validationReplyBody } from '../../plugins/errors';
import { actingAt } from '../lending/branch-context';
import { writeKey, type WriteReply } from '../lending/idempotency';
import { handlerOf } from '../lending/lending-operations';
import { uuidParams } from '../lending/lending-routes-common';

// POST /api/sync/push (docs/decisions/0130): the queue's writes in one request. Each mutation goes
// through what its single route runs, in order and each on its own: the route's params and body validation, the
// same handler of the lending operations (lending/lending-operations.ts, docs/architecture.md#lending-slice), the
// same service function and so the same runWrite (its own transaction, Idempotency-Key claimed and reply stored per
// user, uuid-keyed creates, conditional state changes), and the route's error replies. Its result is the status
// and JSON body the single route would have answered; a refusal of one does not stop the others (the client keeps
// dependants out of the batch). The same key sent before through the single route replays here, and the reverse:
// method, path and body are fingerprinted exactly as the route does.

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
  const spec: OperationSpec = LENDING_OPERATIONS[m.operation];
  // Params before body, as Fastify validates a route's request.
  if (!spec.create) {
    const params = spec.form ? check(categoryParams, { id: m.uuid }) : check(uuidParams, { uuid: m.uuid });
    if ('error' in params) return params.error;
  }
  let body: unknown = m.body;
  if (!spec.form) {
    const parsed = check(spec.body, m.body);
    if ('error' in parsed) return parsed.error;
    body = parsed.value;
  }
  if (spec.create && (body as { uuid?: unknown }).uuid !== m.uuid) {
    return { status: 422, body: { message: 'The uuid must be the body’s uuid.', errors: { uuid: ['The uuid must be the body’s uuid.'] } } };
  }
  const path = spec.create ? spec.path : operationPath(m.operation, m.uuid);
  const wk = writeKey(m.key, spec.method, path, body);
  try {
    // Recorded at the branch the write was made at, when the device says (decision 0322), else the request's.
    const at = m.branch_id === undefined ? auth : actingAt(auth, m.branch_id);
    return await handlerOf(m.operation)({ app, auth: at, wk, uuid: m.uuid, body });
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

/** A refusal's `{ message, errors? }` in the request's language, as the single route's error handler says it (decision 0290). */
function localized(language: Language, status: number, body: unknown): unknown {
  const isMessage = (b: unknown): b is { message: string; errors?: Record<string, string[]> } => typeof (b as { message?: unknown } | null)?.message === 'string';
  return status >= 400 && isMessage(body) ? localizeReply(language, body) : body;
}

/** Applies the mutations one after another, each with its own result, in the order sent; refusals in `language`. */
export async function pushMutations(app: FastifyInstance, auth: AuthContext, log: FastifyBaseLogger, mutations: readonly SyncMutation[], language: Language = 'en'): Promise<SyncPushResult[]> {
  const results: SyncPushResult[] = [];
  for (const m of mutations) {
    const { status, body } = await applyMutation(app, auth, log, m);
    results.push({ key: m.key, status, body: localized(language, status, body) });
  }
  return results;
}
