// The sync protocol's constants, zod-free: the device's sync engine (the queue and the pulls) needs only these
// and the operations' routes (lending/operation-routes.ts), not the schemas, so its start evaluates no zod
// (decision 0335). sync.ts re-exports them beside the schemas built from them.

/**
 * GET /api/sync: pull with the server's cursor, never the client's clock (docs/decisions/0060).
 * A cursor is the company's change counter, written `c<number>`; the first pull sends the epoch,
 * which means "from the beginning".
 */
export const SYNC_EPOCH = '1970-01-01T00:00:00.000Z';
export const SYNC_CHUNK_SIZE = 1000;
export const SYNC_MAX_CHUNK_SIZE = 5000;
/** Above this many changed rows the delta reply is empty and recommends the chunked download. */
export const SYNC_DELTA_LIMIT = 5000;
export const USE_TABLE_ENDPOINTS = 'Use individual table endpoints';

export const SYNC_TABLES = ['customers', 'loans', 'items', 'transactions', 'categories'] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/** POST /api/sync/push: the most mutations one request carries (docs/decisions/0130). */
export const SYNC_PUSH_LIMIT = 100;
