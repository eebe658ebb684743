import type { Notification } from '@kalinga/contracts/notifications';
import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { notifyError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { NotificationItem } from './notification-item';
import type { Inbox } from './use-inbox';

/**
 * The bell's panel: the list newest first with its states, mark one or all read, load more. Loaded on first use
 * (it brings date formatting), while the bell and its polling stay in the signed-in frame.
 */
export function NotificationPanel({ inbox, online, headingId, onClose }: { inbox: Inbox; online: boolean; headingId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const offline = !online || inbox.offlineMode;
  const canWrite = !offline;
  const markRead = async (ids: number[] | 'all') => {
    try {
      await inbox.markRead(ids);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to mark notifications as read'));
    }
  };
  const openAppointment = (n: Notification) => {
    onClose();
    if (n.read_at === null && canWrite) void markRead([n.id]);
    navigate(`/appointments?open=${encodeURIComponent(n.appointment_uuid ?? '')}`);
  };
  const { items, hasMore } = inbox.list;

  return (
    <>
      <PanelHeader heading={heading} headingId={headingId} canMarkAll={canWrite && inbox.unread > 0} onMarkAll={() => void markRead('all')} />
      {items.length > 0 && (offline || inbox.error) && (
        <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-2 text-sm text-base-content/80" role="status">
          <span>{offline ? 'You are offline. These are the last notifications loaded.' : 'Could not refresh notifications.'}</span>
          {!offline && <button type="button" className="btn btn-xs" onClick={inbox.refetch}>Retry</button>}
        </div>
      )}
      <div className="overflow-y-auto">
        {items.length > 0 ? (
          <>
            <ul className="divide-y divide-base-200" aria-label="Notifications, newest first">
              {items.map((n) => <NotificationItem key={n.id} n={n} canWrite={canWrite} onOpen={openAppointment} onRead={(x) => void markRead([x.id])} />)}
            </ul>
            {hasMore && (
              <div className="flex flex-col items-center gap-2 p-3">
                {inbox.older.error && <p role="alert" className="text-sm text-error">{inbox.older.error}</p>}
                <button type="button" className="btn btn-sm btn-ghost" disabled={inbox.older.loading || offline} onClick={() => void inbox.loadMore()}>
                  {inbox.older.loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {inbox.older.loading ? 'Loading...' : 'Load more'}
                </button>
              </div>
            )}
          </>
        ) : offline ? (
          <p className="px-4 py-8 text-center text-base-content/70">You are offline. Notifications will show when the connection returns.</p>
        ) : !inbox.loaded && inbox.error ? (
          <div className="p-3"><ErrorAlert message={inbox.error} onRetry={inbox.refetch} /></div>
        ) : !inbox.loaded ? (
          <PanelLoading />
        ) : (
          <div className="px-4 py-8 text-center">
            <p className="font-semibold">No notifications yet</p>
            <p className="text-sm text-base-content/70">Bookings, changes and reminders of your appointments will show here.</p>
          </div>
        )}
      </div>
    </>
  );
}

function PanelHeader({ heading, headingId, canMarkAll, onMarkAll }: { heading: RefObject<HTMLHeadingElement | null>; headingId: string; canMarkAll: boolean; onMarkAll: () => void }) {
  return (
    <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-3">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="font-bold outline-none">Notifications</h2>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!canMarkAll} onClick={onMarkAll}>
        Mark all as read
      </button>
    </div>
  );
}

/** Shown until the list's first reply is here. */
function PanelLoading() {
  return (
    <p className="flex items-center justify-center gap-2 px-4 py-8 text-base-content/70" role="status">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading notifications...
    </p>
  );
}
