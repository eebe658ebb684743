import { z } from './zod';
import { cashDaySchema } from './cash-days';
import { categorySchema } from './categories';
import { paginated, pageQuerySchema } from './common';
import { customerSchema, itemSchema, loanSchema, transactionSchema } from './lending/schemas';
import { SYNC_OPERATIONS } from './lending/operation-routes';
import { SYNC_CHUNK_SIZE, SYNC_EPOCH, SYNC_MAX_CHUNK_SIZE, SYNC_PUSH_LIMIT, SYNC_TABLES } from './sync-constants';

// GET /api/sync's cursor and the protocol's constants: sync-constants.ts (zod-free, what the device's engine reads).
export { SYNC_CHUNK_SIZE, SYNC_DELTA_LIMIT, SYNC_EPOCH, SYNC_MAX_CHUNK_SIZE, SYNC_PUSH_LIMIT, SYNC_TABLES, USE_TABLE_ENDPOINTS, type SyncTable } from './sync-constants';

/** GET /api/sync's cursor: the company's change counter, written `c<number>` (docs/decisions/0060). */
export function cursorOf(version: number): string {
  return `c${version}`;
}

/**
 * A cursor: `c<version>`, or `c<version>r<tag>` once the server's database was restored from a backup (the tag of that
 * restore, docs/decisions/0190-backups-and-restore.md). A cursor whose tag is not the server's comes from before
 * the restore and is refused like one ahead of the server.
 */
const CURSOR = /^c(\d{1,15})(?:r([a-z0-9]{1,16}))?$/;

/** The restore tag a cursor carries (null: none, or not a cursor). */
export function restoreTagOf(cursor: string): string | null {
  return CURSOR.exec(cursor)?.[2] ?? null;
}

/** The cursor without its restore tag (what the pull's window is read from); anything else unchanged. */
export function untaggedCursor(cursor: string): string {
  const m = CURSOR.exec(cursor);
  return m ? `c${m[1]}` : cursor;
}

/** The cursor marked with the server's restore tag (unchanged when the database was never restored). */
export function taggedCursor(cursor: string, tag: string | null): string {
  return tag ? `${untaggedCursor(cursor)}r${tag}` : cursor;
}

/** The counter a `since` names: 0 for the epoch (or any date-time, which only a first sync sends), else the cursor's. */
export function versionOf(since: string): number | null {
  const cursor = CURSOR.exec(since);
  if (cursor) return Number(cursor[1]);
  if (!Number.isNaN(Date.parse(since)) && /^\d{4}-\d{2}-\d{2}T/.test(since)) return 0;
  return null;
}

const sinceField = z
  .string()
  .max(40)
  .default(SYNC_EPOCH)
  .refine((s) => versionOf(s) !== null, 'The since field must be the epoch or a cursor the server returned.');

