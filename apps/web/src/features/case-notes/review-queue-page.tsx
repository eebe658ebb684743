import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useReviewQueue } from './case-notes-api';
import { noteTitle, templateLabel } from './note-view';

// Notes to review (decision 0208): the notes your trainees signed that wait for your co-signature, oldest first.
// The list shows no note text; each opens on its own page, where it is read and co-signed.

export function ReviewQueuePage() {
  const t = useT('caseNotes');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('caseNotes.review.title'));
  const queue = useReviewQueue();
  const items = queue.data?.data ?? [];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('caseNotes.review.title')}</h1>
        <p className="text-base-content/70">{t('caseNotes.review.subtitle')}</p>
      </div>
      {queue.isPending ? (
        <LoadingBlock text={t('caseNotes.review.loading')} />
      ) : queue.isError ? (
        <ErrorAlert message={t('caseNotes.review.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('caseNotes.review.none')} text={t('caseNotes.review.noneHint')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('caseNotes.review.title')}>
          {items.map((item) => (
            <li key={item.uuid} className="card card-border bg-base-100 shadow-sm" data-testid="review-item">
              <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="break-words font-semibold">{item.client.name}</p>
                  <p className="text-sm">{noteTitle(item, t)} · {templateLabel(item.template, t)}{item.late_entry && <span className="badge badge-sm badge-error badge-outline ml-2">{t('caseNotes.lateEntry')}</span>}</p>
                  <p className="text-sm text-base-content/70">{t('caseNotes.review.signedBy', { name: item.signed.name })} <time dateTime={item.signed.at}>{formatDateTime(item.signed.at)}</time></p>
                </div>
                <Link className="btn btn-sm btn-primary shrink-0" to={`/case-notes/${item.uuid}`} aria-label={t('caseNotes.review.reviewOf', { name: item.client.name, title: noteTitle(item, t) })}>
                  {t('caseNotes.review.review')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
