import { TEMPLATE_SECTIONS } from '@kalinga/contracts/case-notes';
import type { Correction, TimelineItem } from '@kalinga/contracts/client-file';
import type { DB } from '../../db/database';
import { ENCRYPTED_COLUMNS, openColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { type Language, type ServerMessageKey, t } from '../../lib/i18n';
import type { MemberGroupNote } from '@kalinga/contracts/group-notes';
import { memberGroupNotes } from './group-note-record';
import { addendaOfNotes, appointmentsOf, fileEvents, notesPastDraft, referralsOf, screeningsOf, urgentCasesOf, waitlistOf } from './client-file.repository';

// The client file's timeline (docs/decisions/0235-client-file-and-disclosure.md): every source read in one query
// each, turned into items newest first. Only signed notes (and those awaiting co-signature) and their addenda show;
// a draft stays its author's, on the notes screen.

// The items' titles are in the reader's language (decision 0290, `clientFile.timeline.*`); English as it always read.
const yes = (on: boolean) => (on ? 'yes' : 'no');

/** A note's sections, decrypted (the body is an envelope bound to the note's uuid: lib/encrypted-columns.ts). */
export function noteSections(keys: ContentKeys, row: { company_id: number; uuid: string; body: string }): Record<string, string> {
  return JSON.parse(openColumn(keys, ENCRYPTED_COLUMNS.caseNoteBody, row, row.body)) as Record<string, string>;
}

/** The sections with text, one 'Label: text' line each; labels in `language` (DAP and SOAP keep their names, decision 0318). */
function labelled(pairs: (readonly [string, string])[]): string {
  return pairs.filter(([, v]) => v.trim() !== '').map(([label, v]) => `${label}: ${v}`).join('\n');
}

const SECTION_WORDS: Record<string, ServerMessageKey> = {
  data: 'clientFile.section.data',
  assessment: 'clientFile.section.assessment',
  plan: 'clientFile.section.plan',
  subjective: 'clientFile.section.subjective',
  objective: 'clientFile.section.objective',
  text: 'clientFile.section.text',
};

/** A section's label in `language`; one not listed, the template's own label. */
function sectionLabel(language: Language, section: { key: string; label: string }): string {
  const key = SECTION_WORDS[section.key];
  return key ? t(language, key) : section.label;
}

function sectionsText(template: keyof typeof TEMPLATE_SECTIONS, sections: Record<string, string>, language: Language): string {
  return labelled(TEMPLATE_SECTIONS[template].map((s) => [sectionLabel(language, s), sections[s.key] ?? ''] as const));
}

/** A group note's shared part and this client's own part (decision 0296), labelled in `language`. */
function groupNoteText(g: MemberGroupNote, language: Language): string {
  return labelled([
    [t(language, 'clientFile.section.groupThemes'), g.shared.themes],
    [t(language, 'clientFile.section.groupActivities'), g.shared.activities],
    [t(language, 'clientFile.section.groupPart'), g.part],
  ]);
}

const referralTitle = (language: Language, from: string | null, to: string) =>
  from ? t(language, 'clientFile.timeline.referredBy', { from, to }) : t(language, 'clientFile.timeline.referred', { to });

export interface TimelineParts {
  timeline: TimelineItem[];
  scores: { id: number; created_at: string; phq9_score: number; gad7_score: number }[];
}

/** The file's items, newest first, and the screening scores for the chart (oldest first); titles in `language`. */
export async function buildTimeline(db: DB, keys: ContentKeys, companyId: number, clientId: number, corrections: Correction[], language: Language = 'en'): Promise<TimelineParts> {
  const items: TimelineItem[] = [];
  for (const a of await appointmentsOf(db, companyId, clientId)) {
    const mark = a.status === 'no_show' ? 'no_show' : a.late_cancellation === 1 ? 'late_cancellation' : null;
    items.push({ key: `appointment-${a.id}`, type: 'appointment', mark, at: a.appointment_date, title: t(language, 'clientFile.timeline.appointment', { counselor: a.counselor_name ?? t(language, 'clientFile.timeline.formerCounselor'), status: a.status, late: yes(mark === 'late_cancellation') }), detail: t(language, 'clientFile.timeline.appointmentDetail', { minutes: a.duration_minutes, location: a.location_type === 'on-site' ? 'onsite' : a.location_type, reason: a.reason }) });
  }
  const screenings = await screeningsOf(db, companyId, clientId);
  for (const s of screenings) {
    items.push({ key: `screening-${s.id}`, type: 'screening', mark: null, at: s.created_at, title: t(language, 'clientFile.timeline.screening', { kind: s.kind, phq9: s.phq9_score, phq9Band: s.phq9_band, gad7: s.gad7_score, gad7Band: s.gad7_band }), detail: null });
  }
  for (const u of await urgentCasesOf(db, companyId, clientId)) {
    const ack = !u.acknowledged_at
      ? t(language, 'clientFile.timeline.notAcknowledged')
      : u.acknowledged_by_name
        ? t(language, 'clientFile.timeline.acknowledgedBy', { name: u.acknowledged_by_name, at: u.acknowledged_at })
        : t(language, 'clientFile.timeline.acknowledged', { at: u.acknowledged_at });
    items.push({ key: `urgent-${u.id}`, type: 'urgent_case', mark: null, at: u.created_at, title: t(language, 'clientFile.timeline.urgent', { source: u.source }), detail: `${ack}${u.escalated_at ? t(language, 'clientFile.timeline.escalated', { at: u.escalated_at }) : ''}` });
  }
  const notes = await notesPastDraft(db, companyId, clientId);
  const addenda = await addendaOfNotes(db, companyId, notes.map((n) => n.id));
  for (const n of notes) {
    items.push({ key: `note-${n.id}`, type: 'note', mark: null, at: n.signed_at ?? n.created_at, title: t(language, 'clientFile.timeline.note', { kind: n.kind, date: n.session_date, author: n.author_name, late: yes(n.late_entry === 1), cosign: yes(n.status === 'awaiting_cosign') }), detail: sectionsText(n.template, noteSections(keys, n), language) });
  }
  for (const a of addenda) {
    const body = openColumn(keys, ENCRYPTED_COLUMNS.caseNoteAddendumBody, a, a.body);
    const note = notes.find((n) => n.id === a.note_id);
    items.push({ key: `addendum-${a.id}`, type: 'note', mark: null, at: a.signed_at, title: t(language, 'clientFile.timeline.addendum', { author: a.author_name, date: note?.session_date ?? t(language, 'clientFile.timeline.aSession') }), detail: body });
  }
  // Group notes hold the shared part and this client's own part only (decision 0296).
  for (const g of await memberGroupNotes(db, keys, companyId, clientId)) {
    const detail = groupNoteText(g, language);
    items.push({ key: `group-note-${g.uuid}`, type: 'note', mark: null, at: g.signed?.at ?? g.session_date, title: t(language, 'clientFile.timeline.groupNote', { group: g.group_name, date: g.session_date, author: g.author.name, late: yes(Boolean(g.late_entry)), cosign: yes(g.status === 'awaiting_cosign') }), detail });
    for (const a of g.addenda) items.push({ key: `group-addendum-${a.uuid}`, type: 'note', mark: null, at: a.signed_at, title: t(language, 'clientFile.timeline.groupAddendum', { author: a.author.name, date: g.session_date }), detail: a.body });
  }
  for (const w of await waitlistOf(db, companyId, clientId)) {
    items.push({ key: `waitlist-${w.id}`, type: 'waitlist', mark: null, at: w.created_at, title: w.counselor_name ? t(language, 'clientFile.timeline.waitlistFor', { counselor: w.counselor_name, status: w.status }) : t(language, 'clientFile.timeline.waitlist', { status: w.status }), detail: t(language, 'clientFile.timeline.waitlistDetail', { from: w.from_date, to: w.to_date, timeFrom: w.time_from, timeTo: w.time_to }) });
  }
  for (const r of await referralsOf(db, companyId, clientId)) {
    items.push({ key: `referral-${r.id}`, type: 'referral', mark: null, at: r.created_at, title: referralTitle(language, r.from_name, r.to_name ?? t(language, 'clientFile.timeline.formerCounselor')), detail: r.reason });
  }
  for (const e of await fileEvents(db, companyId, clientId)) {
    const text = e.text === null ? null : openColumn(keys, ENCRYPTED_COLUMNS.clientFileEventText, e, e.text);
    const title = e.kind === 'closed' ? t(language, 'clientFile.timeline.closed', { actor: e.actor_name }) : e.kind === 'reopened' ? t(language, 'clientFile.timeline.reopened', { actor: e.actor_name }) : t(language, 'clientFile.timeline.purged');
    items.push({ key: `file-${e.id}`, type: 'file', mark: null, at: e.at, title, detail: text });
  }
  for (const c of corrections) {
    const answer = `\n${c.answered_at ? t(language, 'clientFile.timeline.answered', { outcome: c.outcome === 'corrected' ? 'corrected' : 'declined', name: c.answered_by_name ?? t(language, 'clientFile.timeline.careTeam'), answer: c.answer ?? '' }) : t(language, 'clientFile.timeline.notAnswered')}`;
    items.push({ key: `correction-${c.id}`, type: 'correction', mark: null, at: c.created_at, title: t(language, 'clientFile.timeline.correction'), detail: `${c.body}${answer}` });
  }
  items.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : x.key.localeCompare(y.key)));
  return { timeline: items, scores: screenings.map((s) => ({ id: s.id, created_at: s.created_at, phq9_score: s.phq9_score, gad7_score: s.gad7_score })) };
}
