import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';

/** A Settings card showing one query: its title with Refresh once loaded, then loading, the error with Retry, or the data. */
export function QueryCard<T>({ id, title, query, loading, failed, children }: { id: string; title: string; query: UseQueryResult<T>; loading: string; failed: string; children: (data: T) => ReactNode }) {
  const t = useT('settings');
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={id}>
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="card-title text-lg">{title}</h2>
          {query.data !== undefined && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
              {t('settings.refresh')}
            </button>
          )}
        </div>
        {query.isPending ? (
          <LoadingBlock text={loading} />
        ) : query.isError ? (
          <ErrorAlert message={errorMessage(query.error, failed)} onRetry={() => void query.refetch()} />
        ) : (
          children(query.data)
        )}
      </div>
    </section>
  );
}
