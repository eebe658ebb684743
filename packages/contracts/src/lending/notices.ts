import { z } from '../zod';
import { paginated, pageQuerySchema } from '../common';
import { calendarDateField } from './schemas';
import { LANGUAGES } from '../languages';

// The notices before redemption periods end (decision 0184) and the auction list (decision 0185). Money in pesos.

export const NOTICE_EMAIL_STATUSES = ['sending', 'sent', 'failed', 'none'] as const;
export type NoticeEmailStatus = (typeof NOTICE_EMAIL_STATUSES)[number];

/** A notice as recorded: the dates and amount it stated, and how its email went ('none': no address or no mail server; a letter). */
export const pawnNoticeSchema = z.object({
  sent_at: z.string(),
  sent_by: z.string().nullable(),
  expiry_date: z.string(),
  amount_due: z.number(),
  email: z.string().nullable(),
  email_status: z.enum(NOTICE_EMAIL_STATUSES),
  email_error: z.string().nullable(),
  /**
   * The shop's next auction as the settings named it when the notice was sent (decision 0194); the notice's words
   * name the date only when it falls after the period ends. Null for a notice sent before this was recorded.
   */
  auction: z.object({ date: z.string().nullable(), place: z.string().nullable() }).nullable(),
});
export type PawnNotice = z.infer<typeof pawnNoticeSchema>;

const ticketFields = {
  loan_uuid: z.string(),
  pawn_ticket_number: z.string(),
  customer_uuid: z.string(),
  customer_name: z.string(),
  customer_address: z.string().nullable(),
  /** The pawner's language (decision 0291): the printed letter's (decision 0316); null: the site's default. */
  customer_language: z.enum(LANGUAGES).nullable().optional(),
  customer_email: z.string().nullable(),
  loan_date: z.string(),
  maturity_date: z.string(),
  expiry_date: z.string(),
  loan_amount: z.number(),
  /** The branch whose book holds the ticket: the letter prints its name, address and BSP registration (decision 0324). */
  branch: z.object({ name: z.string(), address: z.string().nullable(), bsp_registration: z.string().nullable() }).nullable().optional(),
};

/** A ticket to notify: its period ends within the shop's days; `notice` once one was recorded. */
export const noticeRowSchema = z.object({
  ...ticketFields,
  status: z.string(),
  /** What redeeming costs on the period's last day (what the notice states). */
  amount_due: z.number(),
  items: z.array(z.object({ description: z.string(), appraisal_value: z.number() })),
  notice: pawnNoticeSchema.nullable(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  /** Left out: the shop's setting. */
  within_days: z.coerce.number('The days must be a whole number from 1 to 90.').int('The days must be a whole number from 1 to 90.').min(1, 'The days must be a whole number from 1 to 90.').max(90, 'The days must be a whole number from 1 to 90.').optional(),
});
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;
/** `email_configured`: whether the server sends email at all (without it every notice is a printed letter). */
export const noticeListReplySchema = paginated(noticeRowSchema).extend({ within_days: z.number().int(), today: z.string(), email_configured: z.boolean() });
export type NoticeListReply = z.infer<typeof noticeListReplySchema>;

export const noticeReplySchema = z.object({ data: noticeRowSchema });
export type NoticeReply = z.infer<typeof noticeReplySchema>;

/** A forfeited item on the auction list, with its ticket's dates and what the notice recorded (null: none was sent). */
export const auctionRowSchema = z.object({
  ...ticketFields,
  item_uuid: z.string(),
  description: z.string(),
  item_status: z.string(),
  appraisal_value: z.number(),
  selling_price: z.number().nullable(),
  forfeiture_date: z.string().nullable(),
  notice: pawnNoticeSchema.nullable(),
  /** Forfeited without a sent notice: the manager who did it and their reason (decision 0217); null otherwise. */
  forfeit_override: z.object({ reason: z.string(), by: z.string().nullable() }).nullable(),
});
export type AuctionRow = z.infer<typeof auctionRowSchema>;
export const auctionListQuerySchema = pageQuerySchema;
export const auctionListReplySchema = paginated(auctionRowSchema);
export type AuctionListReply = z.infer<typeof auctionListReplySchema>;

// ---------- covered transactions (decision 0186) ----------

/** The loan dates to look at; left out, the last 30 days to today. At most a year. */
export const coveredQuerySchema = z
  .object({ from: calendarDateField.optional(), to: calendarDateField.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date may not be after the end date.', path: ['from'] });
export type CoveredQuery = z.infer<typeof coveredQuerySchema>;

export const coveredRowSchema = z.object({
  kind: z.enum(['single', 'day']),
  date: z.string(),
  file_by: z.string(),
  total: z.number(),
  customer_uuid: z.string(),
  customer_name: z.string(),
  loans: z.array(z.object({ uuid: z.string(), pawn_ticket_number: z.string(), loan_amount: z.number() })),
});
export type CoveredRow = z.infer<typeof coveredRowSchema>;
export const coveredReplySchema = z.object({ data: z.array(coveredRowSchema), from: z.string(), to: z.string(), today: z.string() });
export type CoveredReply = z.infer<typeof coveredReplySchema>;
