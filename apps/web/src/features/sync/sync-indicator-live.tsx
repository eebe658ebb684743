import { useQueueCounts } from '../../offline/queue-counts';
import { SyncIndicatorView } from './sync-indicator';

/**
 * The indicator with the queue's live counts. Its own chunk (the sync queue's code and the validation library
 * come with it), so the signed-in frame draws without waiting for them (decision 0098).
 */
export function SyncIndicator() {
  return <SyncIndicatorView counts={useQueueCounts()} />;
}
