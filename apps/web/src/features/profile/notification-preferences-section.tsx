import { NOTIFICATION_KINDS } from '@kalinga/contracts/notification-kinds';
import type { NotificationPreferences } from '@kalinga/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { type MessageKey, useT } from '../../lib/i18n';
import { useOnlineStatus } from '../../lib/online-status';
import { useAfterPaint } from '../../lib/after-paint';
import { SubmitButton } from '../../components/ui/submit-button';

const KEY = ['notification-preferences'] as const;
const PATH = '/api/me/notification-preferences';
/** Each kind's name in the language in use. */
const KIND_LABELS: Record<(typeof NOTIFICATION_KINDS)[number], MessageKey> = {
  booked: 'profile.notifications.kind.booked',
  confirmed: 'profile.notifications.kind.confirmed',
  cancelled: 'profile.notifications.kind.cancelled',
  rescheduled: 'profile.notifications.kind.rescheduled',
  completed: 'profile.notifications.kind.completed',
  reminder: 'profile.notifications.kind.reminder',
};

/**
 * Profile › Notifications: per kind, whether it shows in the app and whether it is emailed. Its read leaves after
 * the screen's first paint, which does not need it (decision 0362); until its answer the section holds its
 * loading rows, the form's place.
 */
export function NotificationPreferencesSection() {
  const t = useT('profile');
  const painted = useAfterPaint();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<NotificationPreferences>(PATH), enabled: painted });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-notifications">
      <div className="card-body gap-4">
        <div>
          <h2 id="profile-notifications" className="card-title text-lg">{t('profile.notifications.title')}</h2>
          <p className="text-sm text-base-content/70">{t('profile.notifications.lead')}</p>
        </div>
        {query.isPending ? (
          <LoadingBlock text={t('profile.notifications.loading')} />
        ) : query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('profile.notifications.loadFailed'))} retryText={t('profile.notifications.retry')} onRetry={() => void query.refetch()} />
        ) : (
          <PreferencesForm saved={query.data} />
        )}
      </div>
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const t = useT('profile');
  const online = useOnlineStatus();
  const qc = useQueryClient();
  const [values, setValues] = useState<NotificationPreferences>(saved);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) => api.put<NotificationPreferences>(PATH, { preferences }),
    onSuccess: (reply) => qc.setQueryData(KEY, reply),
  });
  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: 'in_app' | 'email', on: boolean) =>
    setValues((v) => ({ ...v, [kind]: { ...v[kind]!, [channel]: on } }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      // The reply is the whole set as stored; the toggles keep what was chosen either way.
      setValues(await save.mutateAsync(values));
      notifySuccess(t('profile.notifications.saved'));
    } catch (err) {
      const message = errorMessage(err, t('profile.notifications.saveFailed'));
      setError(message);
      notifyError(message);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <div className="-mx-2 overflow-x-auto sm:mx-0">
        <table className="table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col">{t('profile.notifications.kindColumn')}</th>
              <th scope="col" className="w-16 px-1 text-center sm:w-24">{t('profile.notifications.inApp')}</th>
              <th scope="col" className="w-16 px-1 text-center sm:w-24">{t('profile.notifications.byEmail')}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="font-normal">{t(KIND_LABELS[kind])}</th>
                {(['in_app', 'email'] as const).map((channel) => (
                  <td key={channel} className="px-1 text-center">
                    <input
                      type="checkbox"
                      className="toggle toggle-primary toggle-sm"
                      aria-label={t('profile.notifications.toggle', { kind: t(KIND_LABELS[kind]), channel })}
                      checked={values[kind]?.[channel] ?? false}
                      disabled={save.isPending}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!online && <p className="text-sm text-warning" role="status">{t('profile.notifications.offline')}</p>}
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} disabled={save.isPending || !online}>
          {save.isPending ? t('profile.notifications.saving') : t('profile.notifications.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
