import { useT, type MessageKey } from '../../../lib/i18n';
import { useSyncError, type SyncStatus } from '../book/lending-queries';

const LABEL: Record<SyncStatus, MessageKey> = { synced: 'lending.sync.synced', pending: 'lending.sync.pending', failed: 'lending.sync.failed' };
const CLASS: Record<SyncStatus, string> = { synced: 'badge-ghost', pending: 'badge-warning', failed: 'badge-error' };

/** A record's sync state: synced, pending (waiting in the queue), or failed with the server's reason. */
export function SyncBadge({ record }: { record: { uuid: string; sync_status?: SyncStatus; sync_error?: string } }) {
  const t = useT('lending');
  const status = record.sync_status ?? 'synced';
  const reason = useSyncError(record);
  return (
    <span className="inline-flex max-w-full flex-col gap-1">
      <span className={`badge badge-sm whitespace-nowrap ${CLASS[status]}`} data-testid="sync-state" data-sync={status}>
        {t(LABEL[status])}
      </span>
      {status === 'failed' && reason && (
        <span className="text-xs text-red-700" role="note">
          {reason}
        </span>
      )}
    </span>
  );
}
