import { z } from './zod';
import { idSchema, isoDateSchema, pageQuerySchema, paginationMetaSchema } from './common';
import { ACCESS_KINDS, ACCESS_VIAS } from './client-access-constants';

// Break the glass and the access log (docs/decisions/0200-client-access-model.md, 0203, 0204).

export const BREAK_GLASS_REASON_RULE = 'Say why you must open this file now (10 to 500 characters).';

export const breakGlassBodySchema = z.object({
  reason: z.string(BREAK_GLASS_REASON_RULE).trim().min(10, BREAK_GLASS_REASON_RULE).max(500, BREAK_GLASS_REASON_RULE),
});
export type BreakGlassBody = z.infer<typeof breakGlassBodySchema>;

export const breakGlassGrantSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type BreakGlassGrant = z.infer<typeof breakGlassGrantSchema>;
export const breakGlassReplySchema = z.object({ data: breakGlassGrantSchema });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The Access log's filters: a person's or a client's name (part of it), what was opened, and days (the centre's). */
export const accessLogQuerySchema = pageQuerySchema.extend({
  person: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  client: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(ACCESS_KINDS, 'Choose what was opened from the list.').optional()),
  from: z.preprocess(blankToUndefined, isoDateSchema.optional()),
  to: z.preprocess(blankToUndefined, isoDateSchema.optional()),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/** One entry: who opened whose record, what, by which right, when, and the break-the-glass reason if any. */
export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  viewer_id: z.number().int().nullable(),
  viewer_name: z.string().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  kind: z.string(),
  via: z.enum(ACCESS_VIAS),
  reason: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogReplySchema = z.object({ data: z.array(accessLogEntrySchema), meta: paginationMetaSchema });
export type AccessLogReply = z.infer<typeof accessLogReplySchema>;

export const clientIdParamsSchema = z.object({ id: idSchema });

/** What a row of the grants list records: access given, or a password an administrator set (decision 0358). */
export const CLINICAL_GRANT_KINDS = ['grant', 'password_set'] as const;

/** A change that gave someone clinical access or the access log (decision 0202), as the privacy officer reads it. */
export const clinicalGrantSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_name: z.string().nullable(),
  granted_by_name: z.string().nullable(),
  what: z.string(),
  kind: z.enum(CLINICAL_GRANT_KINDS),
});
export type ClinicalGrant = z.infer<typeof clinicalGrantSchema>;
export const clinicalGrantsReplySchema = z.object({ data: z.array(clinicalGrantSchema), meta: paginationMetaSchema });
export type ClinicalGrantsReply = z.infer<typeof clinicalGrantsReplySchema>;
