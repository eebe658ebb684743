import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientErrorOf } from '../lib/db-errors';
import { HttpError, VALIDATION_MESSAGE } from '../lib/http-errors';
import { localizeReply, requestLanguage } from '../lib/i18n';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
/** A body or file over the limit (product-rules.md#constants: 2 MB). */
export const FILE_TOO_LARGE = 'The file may not be greater than 2 MB.';

/**
 * Turns every failure into `{ message, errors? }` with the house status codes; never leaks internals. Validation
 * messages and refusals are in the language the request asks for (decision 0247).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.headers['accept-language']);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Zod does not report the input in its issues: read the sent value from the part of the request that failed.
      const source = (request as unknown as Record<string, unknown>)[error.validationContext ?? 'body'];
      return reply.status(422).send(localizeReply(language, validationReplyBody(error.validation, source)));
    }
    const known = clientErrorReply(error);
    if (known) {
      if (known.logged) request.log.info({ err: error }, 'database refused the input');
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.status).send(localizeReply(language, known.body));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(localizeReply(language, { message: FILE_TOO_LARGE }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): safe to pass their message on.
      return reply.status(status === 400 ? 422 : status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: UNEXPECTED_ERROR });
  });
}

/** One validation issue as the schema validator reports it (fastify-type-provider-zod). */
interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The 422 body of a request that failed its route's schema: field messages keyed by path, read with the sent value. */
export function validationReplyBody(validation: readonly ValidationIssue[], source: unknown): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const v of validation) {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    const input = v.params && 'input' in v.params ? v.params.input : valueAt(source, v.instancePath);
    (errors[path] ??= []).push(readableMessage(path, v.keyword, input, v.message));
  }
  const first = Object.values(errors)[0]?.[0];
  return { message: first ?? VALIDATION_MESSAGE, errors };
}

export interface ClientErrorReply {
  status: number;
  body: { message: string; errors?: Record<string, string[]> };
  headers?: Record<string, string>;
  /** A database refusal the services did not foresee: worth a log line. */
  logged: boolean;
}

/** An error meant for the client (HttpError, or a database refusal of the input) as status and body; null for any other. */
export function clientErrorReply(error: unknown): ClientErrorReply | null {
  // A database refusal the services did not foresee (a unique key taken by a concurrent request, an out-of-range number).
  const known = error instanceof HttpError ? error : clientErrorOf(error);
  if (!known) return null;
  const body = known.errors ? { message: known.message, errors: known.errors } : { message: known.message };
  return { status: known.statusCode, body, headers: known.headers, logged: known !== error };
}

/** The value at a JSON-pointer-like path (`/items/0/uuid`) of the sent body or query, or undefined. */
function valueAt(source: unknown, pointer: string): unknown {
  let v = source;
  for (const key of pointer.split('/').filter(Boolean)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Zod's "expected string, received undefined" becomes the user's "The name field is required." */
function readableMessage(path: string, keyword: string, input: unknown, message: string | undefined): string {
  if (keyword === 'invalid_type' && (input === undefined || input === null || /received (undefined|null)/.test(message ?? ''))) {
    return `The ${path.split('.').pop()!.replace(/_/g, ' ')} field is required.`;
  }
  return message ?? 'Invalid value.';
}
