import type { MyGroupSession } from '@kalinga/contracts/groups';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { api } from '../lib/api-client';
import { formatWeekdayDateTime } from '../lib/dates';
import { useT } from '../lib/i18n';
import { ErrorAlert } from './ui/error-alert';

// A member's coming group sessions as read-only rows of their Appointments list (decision 0283): marked as a group
// session, with the group's name, which session of how many, when and where; nothing to change here (the Workshops
// screen signs up and cancels). Drawn below the appointments, so nothing above moves when they arrive; nothing while
// loading or when there are none (the list says its own empty state).

function Rows({ timeZone }: { timeZone: string | undefined }) {
  const t = useT('groups');
  const query = useQuery({
    queryKey: ['workshops', 'mine'],
    queryFn: () => api.get<{ data: MyGroupSession[] }>('/api/my-group-sessions').then((r) => r.data),
    retry: false,
  });
  if (query.isPending) return null;
  if (query.isError) return <ErrorAlert message={t('groups.mine.loadFailed')} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return null;
  return (
    <section aria-labelledby="appointment-group-sessions" className="flex flex-col gap-3" data-testid="appointment-group-sessions">
      <h2 id="appointment-group-sessions" className="text-sm font-semibold uppercase tracking-wide text-base-content/75">{t('groups.mine.title')}</h2>
      <ul className="flex flex-col gap-2">
        {query.data.map((s) => (
          <li key={s.session_uuid} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-1 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="badge badge-info badge-sm">{t('groups.mine.badge')}</span>
                <span className="font-medium break-words">{s.group_name}</span>
              </div>
              <p className="text-sm">
                <time dateTime={s.starts_at}>{formatWeekdayDateTime(s.starts_at, timeZone)}</time> · {t('groups.mine.index', { index: s.index, total: s.total })}
              </p>
              <p className="text-sm text-base-content/70 break-words">{s.location_type === 'online' ? t('groups.workshop.online') : t('groups.workshop.onSite', { place: s.location ?? '' })}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-in member's coming group sessions, read-only; its words load with the groups catalog meanwhile nothing. */
export function GroupSessionRows({ timeZone }: { timeZone: string | undefined }) {
  return (
    <Suspense fallback={null}>
      <Rows timeZone={timeZone} />
    </Suspense>
  );
}
