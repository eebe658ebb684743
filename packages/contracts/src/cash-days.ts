import { z } from './zod';
import { isoDateSchema } from './common';
import { moneyField } from './lending/schemas';

// A clerk's cash day (decision 0188): opened with a float, closed with the count. Money in pesos, as in the API.

export const cashPositionSchema = z.object({
  opening_float: z.number(),
  disbursed: z.number(),
  interest: z.number(),
  penalties: z.number(),
  redemptions: z.number(),
  renewals: z.number(),
  sales: z.number(),
  reversals: z.number(),
  expected: z.number(),
});

export const cashDaySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  day: z.string(),
  status: z.enum(['open', 'closed']),
  user_id: z.number().int().nullable(),
  opening_float: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  close_note: z.string().nullable(),
  /** While open, the position so far; once closed, the position the close recorded. */
  position: cashPositionSchema,
  version: z.number().int(),
});
export type CashDay = z.infer<typeof cashDaySchema>;

export const cashDayReplySchema = z.object({ data: cashDaySchema });
export const cashDayListReplySchema = z.object({ data: z.array(cashDaySchema) });

/** Opening a day: the client's uuid (a repeat is the same day), the day (the counter's today when left out), the float. */
export const cashDayOpenSchema = z.object({
  uuid: z.uuid('The uuid must be a valid UUID.'),
  day: isoDateSchema.optional(),
  opening_float: moneyField('opening float'),
});
export type CashDayOpen = z.infer<typeof cashDayOpenSchema>;

export const cashDayCloseSchema = z.object({
  counted: moneyField('counted cash'),
  note: z.string().trim().max(500, 'The note may have at most 500 characters.').optional(),
});
export type CashDayClose = z.infer<typeof cashDayCloseSchema>;

export const cashDayListQuerySchema = z.object({ day: isoDateSchema });
