import { NOTIFICATION_KINDS } from '@kalinga/contracts/notification-kinds';
import type { NotificationPreferences } from '@kalinga/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { NOTIFICATION_KIND_LABELS } from '../../lib/notification-kinds';
import { useOnlineStatus } from '../../lib/online-status';
import { SubmitButton } from '../../components/ui/submit-button';

const KEY = ['notification-preferences'] as const;
const PATH = '/api/me/notification-preferences';
const SAVE_FAILED = 'Failed to save notification settings';

/** Profile › Notifications: per kind, whether it shows in the app and whether it is emailed. */
export function NotificationPreferencesSection() {
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<NotificationPreferences>(PATH) });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-notifications">
      <div className="card-body gap-4">
        <div>
          <h2 id="profile-notifications" className="card-title text-lg">Notifications</h2>
          <p className="text-sm text-base-content/70">Choose what you are told about your appointments, in the app and by email.</p>
        </div>
        {query.isPending ? (
          <LoadingBlock text="Loading notification settings..." />
        ) : query.isError ? (
          <ErrorAlert message={errorMessage(query.error, 'Failed to load notification settings')} onRetry={() => void query.refetch()} />
        ) : (
          <PreferencesForm saved={query.data} />
        )}
      </div>
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
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
      notifySuccess('Notification settings saved');
    } catch (err) {
      const message = errorMessage(err, SAVE_FAILED);
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
              <th scope="col">Notification</th>
              <th scope="col" className="w-16 px-1 text-center sm:w-24">In the app</th>
              <th scope="col" className="w-16 px-1 text-center sm:w-24">By email</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="font-normal">{NOTIFICATION_KIND_LABELS[kind]}</th>
                {(['in_app', 'email'] as const).map((channel) => (
                  <td key={channel} className="px-1 text-center">
                    <input
                      type="checkbox"
                      className="toggle toggle-primary toggle-sm"
                      aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${channel === 'in_app' ? 'in the app' : 'by email'}`}
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
      {!online && <p className="text-sm text-warning" role="status">You are offline. Notification settings can be saved when the connection returns.</p>}
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} disabled={save.isPending || !online}>
          {save.isPending ? 'Saving...' : 'Save Notification Settings'}
        </SubmitButton>
      </div>
    </form>
  );
}
