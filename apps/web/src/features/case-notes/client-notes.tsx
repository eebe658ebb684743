import type { CaseNote } from '@kalinga/contracts/case-notes';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { useT } from '../../lib/i18n';
import { useClientNotes } from './case-notes-api';
import { type EditorStart, NoteEditor } from './note-editor';
import { NoteBadges, NoteView, noteTitle } from './note-view';

// A client's case notes (decision 0208), for the client's care team: signed notes and the reader's own drafts,
// newest session first, each opened in place; a new contact note; and, from an appointment's "Write note", the
// session's note (its draft when one exists). A component taking the client's id, for any screen to embed.

export interface SessionToWrite {
  uuid: string;
  /** How the session reads in the editor ("Tue, 3 Mar 2026, 9:00 AM"). */
  label: string;
}

function NoteItem({ note, clientId, open, onToggle }: { note: CaseNote; clientId: number; open: boolean; onToggle: () => void }) {
  const t = useT('caseNotes');
  const panel = `note-panel-${note.uuid}`;
  return (
    <li className="card card-border bg-base-100 shadow-sm" data-testid="case-note" data-uuid={note.uuid}>
      <div className="card-body gap-3 p-4">
        <button type="button" className="flex w-full flex-col items-start gap-1 text-left sm:flex-row sm:items-center sm:justify-between" aria-expanded={open} aria-controls={panel} onClick={onToggle}>
          <span className="min-w-0">
            <span className="block break-words font-semibold">{noteTitle(note, t)}</span>
            <span className="block text-sm text-base-content/70">{t('caseNotes.list.by', { name: note.author.name })}</span>
          </span>
          <NoteBadges note={note} />
        </button>
        {open && (
          <div id={panel}>
            {note.can.edit ? <NoteEditor clientId={clientId} start={{ draft: note }} onDone={(n) => { if (!n || n.status === 'draft') onToggle(); }} /> : <NoteView note={note} />}
          </div>
        )}
      </div>
    </li>
  );
}

export function ClientNotes({ clientId, session = null }: { clientId: number; session?: SessionToWrite | null }) {
  const t = useT('caseNotes');
  const list = useClientNotes(clientId);
  const [open, setOpen] = useState<string | null>(null);
  const [writing, setWriting] = useState<EditorStart | null>(null);
  const [sessionHandled, setSessionHandled] = useState(false);
  // The note the editor above is writing is not listed twice once saved.
  const [writingUuid, setWritingUuid] = useState<string | null>(null);
  const notes = list.data?.data.filter((n) => n.uuid !== writingUuid);
  const clientName = list.data?.data[0]?.client.name;

  // "Write note" on an appointment: the session's note when there is one, else a new one.
  useEffect(() => {
    if (!session || sessionHandled || !notes) return;
    const existing = notes.find((n) => n.appointment?.uuid === session.uuid);
    if (existing) setOpen(existing.uuid);
    else setWriting({ kind: 'session', appointmentUuid: session.uuid, sessionLabel: session.label });
    setSessionHandled(true);
  }, [session, sessionHandled, notes]);

  const done = (note: CaseNote | null) => {
    setWriting(null);
    setWritingUuid(null);
    if (note) setOpen(note.uuid);
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="case-notes-title" data-no-snapshot>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-notes-title" className="text-xl font-semibold break-words">{clientName ? t('caseNotes.list.titleOf', { name: clientName }) : t('caseNotes.title')}</h2>
        {!writing && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setWriting({ kind: 'contact' })}>
            {t('caseNotes.list.newContact')}
          </button>
        )}
      </div>
      {writing && (
        <div className="card card-border bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            <h3 className="font-semibold">{'appointmentUuid' in writing ? t('caseNotes.list.newSession') : t('caseNotes.list.newContact')}</h3>
            <NoteEditor clientId={clientId} start={writing} onDone={done} onSaved={(n) => setWritingUuid(n.uuid)} />
          </div>
        </div>
      )}
      {list.isPending ? (
        <LoadingBlock text={t('caseNotes.list.loading')} />
      ) : list.isError ? (
        <ErrorAlert message={t('caseNotes.list.loadFailed')} onRetry={() => void list.refetch()} />
      ) : notes && notes.length === 0 ? (
        <EmptyState title={t('caseNotes.list.none')} text={t('caseNotes.list.noneHint')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('caseNotes.title')}>
          {notes?.map((n) => (
            <NoteItem key={n.uuid} note={n} clientId={clientId} open={open === n.uuid} onToggle={() => setOpen((o) => (o === n.uuid ? null : n.uuid))} />
          ))}
        </ul>
      )}
    </section>
  );
}
