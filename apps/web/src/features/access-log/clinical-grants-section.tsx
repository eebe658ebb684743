import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useClinicalGrants } from './access-log-api';

/** Who was given clinical access or the access log, by whom and when (decision 0202): the privacy officer's second list. */
export function ClinicalGrantsSection({ timezone }: { timezone?: string }) {
  const t = useT('accessLog');
  const [page, setPage] = useState(1);
  const grants = useClinicalGrants(page, true);
  if (grants.isPending) return <LoadingBlock text={t('accessLog.grants.loading')} />;
  if (grants.isError) return <ErrorAlert message={errorMessage(grants.error, t('accessLog.grants.loadFailed'))} onRetry={() => void grants.refetch()} />;
  if (grants.data.data.length === 0) {
    return <EmptyState title={t('accessLog.grants.none')} text={t('accessLog.grants.noneHint')} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={t('accessLog.grants.list')}>
        {grants.data.data.map((g) => (
          <li key={g.id} className="card bg-base-100 shadow-sm" data-testid="grant-card">
            <div className="card-body gap-1 p-4">
              <p>
                <span className="font-medium">{g.user_name ?? t('accessLog.removedUser')}</span>: {g.what}
              </p>
              <p className="text-sm text-base-content/70">
                {t(g.kind === 'password_set' ? 'accessLog.grants.passwordSetBy' : 'accessLog.grants.givenBy', { name: g.granted_by_name ?? t('accessLog.grants.removedUser') })} · <time dateTime={g.at}>{formatDateTime(g.at, timezone)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination currentPage={grants.data.meta.current_page} lastPage={grants.data.meta.last_page} onPageChange={setPage} />
    </div>
  );
}
