import type { Delivery, DeliveryKind, DeliveryListReply, DeliveryStatus } from '@kalinga/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { centreShortDateTime } from '../../lib/centre-time';
import { useSiteSettings } from '../../session/site-settings';
import { type MessageKey, useT } from '../../lib/i18n';
import { QueryCard } from './query-card';

const STATUS_BADGE: Record<DeliveryStatus, string> = { pending: 'badge-warning', failed: 'badge-error', sent: 'badge-success', cancelled: 'badge-ghost' };
const STATUS_LABEL: Record<DeliveryStatus, MessageKey> = { pending: 'settings.email.status.pending', failed: 'settings.email.status.failed', sent: 'settings.email.status.sent', cancelled: 'settings.email.status.cancelled' };

/** Each kind's name in the language in use. */
const KIND_LABEL: Record<DeliveryKind, MessageKey> = {
  booked: 'settings.email.kind.booked',
  confirmed: 'settings.email.kind.confirmed',
  cancelled: 'settings.email.kind.cancelled',
  rescheduled: 'settings.email.kind.rescheduled',
  completed: 'settings.email.kind.completed',
  reminder: 'settings.email.kind.reminder',
  backup_failed: 'settings.email.kind.backup_failed',
  urgent: 'settings.email.kind.urgent',
  waitlist_offer: 'settings.email.kind.waitlist_offer',
  break_glass: 'settings.email.kind.break_glass',
  clinical_access: 'settings.email.kind.clinical_access',
  password_set: 'settings.email.kind.password_set',
  own_password_set: 'settings.email.kind.own_password_set',
  care_team_booking: 'settings.email.kind.care_team_booking',
  group_cancelled: 'settings.email.kind.group_cancelled',
  group_session_cancelled: 'settings.email.kind.group_session_cancelled',
  group_invite: 'settings.email.kind.group_invite',
  group_reminder: 'settings.email.kind.group_reminder',
  workshop_signup: 'settings.email.kind.workshop_signup',
  workshop_offer: 'settings.email.kind.workshop_offer',
};

/** The server's setting and an example value: the same in every language. */
const SMTP_SETTING = 'SMTP_URL';
const SMTP_EXAMPLE = 'smtp://user:password@mail.example.org:587';

function DeliveryRow({ d }: { d: Delivery }) {
  // On the centre's clock, its zone named when the browser's differs (decisions 0224, 0380).
  const zone = useSiteSettings().data?.timezone;
  const t = useT('settings');
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${STATUS_BADGE[d.status]}`}>{t(STATUS_LABEL[d.status])}</span>
        <span className="font-medium">{t(KIND_LABEL[d.kind])}</span>
      </div>
      <p className="break-words text-sm">
        {/* A group's email names no one: who gets it is in the group (decision 0376). */}
        {d.recipient_name === null ? (
          t('settings.email.toWithheld')
        ) : (
          <>
            {t('settings.email.to', { name: d.recipient_name })} <span className="text-base-content/70">&lt;{d.recipient_email}&gt;</span>
          </>
        )}
      </p>
      <p className="text-sm text-base-content/70">
        {d.status === 'pending' ? t('settings.email.due') : t('settings.email.lastDue')} <time dateTime={d.due_at}>{centreShortDateTime(d.due_at, zone)}</time>
        {' · '}
        {t('settings.email.attempts', { count: d.attempts })}
      </p>
      {d.last_error && <p className="break-words text-sm text-error">{t('settings.email.error', { error: d.last_error })}</p>}
    </li>
  );
}

/** Settings › Email: whether the server can send email, and the notification emails that failed or wait to be sent. */
export function EmailDeliveriesSection() {
  const t = useT('settings');
  const query = useQuery({ queryKey: ['notification-deliveries'], queryFn: () => api.get<DeliveryListReply>('/api/notifications/deliveries') });
  return (
    <QueryCard id="settings-email" title={t('settings.email.title')} query={query} loading={t('settings.email.loading')} failed={t('settings.email.loadFailed')}>
      {(data) => (
        <>
          {data.email_configured ? (
            <p className="text-sm text-base-content/80">{t('settings.email.configured')}</p>
          ) : (
            <div role="status" className="alert alert-info alert-soft flex min-w-0 flex-col items-start gap-1 text-base-content">
              <span className="font-semibold">{t('settings.email.notConfigured')}</span>
              <span className="min-w-0 break-words text-sm">
                {t('settings.email.notConfiguredText1')} <code className="break-all">{SMTP_SETTING}</code> {t('settings.email.notConfiguredText2')} <code className="break-all">{SMTP_EXAMPLE}</code>{t('settings.email.notConfiguredText3')}
              </span>
            </div>
          )}
          <h3 className="font-semibold">{t('settings.email.failedPending')}</h3>
          {data.data.length === 0 ? (
            <p className="text-sm text-base-content/70">{t('settings.email.none')}</p>
          ) : (
            <ul className="divide-y divide-base-200" aria-label={t('settings.email.failedPending')}>
              {data.data.map((d) => <DeliveryRow key={d.id} d={d} />)}
            </ul>
          )}
        </>
      )}
    </QueryCard>
  );
}
