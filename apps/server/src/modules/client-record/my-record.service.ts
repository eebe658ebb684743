import { type MyRecord } from '@kalinga/contracts/client-file';
import { TEMPLATE_SECTIONS } from '@kalinga/contracts/case-notes';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { ENCRYPTED_COLUMNS, openColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { LOCALES } from '@kalinga/contracts/languages';
import { type Language, type ServerMessageKey, t } from '../../lib/i18n';
import { type PdfSection, textPdf } from '../../lib/text-pdf';
import { pdfWords } from './pdf-words';
import { openClientContent } from './client-access';
import { noteSections } from './client-file-timeline';
import { addendaOfNotes, appointmentsOf, clientProfile, clientsReadNotes, notesPastDraft, screeningsOf } from './client-file.repository';
import { correctionsOf } from './corrections.service';
import { memberGroupNotes, memberGroupNoteSections } from './group-note-record';

// The client's own record (docs/decisions/0235-client-file-and-disclosure.md): what the centre shares with a client
// of their own: their appointments, their own screening answers, their signed notes only when the site's case-note
// setting says clients read them, and their correction requests with the answers. Each download is one access-log
// row (kind 'export', via 'self'). Scores, bands, urgent cases, referrals and the closing summary stay the care team's.

export async function myRecord(db: DB, keys: ContentKeys, auth: AuthContext): Promise<MyRecord> {
  return db.transaction().execute(async (trx) => {
    await openClientContent(trx, auth, auth.user.id, 'export');
    const me = await clientProfile(trx, auth.companyId, auth.user.id);
    const appointments = (await appointmentsOf(trx, auth.companyId, auth.user.id)).map((a) => ({
      date: a.appointment_date,
      counselor: a.counselor_name ?? 'A former counselor',
      status: a.status,
      late_cancellation: a.late_cancellation === 1,
      location_type: a.location_type,
      reason: a.reason,
    }));
    const screenings = (await screeningsOf(trx, auth.companyId, auth.user.id)).map((s) => {
      const answers = JSON.parse(openColumn(keys, ENCRYPTED_COLUMNS.screeningAnswers, s, s.answers)) as { phq9: number[]; gad7: number[]; difficulty: number | null };
      return { date: s.created_at, kind: s.kind, phq9: answers.phq9, gad7: answers.gad7, difficulty: answers.difficulty };
    });
    const shareNotes = await clientsReadNotes(trx, auth.companyId);
    let notes: MyRecord['notes'] = null;
    if (shareNotes) {
      const rows = await notesPastDraft(trx, auth.companyId, auth.user.id, true);
      const addenda = await addendaOfNotes(trx, auth.companyId, rows.map((r) => r.id));
      notes = rows.map((n) => ({
        date: n.session_date,
        author: n.author_name,
        sections: Object.fromEntries(TEMPLATE_SECTIONS[n.template].map((s) => [s.label, noteSections(keys, n)[s.key] ?? ''])),
        addenda: addenda.filter((a) => a.note_id === n.id).map((a) => ({ author: a.author_name, signed_at: a.signed_at, body: openColumn(keys, ENCRYPTED_COLUMNS.caseNoteAddendumBody, a, a.body) })),
      }));
      // Their group notes: the shared part and their own part only (decision 0296).
      const groupNotes = (await memberGroupNotes(trx, keys, auth.companyId, auth.user.id, true)).map((g) => ({
        date: g.session_date,
        author: g.author.name,
        sections: memberGroupNoteSections(g),
        addenda: g.addenda.map((a) => ({ author: a.author.name, signed_at: a.signed_at, body: a.body })),
      }));
      notes = [...notes, ...groupNotes].sort((x, y) => x.date.localeCompare(y.date));
    }
    return {
      client: { name: me.name, email: me.email },
      centre: auth.company.name,
      generated_at: new Date().toISOString(),
      appointments,
      screenings,
      notes,
      corrections: await correctionsOf(trx, keys, auth.companyId, auth.user.id),
    };
  });
}

/** Section labels as the record's JSON gives them (English), said in the PDF's language. */
const LABEL_WORDS: Record<string, ServerMessageKey> = {
  Data: 'clientFile.section.data',
  Assessment: 'clientFile.section.assessment',
  Plan: 'clientFile.section.plan',
  Subjective: 'clientFile.section.subjective',
  Objective: 'clientFile.section.objective',
  Note: 'clientFile.section.text',
  'Group themes': 'clientFile.section.groupThemes',
  'What the group did': 'clientFile.section.groupActivities',
  'About this client': 'clientFile.section.groupPart',
};

/** The record as a PDF in the client's language (decision 0318), the centre's clock on every date. */
export async function myRecordPdf(record: MyRecord, timeZone: string, language: Language = 'en'): Promise<Uint8Array> {
  const say = (key: ServerMessageKey, values?: Record<string, string | number>) => t(language, key, values);
  const when = (iso: string) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const label = (name: string) => (LABEL_WORDS[name] ? say(LABEL_WORDS[name]) : name);
  const sections: PdfSection[] = [
    {
      heading: say('myRecord.pdf.appointments'),
      paragraphs: record.appointments.map((a) => say('myRecord.pdf.appointment', { when: when(a.date), counselor: a.counselor, status: a.status, late: a.late_cancellation ? 'yes' : 'no', location: a.location_type, reason: a.reason })),
    },
    {
      heading: say('myRecord.pdf.screenings'),
      paragraphs: record.screenings.map((s) => say('myRecord.pdf.screening', { when: when(s.date), kind: s.kind, phq9: s.phq9.join(', '), gad7: s.gad7.join(', '), difficulty: s.difficulty === null ? '' : say('myRecord.pdf.difficulty', { value: s.difficulty }) })),
    },
    {
      heading: say('myRecord.pdf.notes'),
      paragraphs:
        record.notes === null
          ? [say('myRecord.pdf.notesNotShared')]
          : record.notes.map((n) => [say('myRecord.pdf.noteBy', { date: n.date, author: n.author }), ...Object.entries(n.sections).filter(([, v]) => v.trim() !== '').map(([k, v]) => `${label(k)}: ${v}`), ...n.addenda.map((a) => say('myRecord.pdf.addendum', { author: a.author, when: when(a.signed_at), body: a.body }))].join('\n')),
    },
    {
      heading: say('myRecord.pdf.corrections'),
      paragraphs: record.corrections.map((c) => `${when(c.created_at)}: ${c.body}\n${c.answered_at ? say('myRecord.pdf.answered', { outcome: c.outcome === 'corrected' ? 'corrected' : 'declined', name: c.answered_by_name ?? say('myRecord.pdf.yourCounselor'), when: when(c.answered_at), answer: c.answer ?? '' }) : say('myRecord.pdf.notAnswered')}`),
    },
  ];
  return textPdf(say('myRecord.pdf.title', { centre: record.centre }), [`${record.client.name} <${record.client.email}>`, say('myRecord.pdf.made', { when: when(record.generated_at) })], sections, pdfWords(language));
}
