import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';

/** The states every lending list has: loading, error with retry, empty (with the first action), or the rows. */
export function ListState({ loading, stale = false, error, empty, onRetry, loadingText, emptyTitle, emptyText, emptyAction, children }: {
  loading: boolean;
  /** The rows shown answer the previous tab, page or search: dimmed and marked busy until the new ones arrive. */
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
  if (error) return <ErrorAlert message={`Could not read the local book: ${error.message}`} onRetry={onRetry} />;
  if (loading) return <LoadingBlock text={loadingText} />;
  return (
    <div aria-busy={stale} className={`flex flex-col gap-6 transition-opacity ${stale ? 'opacity-60' : ''}`} data-testid="list-state">
      {empty ? <EmptyState title={emptyTitle} text={emptyText} action={emptyAction} /> : children}
    </div>
  );
}
