import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useNote } from './case-notes-api';
import { NoteEditor } from './note-editor';
import { NoteBadges, NoteView, noteTitle } from './note-view';

// /case-notes/:uuid: one note, opened from Notes to review (or a link): its view, co-signature and addenda, or the
// author's draft in the editor.

export function NotePage() {
  const t = useT('caseNotes');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('caseNotes.note.title'));
  const uuid = useParams().uuid ?? '';
  const note = useNote(uuid);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <Link className="link text-sm" to="/case-notes/review">{t('caseNotes.note.back')}</Link>
      {note.isPending ? (
        <LoadingBlock text={t('caseNotes.note.loading')} />
      ) : note.isError ? (
        note.error instanceof ApiError && (note.error.status === 404 || note.error.status === 403) ? (
          <div role="alert" className="alert">{note.error.status === 404 ? t('caseNotes.note.missing') : note.error.message}</div>
        ) : (
          <ErrorAlert message={t('caseNotes.note.loadFailed')} onRetry={() => void note.refetch()} />
        )
      ) : (
        <article className="card bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-bold break-words">{noteTitle(note.data.data, t)}</h1>
              <p className="text-base-content/70">
                {t('caseNotes.note.by', { client: note.data.data.client.name, author: note.data.data.author.name })}
              </p>
              <NoteBadges note={note.data.data} />
            </div>
            {note.data.data.can.edit ? (
              <NoteEditor clientId={note.data.data.client.id} start={{ draft: note.data.data }} onDone={() => void note.refetch()} />
            ) : (
              <NoteView note={note.data.data} />
            )}
            <Link className="link text-sm" to={`/clients/${note.data.data.client.id}/notes`}>{t('caseNotes.note.allOf', { name: note.data.data.client.name })}</Link>
          </div>
        </article>
      )}
    </div>
  );
}
