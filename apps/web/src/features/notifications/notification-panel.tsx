import type { Notification } from '@kalinga/contracts/notifications';
import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { notifyError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { NotificationItem } from './notification-item';
import type { Inbox } from './use-inbox';

/**
 * The bell's panel: the list newest first with its states, mark one or all read, load more. Loaded on first use
 * (it brings date formatting), while the bell and its polling stay in the signed-in frame.
 */
export function NotificationPanel({ inbox, online, headingId, onClose }: { inbox: Inbox; online: boolean; headingId: string; onClose: () => void }) {
  const t = useT('notifications');
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const offline = !online || inbox.offlineMode;
  const canWrite = !offline;
  const markRead = async (ids: number[] | 'all') => {
    try {
      await inbox.markRead(ids);
    } catch (error) {
      notifyError(errorMessage(error, t('notifications.markFailed')));
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
          <span>{offline ? t('notifications.offlineStale') : t('notifications.refreshFailed')}</span>
          {!offline && <button type="button" className="btn btn-xs" onClick={inbox.refetch}>{t('notifications.retry')}</button>}
        </div>
      )}
      <div className="overflow-y-auto">
        {items.length > 0 ? (
          <>
            <ul className="divide-y divide-base-200" aria-label={t('notifications.listLabel')}>
              {items.map((n) => <NotificationItem key={n.id} n={n} canWrite={canWrite} onOpen={openAppointment} onRead={(x) => void markRead([x.id])} />)}
            </ul>
            {hasMore && (
              <div className="flex flex-col items-center gap-2 p-3">
                {inbox.older.error && <p role="alert" className="text-sm text-error">{inbox.older.error}</p>}
                <button type="button" className="btn btn-sm btn-ghost" disabled={inbox.older.loading || offline} onClick={() => void inbox.loadMore()}>
                  {inbox.older.loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {inbox.older.loading ? t('notifications.loading') : t('notifications.loadMore')}
                </button>
              </div>
            )}
          </>
        ) : offline ? (
          <p className="px-4 py-8 text-center text-base-content/70">{t('notifications.offlineEmpty')}</p>
        ) : !inbox.loaded && inbox.error ? (
          <div className="p-3"><ErrorAlert message={inbox.error} retryText={t('notifications.retry')} onRetry={inbox.refetch} /></div>
        ) : !inbox.loaded ? (
          <PanelLoading />
        ) : (
          <div className="px-4 py-8 text-center">
            <p className="font-semibold">{t('notifications.emptyTitle')}</p>
            <p className="text-sm text-base-content/70">{t('notifications.emptyText')}</p>
          </div>
        )}
      </div>
    </>
  );
}

function PanelHeader({ heading, headingId, canMarkAll, onMarkAll }: { heading: RefObject<HTMLHeadingElement | null>; headingId: string; canMarkAll: boolean; onMarkAll: () => void }) {
  const t = useT('notifications');
  return (
    <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-3">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="font-bold outline-none">{t('notifications.heading')}</h2>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!canMarkAll} onClick={onMarkAll}>
        {t('notifications.markAll')}
      </button>
    </div>
  );
}

/** Shown until the list's first reply is here. */
function PanelLoading() {
  const t = useT('notifications');
  return (
    <p className="flex items-center justify-center gap-2 px-4 py-8 text-base-content/70" role="status">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" /> {t('notifications.loadingList')}
    </p>
  );
}
