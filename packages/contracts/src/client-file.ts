import { z } from './zod';
import { idSchema, isoDateSchema } from './common';

// The client file, referrals, closing, the client's own record, correction requests and retention
// (docs/decisions/0235-client-file-and-disclosure.md, 0236-retention-and-purge.md).

export const FILE_CLOSED = 'This file is closed: reopen it with a reason first.';
export const FILE_OPEN_ALREADY = 'This file is open.';
export const FILE_CLOSED_ALREADY = 'This file is closed already.';
export const FILE_HAS_DRAFTS = 'This file has unsigned case notes: they must be signed or deleted before it is closed.';
export const NOT_ON_CARE_TEAM = "You are not on this client's care team";
export const REFER_RULE = 'Say why you refer this client (10 to 500 characters).';
export const CLOSE_RULE = 'Write a closing summary (10 to 5000 characters).';
export const REOPEN_RULE = 'Say why the file is reopened (10 to 500 characters).';
export const CORRECTION_RULE = 'Say what should be corrected (10 to 2000 characters).';
export const ANSWER_RULE = 'Write your answer to the client (10 to 2000 characters).';
export const RANGE_RULE = 'The end of the range cannot be before its start.';
export const RETENTION_YEARS_RULE = 'Closed files must be kept a whole number of years from 1 to 100.';

const text = (rule: string, min: number, max: number) => z.string(rule).trim().min(min, rule).max(max, rule);

export const TIMELINE_TYPES = ['appointment', 'screening', 'urgent_case', 'note', 'waitlist', 'referral', 'file', 'correction'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];
export const TIMELINE_TYPE_LABELS: Record<TimelineType, string> = {
  appointment: 'Appointments',
  screening: 'Screenings',
  urgent_case: 'Urgent cases',
  note: 'Notes',
  waitlist: 'Waitlist',
  referral: 'Referrals',
  file: 'Closing and reopening',
  correction: 'Correction requests',
};

export const correctionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  body: z.string(),
  created_at: z.string(),
  outcome: z.enum(['corrected', 'declined']).nullable(),
  answer: z.string().nullable(),
  answered_by_name: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type Correction = z.infer<typeof correctionSchema>;

export const timelineItemSchema = z.object({
  key: z.string(),
  type: z.enum(TIMELINE_TYPES),
  /** A no-show or a late cancellation, shown as a badge. */
  mark: z.enum(['no_show', 'late_cancellation']).nullable(),
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const fileStateSchema = z.object({
  status: z.enum(['open', 'closed']),
  closed_at: z.string().nullable(),
  closing_summary: z.string().nullable(),
  purged_at: z.string().nullable(),
});
export type FileState = z.infer<typeof fileStateSchema>;

export const clientFileSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string(), user_type: z.string() }),
  file: fileStateSchema,
  access: z.object({ via: z.enum(['care_team', 'supervisor', 'break_glass']), expires_at: z.string().nullable() }),
  /** The caller may refer, close, reopen and answer corrections (the care team). */
  may_act: z.boolean(),
  timeline: z.array(timelineItemSchema),
  scores: z.array(z.object({ id: z.number().int(), created_at: z.string(), phq9_score: z.number().int(), gad7_score: z.number().int() })),
  corrections: z.array(correctionSchema),
});
export type ClientFile = z.infer<typeof clientFileSchema>;
export const clientFileReplySchema = z.object({ data: clientFileSchema });

export const myClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  last_seen: z.string().nullable(),
  next_at: z.string().nullable(),
  file_status: z.enum(['open', 'closed']),
});
export type MyClient = z.infer<typeof myClientSchema>;
export const myClientsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const myClientsReplySchema = z.object({ data: z.array(myClientSchema) });

export const referBodySchema = z.object({ to_counselor_id: idSchema, reason: text(REFER_RULE, 10, 500) });
export type ReferBody = z.infer<typeof referBodySchema>;
export const closeBodySchema = z.object({ summary: text(CLOSE_RULE, 10, 5000) });
export const reopenBodySchema = z.object({ reason: text(REOPEN_RULE, 10, 500) });
export const fileStateReplySchema = z.object({ data: fileStateSchema });

export const disclosureQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.to >= q.from, { message: RANGE_RULE, path: ['to'] });
export type DisclosureQuery = z.infer<typeof disclosureQuerySchema>;

export const correctionBodySchema = z.object({ uuid: z.uuid('The request needs a uuid.'), body: text(CORRECTION_RULE, 10, 2000) });
export type CorrectionBody = z.infer<typeof correctionBodySchema>;
export const correctionAnswerBodySchema = z.object({ outcome: z.enum(['corrected', 'declined'], 'Choose whether the record was corrected.'), answer: text(ANSWER_RULE, 10, 2000) });
export type CorrectionAnswerBody = z.infer<typeof correctionAnswerBodySchema>;
export const correctionReplySchema = z.object({ data: correctionSchema });
export const correctionsReplySchema = z.object({ data: z.array(correctionSchema) });
export const correctionParamsSchema = z.object({ id: idSchema, correctionId: idSchema });

export const myRecordQuerySchema = z.object({ format: z.enum(['json', 'pdf'], 'Choose JSON or PDF.').default('json') });

/** What the centre shares with a client of their own record (decision 0235). */
export const myRecordSchema = z.object({
  client: z.object({ name: z.string(), email: z.string() }),
  centre: z.string(),
  generated_at: z.string(),
  appointments: z.array(z.object({ date: z.string(), counselor: z.string(), status: z.string(), late_cancellation: z.boolean(), location_type: z.string(), reason: z.string() })),
  screenings: z.array(z.object({ date: z.string(), kind: z.string(), phq9: z.array(z.number().int()), gad7: z.array(z.number().int()), difficulty: z.number().int().nullable() })),
  /** Null when the centre does not share notes with clients. */
  notes: z
    .array(z.object({ date: z.string(), author: z.string(), sections: z.record(z.string(), z.string()), addenda: z.array(z.object({ author: z.string(), signed_at: z.string(), body: z.string() })) }))
    .nullable(),
  corrections: z.array(correctionSchema),
});
export type MyRecord = z.infer<typeof myRecordSchema>;

export const purgeSchema = z.object({
  id: z.number().int(),
  client_name: z.string(),
  closed_at: z.string(),
  keep_until: z.string(),
  listed_at: z.string(),
  status: z.enum(['listed', 'approved', 'purged']),
  approved_by_name: z.string().nullable(),
  purged_at: z.string().nullable(),
  counts: z.record(z.string(), z.number().int()).nullable(),
});
export type Purge = z.infer<typeof purgeSchema>;
export const purgesReplySchema = z.object({ data: z.array(purgeSchema), retention_years: z.number().int() });
export const purgeReplySchema = z.object({ data: purgeSchema });
export const purgeParamsSchema = z.object({ id: idSchema });
