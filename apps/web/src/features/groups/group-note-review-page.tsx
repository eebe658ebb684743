import { Link, useParams } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatDateTime, formatWeekdayDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { SignedGroupNote } from './group-note-editor';
import { useCosignGroupNote, useGroupNote } from './group-notes-api';

// A trainee's group note opened from "Notes to review" (decision 0320): the whole note as its facilitators read it,
// and Co-sign for the supervisor it waits for. What the server allows decides (`can.cosign`); anyone else who may
// read it reads it only.

export function GroupNoteReviewPage() {
  const t = useT('groups');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('groups.review.title'));
  const { uuid = '' } = useParams();
  const query = useGroupNote(uuid);
  const cosign = useCosignGroupNote(uuid);
  const timeZone = settings.data?.timezone;

  const onCosign = async () => {
    if (!(await confirm({ title: t('groups.review.cosignTitle'), text: t('groups.review.cosignText'), confirmText: t('groups.review.cosign'), cancelText: t('groups.cancel') }))) return;
    try {
      await cosign.mutateAsync();
      notifySuccess(t('groups.review.cosigned'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.review.cosignFailed')));
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <Link to="/case-notes/review" className="link w-fit text-sm">{t('groups.review.back')}</Link>
      {query.isPending ? (
        <LoadingBlock text={t('groups.note.loading')} />
      ) : query.isError ? (
        <ErrorAlert message={serverMessageOr(query.error, t('groups.note.loadFailed'))} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-bold break-words">{t('groups.review.heading', { name: query.data.group.name })}</h1>
            <p className="text-base-content/70">
              {t('groups.review.session', { index: query.data.session.index, when: formatWeekdayDateTime(query.data.session.starts_at, timeZone), author: query.data.author.name })}
            </p>
            {query.data.late_entry && <span className="badge badge-sm badge-error badge-outline mt-1">{t('groups.review.lateEntry')}</span>}
          </div>
          <section className="card card-border bg-base-100 shadow-sm" aria-label={t('groups.review.noteLabel')}>
            <div className="card-body gap-3 p-4">
              <SignedGroupNote sessionUuid={query.data.session.uuid} note={query.data} timeZone={timeZone} />
              {query.data.cosigned && (
                <p className="text-sm" data-testid="group-note-cosigned">{t('groups.review.cosignedBy', { name: query.data.cosigned.name, when: formatDateTime(query.data.cosigned.at, timeZone) })}</p>
              )}
              {query.data.can.cosign && (
                <div className="flex justify-end border-t border-base-300 pt-3">
                  <button type="button" className="btn btn-primary" disabled={cosign.isPending} onClick={() => void onCosign()}>
                    {cosign.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                    {t('groups.review.cosign')}
                  </button>
                </div>
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
