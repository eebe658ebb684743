import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../session/site-settings';
import { appointmentKeys } from '../api/appointments-api';
import { AppointmentCard, type CardActions } from './appointment-card';
import { ClientActions } from './client-actions';

/**
 * The appointment a link names (/appointments?open=<uuid>, from a notification), over the list, with the
 * card's own actions. An action closes this first, so its form or confirmation is the only dialog.
 */
export function OpenedAppointmentModal({ uuid, user, busy, actions, onClose }: { uuid: string | null; user: AuthUser | null; busy: boolean; actions: CardActions; onClose: () => void }) {
  const t = useT('appointments');
  const settings = useSiteSettings();
  const query = useQuery({
    queryKey: [...appointmentKeys.all, 'one', uuid],
    queryFn: () => api.get<{ data: Appointment }>(`/api/appointments/${encodeURIComponent(uuid ?? '')}`).then((r) => r.data),
    enabled: uuid !== null,
    retry: false,
  });
  const closing = <A extends unknown[]>(action: (...args: A) => void) => (...args: A) => {
    onClose();
    action(...args);
  };
  const wrapped: CardActions = {
    onStatus: closing(actions.onStatus),
    onEdit: closing(actions.onEdit),
    onDelete: closing(actions.onDelete),
    onCalendar: actions.onCalendar,
    onHistory: closing(actions.onHistory),
    ...(actions.onSeries ? { onSeries: closing(actions.onSeries) } : {}),
  };
  return (
    <Modal open={uuid !== null} title={t('appointments.opened.title')} onClose={onClose} wide>
      {query.isPending ? (
        <LoadingBlock text={t('appointments.opened.loading')} />
      ) : query.isError ? (
        <ErrorAlert message={errorMessage(query.error, t('appointments.opened.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => void query.refetch()} />
      ) : (
        // The client's cancel and reschedule open their dialog over this one (they hold their own state).
        <AppointmentCard appointment={query.data} user={user} busy={busy} actions={wrapped} clientActions={<ClientActions appointment={query.data} user={user} settings={settings.data} />} />
      )}
    </Modal>
  );
}
