import { z } from './zod';

/** The permissions (product-rules.md#permissions), as stored and checked. */
export const PERMISSIONS = [
  'manage users',
  'view appointments',
  'view resources',
  'view reports',
  'manage resources',
  'manage appointments',
  'view lending',
  'manage lending',
  // A supervisor's: dates a lending action further back than the site setting allows (decision 0120).
  'backdate lending',
  // A counselor's: reads clients' intake answers and scores, every read recorded (decision 0162).
  'view screenings',
  // The privacy officer's: reads the access log (who opened which client's record), never the content (decision 0200).
  'view access log',
  // A lending manager's: keeps the branches and who works where, and sees and acts at every branch (decision 0301).
  'manage branches',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/**
 * A client-made uuid the server cannot take (a new uuid colliding with a record's): the same words wherever the
 * record is, so the answer says nothing of another company's records (decision 0124).
 */
export const UUID_UNUSABLE = 'This uuid cannot be used; make a new one.';

export const USER_TYPES = ['student', 'personnel', 'counselor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** Record ids are 32-bit integers on PostgreSQL (serial); a larger one names nothing and is refused before any query. */
export const MAX_ID = 2_147_483_647;

/** A record id sent as a number or decimal text: a positive 32-bit integer. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID, 'The selected id is invalid.');

/** Query fields shared by every paginated list (product-rules.md#constants: default page size 10). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}

/** Error body of every failed call (architecture.md, rule 10). */
export const errorReplySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Whether YYYY-MM-DD names a day that exists (2024-02-29 does, 2023-02-30 and 2023-13-01 do not). */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** A real calendar date written YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.', abort: true })
  .refine(isRealDate, { message: 'Use a real calendar date (YYYY-MM-DD).', abort: true });
