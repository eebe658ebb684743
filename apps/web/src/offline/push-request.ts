import type { SyncMutation } from '@kalinga/contracts/sync';
import { ApiError, rawRequest, type RawReply } from '../lib/api-client';
import type { SyncQueueEntry } from './db';
import type { OperationCall } from './operations';
import { idempotencyKey } from './sync-queue';

// How the queue runner's entries go out: one through its own route, more in one POST /api/sync/push (decision 0130),
// each with its Idempotency-Key, its company and the branch it was written at (decision 0322).

export const PUSH_PATH = '/api/sync/push';

/** A batch: entries due and free to go (none waits for another), with their calls. */
export interface Batched {
  entry: SyncQueueEntry;
  call: OperationCall;
}

/** A batch's request under way: the reply, or why there is none. */
export type Posted = { reply: RawReply } | { failed: string };

/** Headers of an entry's (or a batch's) request: sent to the company it was made in (the book's, which the session's calls name too). */
function companyHeaders(entry: SyncQueueEntry): Record<string, string> {
  return entry.company_id ? { 'X-Company-Id': String(entry.company_id) } : {};
}

/** Headers of one entry's own request: its company, and the branch it was written at (decision 0322). */
function entryHeaders(entry: SyncQueueEntry): Record<string, string> {
  return entry.branch_id ? { ...companyHeaders(entry), 'X-Kalinga-Branch': String(entry.branch_id) } : companyHeaders(entry);
}

/** One entry as a mutation of a batch, with the branch it was written at (decision 0322). */
function mutationOf({ entry, call }: Batched, client: string): SyncMutation {
  const mutation: SyncMutation = { key: idempotencyKey(client, entry), operation: entry.operation, uuid: String(entry.data.uuid), body: call.body };
  if (entry.branch_id) mutation.branch_id = entry.branch_id;
  return mutation;
}

/** One entry through its own route. Throws as rawRequest does (offline, a timeout). */
export function sendOne(entry: SyncQueueEntry, call: OperationCall, client: string): Promise<RawReply> {
  return rawRequest(call.method, call.path, call.body, { 'Idempotency-Key': idempotencyKey(client, entry), ...entryHeaders(entry) });
}

/** Sends a batch: one entry through its own route, more in one POST /api/sync/push. Never throws. */
export function post(batch: Batched[], client: string): Promise<Posted> {
  const [{ entry, call }] = batch;
  const request = batch.length === 1 ? sendOne(entry, call, client) : rawRequest('POST', PUSH_PATH, { mutations: batch.map((b) => mutationOf(b, client)) }, companyHeaders(entry));
  return request.then(
    (reply) => ({ reply }),
    (error: unknown) => ({ failed: error instanceof ApiError ? error.message : 'The request failed.' }),
  );
}
