import { naiveDayMs } from './zone-time';

// Case notes (docs/decisions/0208-case-notes.md): the kinds, templates, statuses and limits both sides read,
// without zod, so the note editor's first paint builds no schema.

/** A note of a session (an appointment of the client) or of an ad-hoc contact outside one. */
export const CASE_NOTE_KINDS = ['session', 'contact'] as const;
export type CaseNoteKind = (typeof CASE_NOTE_KINDS)[number];

export const CONTACT_CHANNELS = ['phone', 'email', 'in_person', 'other'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { phone: 'Phone call', email: 'Email', in_person: 'In person', other: 'Other contact' };

export const CASE_NOTE_TEMPLATES = ['dap', 'soap', 'free'] as const;
export type CaseNoteTemplate = (typeof CASE_NOTE_TEMPLATES)[number];
export const TEMPLATE_LABELS: Record<CaseNoteTemplate, string> = { dap: 'DAP', soap: 'SOAP', free: 'Free text' };

/** Each template's sections, in the order the editor shows them; a note's body holds one text per section. */
export const TEMPLATE_SECTIONS: Record<CaseNoteTemplate, readonly { key: string; label: string }[]> = {
  dap: [
    { key: 'data', label: 'Data' },
    { key: 'assessment', label: 'Assessment' },
    { key: 'plan', label: 'Plan' },
  ],
  soap: [
    { key: 'subjective', label: 'Subjective' },
    { key: 'objective', label: 'Objective' },
    { key: 'assessment', label: 'Assessment' },
    { key: 'plan', label: 'Plan' },
  ],
  free: [{ key: 'text', label: 'Note' }],
};

/** draft → (a trainee's signature) awaiting_cosign → (the supervisor's) signed; a counselor's signature → signed. */
export const CASE_NOTE_STATUSES = ['draft', 'awaiting_cosign', 'signed'] as const;
export type CaseNoteStatus = (typeof CASE_NOTE_STATUSES)[number];
export const STATUS_LABELS: Record<CaseNoteStatus, string> = { draft: 'Draft', awaiting_cosign: 'Awaiting co-signature', signed: 'Signed' };

/** Longest text of one section and of an addendum. */
export const MAX_SECTION_LENGTH = 20_000;
export const MAX_ADDENDUM_LENGTH = 10_000;

/** Site settings' defaults: every template offered, late after 3 days, clients do not read their notes. */
export const DEFAULT_LATE_ENTRY_DAYS = 3;
export const MAX_LATE_ENTRY_DAYS = 90;

/**
 * Whether a note signed on `signedDate` about a session or contact on `sessionDate` (both the centre's calendar
 * days, YYYY-MM-DD) is a late entry: signed more than `lateDays` days after it.
 */
export function isLateEntry(sessionDate: string, signedDate: string, lateDays: number): boolean {
  const days = Math.round((naiveDayMs(signedDate) - naiveDayMs(sessionDate)) / 86_400_000);
  return days > lateDays;
}

/** The words the server answers and the screens show. */
export const CASE_NOTE_MESSAGES = {
  locked: 'This note is signed and can no longer be changed; add an addendum instead.',
  notDraft: 'Only a draft can be changed.',
  notAuthor: 'Only the author of a draft can change it.',
  emptySection: 'Write something in every section before signing.',
  noSupervisor: 'Your account has no clinical supervisor to co-sign your notes; ask an administrator to name one.',
  notSupervisor: "Only the author's clinical supervisor can co-sign this note.",
  notAwaiting: 'This note is not waiting for a co-signature.',
  sessionTaken: 'This session already has a note.',
  templateOff: 'This template is not offered at this centre.',
  notWriter: "Only the client's care team can write case notes.",
} as const;
