import { Link } from 'react-router';
import { useOnlineStatus } from '../../lib/online-status';
import type { QueueCounts } from '../../offline/queue-counts';
import { useT } from '../../lib/i18n';

/**
 * The top bar's online/offline indicator with the number of unsent changes; opens the Sync status panel.
 * Its name reads e.g. "Sync status: Offline 3 unsent changes" (the visible words are part of it). Without
 * counts (the queue not read yet) it is the same size: the live one (sync-indicator-live.tsx) replaces it
 * without moving anything.
 */
export function SyncIndicatorView({ counts }: { counts: QueueCounts | undefined }) {
  const t = useT('frame');
  const online = useOnlineStatus();
  const unsent = counts?.unsent ?? 0;
  const rejected = counts?.rejected ?? 0;
  const state = online ? t('frame.online') : t('frame.offline');
  return (
    <Link to="/sync" className="btn btn-ghost btn-sm gap-2 px-2" title={t('frame.sync.status')} data-testid="sync-indicator" data-unsent={counts ? unsent : undefined}>
      <span className="sr-only">{t('frame.sync.statusLabel')}</span>{' '}
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${online ? 'bg-success' : 'bg-warning'}`} />{' '}
      <span>{state}</span>
      {counts && (
        <>
          {' '}
          {unsent > 0 ? <span className={`badge badge-sm ${rejected ? 'badge-error' : 'badge-neutral'}`}>{unsent}</span> : <span className="sr-only">0</span>}{' '}
          <span className="sr-only">{`${t('frame.sync.unsent', { count: unsent })}${rejected ? t('frame.sync.refused', { count: rejected }) : ''}`}</span>
        </>
      )}
    </Link>
  );
}
