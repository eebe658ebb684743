import { Link } from 'react-router';
import { useOnlineStatus } from '../../lib/online-status';
import { useQueueCounts } from '../../offline/use-sync-status';

/** The top bar's online/offline indicator with the number of unsent changes; opens the Sync status panel. */
export function SyncIndicator() {
  const online = useOnlineStatus();
  const { unsent, rejected } = useQueueCounts();
  const state = online ? 'Online' : 'Offline';
  const label = `Sync status: ${state}, ${unsent === 1 ? '1 unsent change' : `${unsent} unsent changes`}${rejected ? `, ${rejected} refused` : ''}`;
  return (
    <Link to="/sync" className="btn btn-ghost btn-sm gap-2 px-2" aria-label={label} title={label} data-testid="sync-indicator">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${online ? 'bg-success' : 'bg-warning'}`} />
      <span className="hidden sm:inline">{state}</span>
      {unsent > 0 && (
        <span aria-hidden="true" className={`badge badge-sm ${rejected ? 'badge-error' : 'badge-neutral'}`} data-testid="unsent-count">
          {unsent}
        </span>
      )}
    </Link>
  );
}
