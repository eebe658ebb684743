import { z } from 'zod';
import { MAX_START_UP_READS, NOT_A_START_UP_READ } from './start-up-reads-constants';

export { MAX_START_UP_READS, START_UP_READS_PATH, type StartUpReply } from './start-up-reads-constants';

/**
 * One read: a GET of this API, by its path and query. The path is plain segments of letters, digits, `-` and `_`
 * (no dot segment, no escape, no empty segment), so no spelling of it can name another route than the one it reads
 * as: `/api/x/../start-up-reads` would have reached this route again, and `/api/x/../sync/events` a stream that never
 * ends.
 */
const readUrl = z
  .string()
  .max(500)
  .regex(/^\/api(\/[\w-]+)+(\?[^\s#]*)?$/, 'Name a read of this API: a path starting with /api/.')
  .refine((url) => !NOT_A_START_UP_READ.test(url), 'This read cannot be asked for with others.');

/** `?url=…&url=…`: one to MAX_START_UP_READS reads (a single one arrives as a string). */
export const startUpReadsQuerySchema = z.object({
  url: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(readUrl).min(1).max(MAX_START_UP_READS)),
});

export const startUpReadsReplySchema = z.object({
  replies: z.array(z.object({ url: z.string(), status: z.number().int(), type: z.string(), body: z.string() })),
});
