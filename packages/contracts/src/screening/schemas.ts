import { z } from '../zod';
import { MAX_CRISIS_CONTACTS } from './crisis';
import { DIFFICULTY_OPTIONS, GAD7_BANDS, GAD7_ITEMS, INTAKE_MODES, PHQ9_BANDS, PHQ9_ITEMS } from './items';

// Intake screening, crisis contacts and urgent triage (docs/decisions/0160-0164). Answers and scores are
// confidential: only the routes under 'view screenings' return them, and every such read is recorded.

export * from './items';

const answer = z.number('Choose an answer for every question.').int('Choose an answer for every question.').min(0, 'Choose an answer for every question.').max(3, 'Choose an answer for every question.');

/** POST /api/screenings: the client's own answers (the server scores them). */
export const screeningBodySchema = z.object({
  /** The device's key for this submission: the same answers sent again (a lost reply, a double press) are stored once. */
  uuid: z.string().uuid('Invalid submission key.'),
  phq9: z.array(answer).length(PHQ9_ITEMS.length, `Answer all ${PHQ9_ITEMS.length} questions.`),
  gad7: z.array(answer).length(GAD7_ITEMS.length, `Answer all ${GAD7_ITEMS.length} questions.`),
  /** The unscored closing question; optional, as on the printed forms. */
  difficulty: z.number().int().min(0).max(DIFFICULTY_OPTIONS.length - 1, 'Choose one of the answers.').nullable().optional(),
});
export type ScreeningBody = z.infer<typeof screeningBodySchema>;

/** The client's reply: no scores (they are the counselors'), only whether the crisis screen must open. */
export const screeningReplySchema = z.object({ crisis: z.boolean() });
export type ScreeningReply = z.infer<typeof screeningReplySchema>;

/** GET /api/screenings/status: what the signed-in client is asked for. */
export const screeningStatusSchema = z.object({
  mode: z.enum(INTAKE_MODES),
  /** True when the client has answered before (an intake exists). */
  done: z.boolean(),
  /** A counselor asked for a repeat that has not been answered yet. */
  requested: z.boolean(),
});
export type ScreeningStatus = z.infer<typeof screeningStatusSchema>;

/** One screening as a counselor reads it. */
export const screeningSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['intake', 'follow-up']),
  phq9: z.array(z.number().int()),
  gad7: z.array(z.number().int()),
  difficulty: z.number().int().nullable(),
  phq9_score: z.number().int(),
  phq9_band: z.enum(PHQ9_BANDS),
  gad7_score: z.number().int(),
  gad7_band: z.enum(GAD7_BANDS),
  created_at: z.string(),
});
export type Screening = z.infer<typeof screeningSchema>;

/** GET /api/clients/:id/screenings: a client's screenings, oldest first (the chart's order). */
export const clientScreeningsSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string() }),
  screenings: z.array(screeningSchema),
  /** A repeat asked for and not answered yet. */
  requested_at: z.string().nullable(),
});
export type ClientScreenings = z.infer<typeof clientScreeningsSchema>;

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Each contact needs a name.').max(120, 'A contact name may not be greater than 120 characters.'),
  number: z.string().trim().min(1, 'Each contact needs a number.').max(40, 'A number may not be greater than 40 characters.').regex(/^[+\d][\d\s()-]*$/, 'A number may hold digits, spaces, brackets, dashes and a leading +.'),
  hours: z.string().trim().max(120, 'The hours may not be greater than 120 characters.'),
});

/** GET /api/crisis-contacts (every member): what the crisis screen shows, kept on the device. */
export const crisisInfoSchema = z.object({
  contacts: z.array(z.object({ name: z.string(), number: z.string(), hours: z.string() })),
  next_steps: z.string(),
});

/** GET/PUT /api/safety-settings (managers): intake mode, crisis contacts, on-call counselors, escalation. */
export const safetySettingsSchema = z.object({
  intake_mode: z.enum(INTAKE_MODES),
  crisis_contacts: z.array(z.object({ name: z.string(), number: z.string(), hours: z.string() })),
  next_steps: z.string(),
  on_call_ids: z.array(z.number().int()),
  escalation_minutes: z.number().int(),
  updated_at: z.string(),
});
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

export const safetySettingsBodySchema = z.object({
  intake_mode: z.enum(INTAKE_MODES, 'Choose off, offered or required.'),
  crisis_contacts: z.array(contactSchema).min(1, 'Keep at least one crisis contact.').max(MAX_CRISIS_CONTACTS, `At most ${MAX_CRISIS_CONTACTS} crisis contacts.`),
  next_steps: z.string().trim().min(1, 'Say what happens next.').max(1000, 'What happens next may not be greater than 1000 characters.'),
  on_call_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(50, 'At most 50 counselors on call.'),
  escalation_minutes: z.number('The escalation time must be a number of minutes.').int('The escalation time must be a whole number of minutes.').min(1, 'The escalation time must be between 1 and 240 minutes.').max(240, 'The escalation time must be between 1 and 240 minutes.'),
});
export type SafetySettingsBody = z.infer<typeof safetySettingsBodySchema>;

/** POST /api/urgent-cases: the client's "I need help now". */
export const urgentCaseReplySchema = z.object({ id: z.number().int(), created: z.boolean() });

export const TRIAGE_KINDS = ['urgent', 'intake', 'waitlist'] as const;

/** One row of the Triage list. */
export const triageItemSchema = z.object({
  kind: z.enum(TRIAGE_KINDS),
  /** The urgent case's id (kind 'urgent'), the screening's id (kind 'intake'), the waitlist entry's id (kind 'waitlist'). */
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  /** When it was raised or answered. */
  at: z.string(),
  /** For 'urgent': 'button' or 'screening'. */
  source: z.enum(['button', 'screening']).nullable(),
  /** For 'intake': the worse of the two bands. */
  band: z.enum(PHQ9_BANDS).nullable(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  /** For 'urgent': the start of the same-day session booked for it, and with whom (decision 0165). */
  booked_at: z.string().nullable(),
  booked_with: z.string().nullable(),
  /** What was done ('Acknowledged by …', 'Escalated to all counselors', 'Waiting'). */
  action: z.string(),
});
export type TriageItem = z.infer<typeof triageItemSchema>;
export const triageListSchema = z.object({ data: z.array(triageItemSchema) });
