import { isSyncOperation, OPERATION_ROUTES, operationPath, type ReplyKind } from '@kalinga/contracts/lending/operation-routes';
import type { SyncQueueEntry } from './db';

// An entry's call, from the one table of lending operations the server declares its routes from (contracts'
// lending/operation-routes.ts: zod-free, so the engine's start evaluates no schema, decision 0335). An entry's
// data is the request body plus the record's uuid (which, for updates and actions, goes in the path instead).

export { isSyncOperation };

export interface OperationCall {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** How the reply is applied (queue-apply.ts). */
  reply: ReplyKind;
}

export class UnknownOperationError extends Error {
  constructor(operation: string) {
    super(`Unknown sync operation: ${operation}`);
  }
}

/** The call an entry makes; an unknown operation is an error (product-rules.md#sync-queue). */
export function callFor(entry: Pick<SyncQueueEntry, 'operation' | 'data'>): OperationCall {
  const op: string = entry.operation;
  if (!isSyncOperation(op)) throw new UnknownOperationError(op);
  const spec = OPERATION_ROUTES[op];
  if (spec.create) return { method: spec.method, path: spec.path, body: entry.data, reply: spec.reply };
  const { uuid, ...body } = entry.data;
  return { method: spec.method, path: operationPath(op, uuid), body, reply: spec.reply };
}
