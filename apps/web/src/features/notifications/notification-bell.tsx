import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useOnlineStatus } from '../../lib/online-status';
import { badgeText, bellLabel } from './bell-label';
import { useInbox } from './use-inbox';

const BELL = 'M14.857 17.082a23.848 23.848 0 005.454-1.31A8.967 8.967 0 0118 9.75V9A6 6 0 006 9v.75a8.967 8.967 0 01-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 01-5.714 0m5.714 0a3 3 0 11-5.714 0';

const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
// While the panel's code arrives (first open only): its name comes from this text.
function PanelFallback({ headingId }: { headingId: string }) {
  const t = useT('frame');
  return (
    <p className="flex items-center justify-center gap-2 px-4 py-8 text-base-content/70" role="status" aria-labelledby={headingId}>
      <span className="loading loading-spinner loading-sm" aria-hidden="true" /> <span id={headingId}>{t('frame.bell.loading')}</span>
    </p>
  );
}

/** The bell in the top bar: the unread count (polled), and on a press the panel of the user's notifications. */
export function NotificationBell() {
  useT('frame'); // the bell's name is the frame's words, and follows a change of language
  const inbox = useInbox();
  const online = useOnlineStatus();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  const closeToBell = useCallback(() => {
    setOpen(false);
    bell.current?.focus();
  }, []);

  // Escape closes and gives focus back to the bell; a press outside just closes (focus goes where the user pressed).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') closeToBell(); };
    const onDown = (e: MouseEvent) => { if (!wrap.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, closeToBell]);

  const badge = badgeText(inbox.unread);
  return (
    <div className="relative" ref={wrap}>
      <button
        ref={bell}
        type="button"
        className="btn btn-ghost btn-square relative"
        aria-label={bellLabel(inbox.unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // The panel's code is fetched as soon as the user reaches for the bell.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
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
          <Suspense fallback={<PanelFallback headingId={headingId} />}>
            <NotificationPanel inbox={inbox} online={online} headingId={headingId} onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
