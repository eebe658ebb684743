import type { Notification } from '@kalinga/contracts/notifications';
import { Link } from 'react-router';
import { centreDateTime } from '../../lib/centre-time';
import { useT } from '../../lib/i18n';
import { useSiteSettings } from '../../session/site-settings';
import { describeNotification, timeAgo } from './notification-text';

/** One notification in the panel: what, who, when, a link to the appointment, and Mark as read. */
export function NotificationItem({ n, canWrite, onOpen, onRead }: { n: Notification; canWrite: boolean; onOpen: (n: Notification) => void; onRead: (n: Notification) => void }) {
  const t = useT('notifications');
  const zone = useSiteSettings().data?.timezone;
  const text = describeNotification(n, zone);
  const unread = n.read_at === null;
  return (
    <li className={`flex gap-3 px-4 py-3 ${unread ? 'bg-primary/5' : ''}`} data-testid="notification">
      <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className={`break-words ${unread ? 'font-semibold' : ''}`}>
          {text.title}
          {unread && <span className="sr-only"> {t('notifications.unread')}</span>}
        </p>
        {text.detail && <p className="break-words text-sm text-base-content/80">{text.detail}</p>}
        {text.by && <p className="text-sm text-base-content/80">{text.by}</p>}
        {text.reason && <p className="break-words text-sm text-base-content/80">{text.reason}</p>}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <time className="text-base-content/70" dateTime={n.created_at} title={centreDateTime(n.created_at, zone)}>
            {timeAgo(n.created_at, Date.now(), zone)}
          </time>
          {n.kind === 'urgent' && <Link className="link link-primary" to="/triage">{t('notifications.openTriage')}</Link>}
          {n.kind === 'waitlist_offer' && <Link className="link link-primary" to="/waitlist">{t('notifications.openWaitlist')}</Link>}
          {(n.kind === 'break_glass' || n.kind === 'clinical_access' || n.kind === 'password_set' || n.kind === 'care_team_booking') && <Link className="link link-primary" to="/access-log">{t('notifications.openAccessLog')}</Link>}
          {n.appointment_uuid && (
            <a className="link link-primary" href={`/appointments?open=${encodeURIComponent(n.appointment_uuid)}`} onClick={(e) => { e.preventDefault(); onOpen(n); }}>
              {t('notifications.viewAppointment')}
            </a>
          )}
          {unread && (
            <button type="button" className="link link-hover text-base-content/80" disabled={!canWrite} onClick={() => onRead(n)}>
              {t('notifications.markRead')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
