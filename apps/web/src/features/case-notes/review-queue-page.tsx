import type { GroupNoteToReview } from '@kalinga/contracts/groups';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { formatDateTime, formatWeekdayDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useReviewQueue } from './case-notes-api';
import { noteTitle, templateLabel } from './note-view';

// Notes to review (decisions 0208, 0320): the notes your trainees signed that wait for your co-signature, oldest
// first: their individual notes, then their group notes (group, session, author; no member, no text). The list shows
// no note text; each opens on its own page, where it is read and co-signed.

/** The trainees' group notes waiting for the caller (held in memory only, as the case notes' queue). */
function useGroupReviewQueue() {
  return useQuery({ queryKey: ['group-notes', 'review-queue'], queryFn: () => api.get<{ data: GroupNoteToReview[] }>('/api/group-notes/review-queue').then((r) => r.data), gcTime: 0, staleTime: 0 });
}

function GroupNoteItem({ item, timeZone }: { item: GroupNoteToReview; timeZone: string | undefined }) {
  const t = useT('caseNotes');
  return (
    <li className="card card-border bg-base-100 shadow-sm" data-testid="review-group-item">
      <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="badge badge-info badge-sm">{t('caseNotes.review.groupBadge')}</span>
            <span className="break-words font-semibold">{item.group.name}</span>
          </p>
          <p className="text-sm">
            {t('caseNotes.review.groupSession', { index: item.session.index, when: formatWeekdayDateTime(item.session.starts_at, timeZone) })}
            {item.late_entry && <span className="badge badge-sm badge-error badge-outline ml-2">{t('caseNotes.lateEntry')}</span>}
          </p>
          <p className="text-sm text-base-content/70">{t('caseNotes.review.signedBy', { name: item.signed.name })} <time dateTime={item.signed.at}>{formatDateTime(item.signed.at)}</time></p>
        </div>
        <Link className="btn btn-sm btn-primary shrink-0" to={`/group-notes/${item.uuid}`} aria-label={t('caseNotes.review.reviewGroupOf', { group: item.group.name, index: item.session.index })}>
          {t('caseNotes.review.review')}
        </Link>
      </div>
    </li>
  );
}

export function ReviewQueuePage() {
  const t = useT('caseNotes');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('caseNotes.review.title'));
  const queue = useReviewQueue();
  const groupQueue = useGroupReviewQueue();
  const items = queue.data?.data ?? [];
  const groupItems = groupQueue.data ?? [];
  const timeZone = settings.data?.timezone;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('caseNotes.review.title')}</h1>
        <p className="text-base-content/70">{t('caseNotes.review.subtitle')}</p>
      </div>
      {queue.isPending || groupQueue.isPending ? (
        <LoadingBlock text={t('caseNotes.review.loading')} />
      ) : queue.isError ? (
        <ErrorAlert message={t('caseNotes.review.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 && groupItems.length === 0 && !groupQueue.isError ? (
        <EmptyState title={t('caseNotes.review.none')} text={t('caseNotes.review.noneHint')} />
      ) : items.length === 0 ? null : (
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
      {!queue.isPending && !queue.isError && groupQueue.isError && (
        <ErrorAlert message={t('caseNotes.review.groupLoadFailed')} onRetry={() => void groupQueue.refetch()} />
      )}
      {!queue.isPending && !queue.isError && groupItems.length > 0 && (
        <section aria-labelledby="review-group-notes" className="flex flex-col gap-3">
          <h2 id="review-group-notes" className="text-lg font-semibold">{t('caseNotes.review.groupTitle')}</h2>
          <ul className="flex flex-col gap-3" aria-labelledby="review-group-notes">
            {groupItems.map((item) => <GroupNoteItem key={item.uuid} item={item} timeZone={timeZone} />)}
          </ul>
        </section>
      )}
    </div>
  );
}
