import type { Notification } from '@kalinga/contracts/notifications';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { notifyError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useOnlineStatus } from '../../lib/online-status';
import { NotificationItem } from './notification-item';
import { badgeText, bellLabel } from './notification-text';
import { useInbox } from './use-inbox';

const BELL = 'M14.857 17.082a23.848 23.848 0 005.454-1.31A8.967 8.967 0 0118 9.75V9A6 6 0 006 9v.75a8.967 8.967 0 01-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 01-5.714 0m5.714 0a3 3 0 11-5.714 0';

/** The bell in the top bar: unread count, and a panel of the user's notifications (newest first). */
export function NotificationBell() {
  const inbox = useInbox();
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const headingId = useId();

  const closeToBell = useCallback(() => {
    setOpen(false);
    bell.current?.focus();
  }, []);

  // Escape closes and gives focus back to the bell; a press outside just closes (focus goes where the user pressed).
  useEffect(() => {
    if (!open) return;
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') closeToBell(); };
    const onDown = (e: MouseEvent) => { if (!wrap.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, closeToBell]);

  const canWrite = online && !inbox.offlineMode;
  const markRead = async (ids: number[] | 'all') => {
    try {
      await inbox.markRead(ids);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to mark notifications as read'));
    }
  };
  const openAppointment = (n: Notification) => {
    setOpen(false);
    if (n.read_at === null && canWrite) void markRead([n.id]);
    navigate(`/appointments?open=${encodeURIComponent(n.appointment_uuid ?? '')}`);
  };

  const badge = badgeText(inbox.unread);
  const { items, hasMore } = inbox.list;
  const offline = !online || inbox.offlineMode;

  let body;
  if (items.length > 0) {
    body = (
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
    );
  } else if (offline) {
    body = <p className="px-4 py-8 text-center text-base-content/70">You are offline. Notifications will show when the connection returns.</p>;
  } else if (!inbox.loaded && inbox.error) {
    body = <div className="p-3"><ErrorAlert message={inbox.error} onRetry={inbox.refetch} /></div>;
  } else if (!inbox.loaded) {
    body = (
      <p className="flex items-center justify-center gap-2 px-4 py-8 text-base-content/70" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading notifications...
      </p>
    );
  } else {
    body = (
      <div className="px-4 py-8 text-center">
        <p className="font-semibold">No notifications yet</p>
        <p className="text-sm text-base-content/70">Bookings, changes and reminders of your appointments will show here.</p>
      </div>
    );
  }

  return (
    <div className="relative" ref={wrap}>
      <button
        ref={bell}
        type="button"
        className="btn btn-ghost btn-square relative"
        aria-label={bellLabel(inbox.unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? closeToBell() : setOpen(true))}
        data-testid="notification-bell"
      >
        <svg aria-hidden="true" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
          <path strokeLinecap="round" strokeLinejoin="round" d={BELL} />
        </svg>
        {badge && <span aria-hidden="true" className="badge badge-error badge-xs absolute -right-0.5 -top-0.5 h-5 min-w-5 px-1 text-xs font-semibold" data-testid="notification-count">{badge}</span>}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-14 z-30 flex max-h-[calc(100dvh-4.5rem)] flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:max-h-[70vh] sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-3">
            <h2 id={headingId} ref={heading} tabIndex={-1} className="font-bold outline-none">Notifications</h2>
            <button type="button" className="btn btn-ghost btn-sm" disabled={!canWrite || inbox.unread === 0} onClick={() => void markRead('all')}>
              Mark all as read
            </button>
          </div>
          {items.length > 0 && (offline || inbox.error) && (
            <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-2 text-sm text-base-content/80" role="status">
              <span>{offline ? 'You are offline. These are the last notifications loaded.' : 'Could not refresh notifications.'}</span>
              {!offline && <button type="button" className="btn btn-xs" onClick={inbox.refetch}>Retry</button>}
            </div>
          )}
          <div className="overflow-y-auto">{body}</div>
        </div>
      )}
    </div>
  );
}
