import { type MyRecord } from '@kalinga/contracts/client-file';
import { TEMPLATE_SECTIONS } from '@kalinga/contracts/case-notes';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { ENCRYPTED_COLUMNS, openColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { type PdfSection, textPdf } from '../../lib/text-pdf';
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

const STATUS_WORDS: Record<string, string> = { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show' };

/** The record as a PDF, the centre's clock on every date. */
export async function myRecordPdf(record: MyRecord, timeZone: string): Promise<Uint8Array> {
  const when = (iso: string) => new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const sections: PdfSection[] = [
    {
      heading: 'Appointments',
      paragraphs: record.appointments.map((a) => `${when(a.date)} with ${a.counselor}: ${STATUS_WORDS[a.status] ?? a.status}${a.late_cancellation ? ' (late cancellation)' : ''}, ${a.location_type}. Reason: ${a.reason}`),
    },
    {
      heading: 'Your screening answers',
      paragraphs: record.screenings.map((s) => `${when(s.date)} (${s.kind}): PHQ-9 answers ${s.phq9.join(', ')}; GAD-7 answers ${s.gad7.join(', ')}${s.difficulty === null ? '' : `; difficulty ${s.difficulty}`}. Each answer: 0 not at all, 1 several days, 2 more than half the days, 3 nearly every day.`),
    },
    {
      heading: 'Case notes',
      paragraphs:
        record.notes === null
          ? ['Your centre does not share case notes with clients.']
          : record.notes.map((n) => [`${n.date}, by ${n.author}`, ...Object.entries(n.sections).filter(([, v]) => v.trim() !== '').map(([k, v]) => `${k}: ${v}`), ...n.addenda.map((a) => `Addendum by ${a.author} (${when(a.signed_at)}): ${a.body}`)].join('\n')),
    },
    {
      heading: 'Your correction requests',
      paragraphs: record.corrections.map((c) => `${when(c.created_at)}: ${c.body}\n${c.answered_at ? `${c.outcome === 'corrected' ? 'Corrected' : 'Declined'} by ${c.answered_by_name ?? 'your counselor'} (${when(c.answered_at)}): ${c.answer ?? ''}` : 'Not answered yet.'}`),
    },
  ];
  return textPdf(`Your record at ${record.centre}`, [`${record.client.name} <${record.client.email}>`, `Made ${when(record.generated_at)}`], sections);
}
