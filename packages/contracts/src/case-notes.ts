import { z } from './zod';
import { isRealDate } from './zone-time';
import {
  CASE_NOTE_KINDS,
  CASE_NOTE_STATUSES,
  CASE_NOTE_TEMPLATES,
  CONTACT_CHANNELS,
  DEFAULT_LATE_ENTRY_DAYS,
  MAX_ADDENDUM_LENGTH,
  MAX_LATE_ENTRY_DAYS,
  MAX_SECTION_LENGTH,
  TEMPLATE_SECTIONS,
  type CaseNoteTemplate,
} from './case-note-constants';

// Case notes (docs/decisions/0208-case-notes.md): a draft is the author's to change; a signature locks it, and
// only addenda, each signed by its author, are added after. Bodies are confidential and encrypted at rest.

export * from './case-note-constants';

const section = z.string().max(MAX_SECTION_LENGTH, `A section may have at most ${MAX_SECTION_LENGTH} characters.`);
const sections = z.record(z.string().max(40), section);
const dateText = z.string().refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d), 'Enter a date as YYYY-MM-DD.');

/** The template's sections only; a section left out is empty. */
function sectionsFit(template: CaseNoteTemplate, given: Record<string, string>): boolean {
  const keys = new Set(TEMPLATE_SECTIONS[template].map((s) => s.key));
  return Object.keys(given).every((k) => keys.has(k));
}

const contentFields = {
  template: z.enum(CASE_NOTE_TEMPLATES, 'Choose a template.'),
  sections,
  /** A screening of the same client this note refers to. */
  screening_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
};

/** POST /api/clients/:id/case-notes: a new draft, of a session (its appointment) or of a contact (its date). */
export const createCaseNoteBodySchema = z
  .object({
    /** The device's key for this note: the same request sent again makes one draft. */
    uuid: z.string().uuid('Invalid note key.'),
    kind: z.enum(CASE_NOTE_KINDS, 'Choose a session or a contact.'),
    appointment_uuid: z.string().min(1).max(64).nullable().optional(),
    contact_channel: z.enum(CONTACT_CHANNELS, 'Choose how the contact happened.').nullable().optional(),
    contact_date: dateText.nullable().optional(),
    ...contentFields,
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'session' && !b.appointment_uuid) ctx.addIssue({ code: 'custom', path: ['appointment_uuid'], message: 'Choose the session this note is about.' });
    if (b.kind === 'contact' && !b.contact_channel) ctx.addIssue({ code: 'custom', path: ['contact_channel'], message: 'Choose how the contact happened.' });
    if (b.kind === 'contact' && !b.contact_date) ctx.addIssue({ code: 'custom', path: ['contact_date'], message: 'Enter the date of the contact.' });
    if (!sectionsFit(b.template, b.sections)) ctx.addIssue({ code: 'custom', path: ['sections'], message: "The sections do not match the template's." });
  });
export type CreateCaseNoteBody = z.infer<typeof createCaseNoteBodySchema>;

/** PUT /api/case-notes/:uuid: the draft's content (its author only, while it is a draft). */
export const updateCaseNoteBodySchema = z
  .object({
    ...contentFields,
    contact_channel: z.enum(CONTACT_CHANNELS, 'Choose how the contact happened.').optional(),
    contact_date: dateText.optional(),
  })
  .superRefine((b, ctx) => {
    if (!sectionsFit(b.template, b.sections)) ctx.addIssue({ code: 'custom', path: ['sections'], message: "The sections do not match the template's." });
  });
export type UpdateCaseNoteBody = z.infer<typeof updateCaseNoteBodySchema>;

/** POST /api/case-notes/:uuid/addenda: an addendum under a signed note, signed by its author as it is added. */
export const addendumBodySchema = z.object({
  uuid: z.string().uuid('Invalid addendum key.'),
  body: z.string().trim().min(1, 'Write the addendum.').max(MAX_ADDENDUM_LENGTH, `An addendum may have at most ${MAX_ADDENDUM_LENGTH} characters.`),
});
export type AddendumBody = z.infer<typeof addendumBodySchema>;

export const caseNoteParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

const signature = z.object({ name: z.string(), at: z.string() });

export const addendumSchema = z.object({
  uuid: z.string(),
  body: z.string(),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  signed_at: z.string(),
});
export type Addendum = z.infer<typeof addendumSchema>;

export const caseNoteSchema = z.object({
  uuid: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(CASE_NOTE_KINDS),
  contact_channel: z.enum(CONTACT_CHANNELS).nullable(),
  /** The session's or contact's day in the centre's zone. */
  session_date: z.string(),
  appointment: z.object({ uuid: z.string(), appointment_date: z.string() }).nullable(),
  template: z.enum(CASE_NOTE_TEMPLATES),
  sections: z.record(z.string(), z.string()),
  screening: z.object({ id: z.number().int(), kind: z.string(), created_at: z.string() }).nullable(),
  status: z.enum(CASE_NOTE_STATUSES),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** The author's signature; null while a draft. */
  signed: signature.nullable(),
  /** The supervisor who must co-sign (a trainee's note), and their signature once given. */
  supervisor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  cosigned: signature.nullable(),
  /** Signed more than the site's late-entry days after the session or contact. */
  late_entry: z.boolean(),
  addenda: z.array(addendumSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do with it now. */
  can: z.object({ edit: z.boolean(), sign: z.boolean(), cosign: z.boolean(), add_addendum: z.boolean() }),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseNoteReplySchema = z.object({ data: caseNoteSchema });
export const caseNoteListSchema = z.object({ data: z.array(caseNoteSchema) });
export type CaseNoteList = z.infer<typeof caseNoteListSchema>;

/** GET /api/case-notes/review-queue: notes waiting for the caller's co-signature, oldest first, without bodies. */
export const reviewQueueItemSchema = z.object({
  uuid: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(CASE_NOTE_KINDS),
  contact_channel: z.enum(CONTACT_CHANNELS).nullable(),
  session_date: z.string(),
  template: z.enum(CASE_NOTE_TEMPLATES),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  signed: signature,
  late_entry: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueSchema = z.object({ data: z.array(reviewQueueItemSchema) });

/** GET/PUT /api/case-note-settings: the site's templates, late-entry days, and whether clients read their signed notes. */
export const caseNoteSettingsSchema = z.object({
  templates: z
    .array(z.enum(CASE_NOTE_TEMPLATES))
    .min(1, 'Offer at least one template.')
    .refine((t) => new Set(t).size === t.length, 'Name each template once.'),
  late_entry_days: z.number('Enter a number of days.').int('Enter a whole number of days.').min(0, 'Enter 0 or more days.').max(MAX_LATE_ENTRY_DAYS, `Enter at most ${MAX_LATE_ENTRY_DAYS} days.`),
  clients_read_signed_notes: z.boolean(),
});
export type CaseNoteSettings = z.infer<typeof caseNoteSettingsSchema>;

export const DEFAULT_CASE_NOTE_SETTINGS: CaseNoteSettings = { templates: [...CASE_NOTE_TEMPLATES], late_entry_days: DEFAULT_LATE_ENTRY_DAYS, clients_read_signed_notes: false };