export const syncQuerySchema = z.object({
  since: sinceField,
  table: z.enum(SYNC_TABLES).optional(),
  /** Chunked download: rows with id greater than this. */
  last_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  chunk_size: z.coerce.number().int().min(1).max(SYNC_MAX_CHUNK_SIZE).default(SYNC_CHUNK_SIZE),
  /** The cursor the download was pinned to at its start (meta.cursor of the first reply); rows changed later come in the next delta. */
  until: z
    .string()
    .max(40)
    .refine((s) => CURSOR.test(s), 'The until field must be a cursor the server returned.')
    .optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const syncDeletedSchema = z.object({
  customers: z.array(z.string()),
  loans: z.array(z.string()),
  items: z.array(z.string()),
  transactions: z.array(z.string()),
  categories: z.array(z.string()),
});

export const syncDeltaReplySchema = z.object({
  data: z.object({
    customers: z.array(customerSchema),
    /** Loans with their items nested (the API's shape); the items are also listed under items. */
    loans: z.array(loanSchema),
    items: z.array(itemSchema),
    transactions: z.array(transactionSchema),
    categories: z.array(categorySchema),
    /**
     * The signed-in clerk's own cash days (decision 0193; only with 'manage lending'): those changed in the window,
     * and every day of theirs still open, with its position so far. Also in a reply that recommends the chunked
     * download (a clerk has one day a date). Left out by servers from before it.
     */
    cash_days: z.array(cashDaySchema).optional(),
    /** Tombstones: uuids of rows deleted since the cursor. */
    deleted: syncDeletedSchema,
  }),
  meta: z.object({
    /** Pass this as `since` next time (and as `until` for the chunked download it recommends). */
    cursor: z.string(),
    server_time: z.string(),
    total_changes: z.number().int(),
    recommendation: z.string().nullable(),
  }),
});
export type SyncDeltaReply = z.infer<typeof syncDeltaReplySchema>;

export const syncChunkReplySchema = z.object({
  data: z.array(z.union([customerSchema, loanSchema, itemSchema, transactionSchema, categorySchema])),
  meta: z.object({
    table: z.enum(SYNC_TABLES),
    /** The pinned cursor: after the last chunk of every table, store it as the sync state. */
    cursor: z.string(),
    server_time: z.string(),
    has_more: z.boolean(),
    /** Pass as last_id for the next chunk; null when there is none. */
    next_chunk_id: z.number().int().nullable(),
    /** Rows of this table the download covers (for a progress bar). */
    total: z.number().int(),
  }),
});
export type SyncChunkReply = z.infer<typeof syncChunkReplySchema>;

/**
 * GET /api/sync/conflicts: fields an update overwrote although the sending device had not seen their value (it
 * sent `was` with another one): last writer won, this is the record of it (docs/decisions/0103).
 */
export const fieldConflictSchema = z.object({
  id: z.number().int(),
  table_name: z.enum(['customers', 'loans', 'items']),
  record_uuid: z.string(),
  field: z.string(),
  /** The server's value the update replaced (set by another device meanwhile). */
  overwritten_value: z.string().nullable(),
  /** The value the sending device had before its change. */
  device_was_value: z.string().nullable(),
  /** The value the update wrote. */
  new_value: z.string().nullable(),
  /** Who sent the update. */
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type FieldConflict = z.infer<typeof fieldConflictSchema>;

export const conflictListQuerySchema = pageQuerySchema.extend({
  record_uuid: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('The record uuid must be a valid UUID.').optional()),
});
export type ConflictListQuery = z.infer<typeof conflictListQuerySchema>;
export const conflictListReplySchema = paginated(fieldConflictSchema);

/**
 * POST /api/sync/push: many queued writes in one request (docs/decisions/0130). Each mutation is the
 * single route's call (`operation` from lending-operations.ts, the record's `uuid`, the body that route takes)
 * with the queue entry's Idempotency-Key; the server applies them in order, each on its own, and answers each
 * with the status and JSON body its single route would have answered.
 */
export const syncMutationSchema = z.object({
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'The key must be 1 to 200 visible characters.'),
  operation: z.enum(SYNC_OPERATIONS),
  /** The record's uuid: the path's for an update or action, the body's own for a create. */
  uuid: z.string().max(200),
  body: z.record(z.string(), z.unknown()),
  /** The branch the device acted at when the write was made (decision 0322): it is recorded there, not where the batch is sent from. */
  branch_id: z.number().int().positive().optional(),
});
export type SyncMutation = z.infer<typeof syncMutationSchema>;

export const syncPushSchema = z.object({
  mutations: z.array(syncMutationSchema).min(1, 'Send at least one mutation.').max(SYNC_PUSH_LIMIT, `Send at most ${SYNC_PUSH_LIMIT} mutations at a time.`),
});
export type SyncPush = z.infer<typeof syncPushSchema>;

export const syncPushResultSchema = z.object({
  key: z.string(),
  /** The single route's status (2xx applied or replayed, 4xx refused, 5xx failed: send again). */
  status: z.number().int(),
  /** The single route's JSON body: its reply shape for 2xx, `{ message, errors? }` otherwise. */
  body: z.unknown(),
});
export type SyncPushResult = z.infer<typeof syncPushResultSchema>;

export const syncPushReplySchema = z.object({ results: z.array(syncPushResultSchema) });
export type SyncPushReply = z.infer<typeof syncPushReplySchema>;

/** GET /api/sync/book-key (decision 0375): takes no parameters. */
export const bookKeyQuerySchema = z.object({}).strict();

/** One key of the offline book: derived from one of the server's content keys, named by that key's id. */
export const bookKeySchema = z.object({
  id: z.string().min(1).max(64),
  /** 32 bytes, base64url. */
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The signed-in user's key to their offline book in this company (decision 0375): one per key of the server's
 * keyring, the current one first, so a book sealed before a key rotation still opens.
 */
export const bookKeyReplySchema = z.object({ data: z.object({ current: z.string(), keys: z.array(bookKeySchema).min(1) }) });
export type BookKeyReply = z.infer<typeof bookKeyReplySchema>;
