import type { LENDING_OPERATIONS, SyncOperation } from '@kalinga/contracts/lending/operations';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context';
import type { WriteKey, WriteReply } from './idempotency';

// What a lending operation's write is handed, by its route and by /api/sync/push alike (docs/architecture.md#lending-slice):
// the body its route validated, the record's uuid (a create's is the body's), the write key of the request.

export interface OperationCall<B> {
  app: FastifyInstance;
  auth: AuthContext;
  wk: WriteKey;
  uuid: string;
  body: B;
}

/** The validated body of an operation, as its schema in the operations table says. */
export type BodyOf<K extends SyncOperation> = z.infer<(typeof LENDING_OPERATIONS)[K]['body']>;

/** Each operation's write. A service declares its own beside it (`satisfies Partial<OperationHandlers>`). */
export type OperationHandlers = { [K in SyncOperation]: (call: OperationCall<BodyOf<K>>) => Promise<WriteReply<unknown>> };
