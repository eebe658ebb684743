import type { Delivery, DeliveryListReply, DeliveryStatus } from '@kalinga/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { INBOX_KIND_LABELS } from '../../lib/notification-kinds';
import { QueryCard } from './query-card';

const STATUS_BADGE: Record<DeliveryStatus, string> = { pending: 'badge-warning', failed: 'badge-error', sent: 'badge-success', cancelled: 'badge-ghost' };
const STATUS_LABEL: Record<DeliveryStatus, string> = { pending: 'Pending', failed: 'Failed', sent: 'Sent', cancelled: 'Cancelled' };

function DeliveryRow({ d }: { d: Delivery }) {
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${STATUS_BADGE[d.status]}`}>{STATUS_LABEL[d.status]}</span>
        <span className="font-medium">{INBOX_KIND_LABELS[d.kind]}</span>
      </div>
      <p className="break-words text-sm">
        To {d.recipient_name} <span className="text-base-content/70">&lt;{d.recipient_email}&gt;</span>
      </p>
      <p className="text-sm text-base-content/70">
        {d.status === 'pending' ? 'Due' : 'Last due'} <time dateTime={d.due_at}>{formatDateTime(d.due_at)}</time>
        {' · '}
        {d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`}
      </p>
      {d.last_error && <p className="break-words text-sm text-error">Error: {d.last_error}</p>}
    </li>
  );
}

/** Settings › Email: whether the server can send email, and the notification emails that failed or wait to be sent. */
export function EmailDeliveriesSection() {
  const query = useQuery({ queryKey: ['notification-deliveries'], queryFn: () => api.get<DeliveryListReply>('/api/notifications/deliveries') });
  return (
    <QueryCard id="settings-email" title="Email Notifications" query={query} loading="Loading email deliveries..." failed="Failed to load email deliveries">
      {(data) => (
        <>
          {data.email_configured ? (
            <p className="text-sm text-base-content/80">Notifications are emailed to the people who keep email on in their profile.</p>
          ) : (
            <div role="status" className="alert alert-info alert-soft flex min-w-0 flex-col items-start gap-1 text-base-content">
              <span className="font-semibold">Email is not configured</span>
              <span className="min-w-0 break-words text-sm">
                The server has no mail server to send through, so notifications are shown in the app only. To send them by email
                too, whoever runs the server sets <code className="break-all">SMTP_URL</code> (for example <code className="break-all">smtp://user:password@mail.example.org:587</code>) and restarts it.
              </span>
            </div>
          )}
          <h3 className="font-semibold">Failed and pending emails</h3>
          {data.data.length === 0 ? (
            <p className="text-sm text-base-content/70">No failed or pending emails.</p>
          ) : (
            <ul className="divide-y divide-base-200" aria-label="Failed and pending emails">
              {data.data.map((d) => <DeliveryRow key={d.id} d={d} />)}
            </ul>
          )}
        </>
      )}
    </QueryCard>
  );
}
