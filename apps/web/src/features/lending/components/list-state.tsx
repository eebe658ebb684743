import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';

/** The states every lending list has: loading, error with retry, empty (with the first action), or the rows. */
export function ListState({ loading, stale = false, error, empty, onRetry, loadingText, emptyTitle, emptyText, emptyAction, children }: {
  loading: boolean;
  /** The rows shown answer the previous tab, page or search: marked busy (and "Updating...") until the new ones arrive. */
  stale?: boolean;
  error: Error | null;
  empty: boolean;
  onRetry: () => void;
  loadingText: string;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  const t = useT('lending');
  if (error) return <ErrorAlert message={t('lending.readError', { error: error.message })} onRetry={onRetry} />;
  if (loading) return <LoadingBlock text={loadingText} />;
  return (
    // Not dimmed while the next answer loads (dimmed text fell below readable contrast): a line says it instead.
    <div aria-busy={stale} className="flex flex-col gap-6" data-testid="list-state">
      {stale && (
        <p className="flex items-center gap-2 text-sm text-base-content/80">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> {t('lending.updating')}
        </p>
      )}
      {empty ? <EmptyState title={emptyTitle} text={emptyText} action={emptyAction} /> : children}
    </div>
  );
}
