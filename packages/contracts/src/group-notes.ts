import { CASE_NOTE_STATUSES, MAX_ADDENDUM_LENGTH, MAX_SECTION_LENGTH } from './case-note-constants';
import { idSchema } from './common';
import { MAX_GROUP_CAPACITY } from './group-constants';
import { z } from './zod';

// Group notes (docs/decisions/0295-group-notes.md): one note per group session, by a facilitator; a shared part and
// a part per member who was present. Drafting, signing, co-signing and addenda follow the case notes' rules
// (decision 0208). A member's record shows the shared part and that member's part only (decision 0296).

const text = z.string().max(MAX_SECTION_LENGTH, `A part may have at most ${MAX_SECTION_LENGTH} characters.`);

export const groupNoteSharedSchema = z.object({
  /** The themes the group worked on. */
  themes: text,
  /** What the group did. */
  activities: text,
});
export type GroupNoteShared = z.infer<typeof groupNoteSharedSchema>;

const partsSchema = z
  .array(z.object({ client_id: idSchema, text }))
  .max(MAX_GROUP_CAPACITY)
  .refine((parts) => new Set(parts.map((p) => p.client_id)).size === parts.length, 'Write one part per member.');

/** PUT /api/group-notes/:uuid: the draft's content (its author only). */
export const groupNoteContentSchema = z.object({ shared: groupNoteSharedSchema, parts: partsSchema });
export type GroupNoteContent = z.infer<typeof groupNoteContentSchema>;

/** POST /api/group-sessions/:uuid/note: a new draft; the same uuid again gives the first draft back. */
export const createGroupNoteBodySchema = groupNoteContentSchema.extend({ uuid: z.string().uuid('Invalid note key.') });
export type CreateGroupNoteBody = z.infer<typeof createGroupNoteBodySchema>;

/** POST /api/group-notes/:uuid/addenda: about the whole group (client_id null) or one member's part. */
export const groupNoteAddendumBodySchema = z.object({
  uuid: z.string().uuid('Invalid addendum key.'),
  body: z.string().trim().min(1, 'Write the addendum.').max(MAX_ADDENDUM_LENGTH, `An addendum may have at most ${MAX_ADDENDUM_LENGTH} characters.`),
  client_id: idSchema.nullable(),
});
export type GroupNoteAddendumBody = z.infer<typeof groupNoteAddendumBodySchema>;

export const groupNoteParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

const person = z.object({ id: z.number().int().nullable(), name: z.string() });
const signature = z.object({ name: z.string(), at: z.string() });

/** The whole note, as its facilitators (and the co-signing supervisor) read it on the group session. */
export const groupNoteSchema = z.object({
  uuid: z.string(),
  group: z.object({ uuid: z.string(), name: z.string() }),
  session: z.object({ uuid: z.string(), index: z.number().int(), starts_at: z.string(), local_date: z.string() }),
  status: z.enum(CASE_NOTE_STATUSES),
  author: person,
  signed: signature.nullable(),
  supervisor: person.nullable(),
  cosigned: signature.nullable(),
  late_entry: z.boolean(),
  /** Null while another facilitator's draft: a draft is its author's alone. */
  shared: groupNoteSharedSchema.nullable(),
  parts: z.array(z.object({ client_id: z.number().int(), name: z.string(), text: z.string() })),
  addenda: z.array(z.object({ uuid: z.string(), body: z.string(), author: person, signed_at: z.string(), client: z.object({ id: z.number().int(), name: z.string() }).nullable() })),
  created_at: z.string(),
  updated_at: z.string(),
  can: z.object({ edit: z.boolean(), sign: z.boolean(), cosign: z.boolean(), add_addendum: z.boolean() }),
});
export type GroupNote = z.infer<typeof groupNoteSchema>;

/** GET /api/group-sessions/:uuid/note: the note (null: none yet) and the members present, one box each. */
export const sessionNoteReplySchema = z.object({
  data: z.object({ note: groupNoteSchema.nullable(), present: z.array(z.object({ client_id: z.number().int(), name: z.string() })) }),
});
export type SessionNoteReply = z.infer<typeof sessionNoteReplySchema>;
export const groupNoteReplySchema = z.object({ data: groupNoteSchema });

/** A group note in one member's record: the shared part, their own part, addenda about the group or them. */
export const memberGroupNoteSchema = z.object({
  uuid: z.string(),
  group_name: z.string(),
  session_date: z.string(),
  status: z.enum(CASE_NOTE_STATUSES),
  author: person,
  signed: signature.nullable(),
  cosigned: signature.nullable(),
  late_entry: z.boolean(),
  shared: groupNoteSharedSchema,
  part: z.string(),
  addenda: z.array(z.object({ uuid: z.string(), body: z.string(), author: person, signed_at: z.string() })),
});
export type MemberGroupNote = z.infer<typeof memberGroupNoteSchema>;
export const memberGroupNoteListSchema = z.object({ data: z.array(memberGroupNoteSchema) });

export const GROUP_NOTE_MESSAGES = {
  notPresent: 'Write parts only for members present at this session.',
  noAttendance: 'Record who was present before writing the group note.',
  notHeld: 'A group note is written once the session has taken place.',
  closedOnly: 'Group notes are written for closed groups.',
  notFacilitator: 'Only the facilitators of this group write its notes.',
  missingPart: 'Write a part for every member present before signing.',
} as const;
