import type { Workshop } from '@kalinga/contracts/groups';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatTime, formatWeekdayDateTime } from '../../lib/dates';
import { type MessageKey, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useMyGroupSessions, useWorkshopAction, useWorkshops } from './groups-api';

// Workshops for students and personnel (decision 0279): open workshops with the seats left, one-click sign-up,
// cancellation, the waitlist and a seat held for them; their coming group sessions. No other participant is named.

type Action = 'sign-up' | 'cancel' | 'wait' | 'leave';
const DONE: Record<Action, MessageKey> = { 'sign-up': 'groups.workshop.signedUp', cancel: 'groups.workshop.cancelled', wait: 'groups.workshop.waiting', leave: 'groups.workshop.left' };

function WorkshopCard({ w, timeZone }: { w: Workshop; timeZone: string | undefined }) {
  const t = useT('groups');
  const act = useWorkshopAction();
  const left = w.capacity - w.seats_taken;
  const run = async (action: Action) => {
    try {
      await act.mutateAsync({ uuid: w.uuid, action });
      notifySuccess(t(DONE[action]));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.workshop.failed')));
    }
  };
  const busy = act.isPending;
  const now = new Date().toISOString();
  const upcoming = w.sessions.filter((s) => s.status === 'scheduled' && s.starts_at >= now);
  return (
    <li className={`card bg-base-100 shadow-sm ${w.place === 'offered' ? 'border-2 border-success' : ''}`} data-testid="workshop-card">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="break-words text-lg font-semibold">{w.name}</h2>
          {w.kind === 'closed' && <span className="badge badge-outline badge-sm">{t('groups.kind.closed')}</span>}
          {w.place === 'member' && <span className="badge badge-success badge-sm">{t(w.kind === 'closed' ? 'groups.workshop.member' : 'groups.workshop.youAreIn')}</span>}
          {w.place === 'waiting' && <span className="badge badge-warning badge-sm">{t('groups.workshop.onWaitlist')}</span>}
        </div>
        <p className="text-sm text-base-content/80">
          {w.category.name} · {w.facilitators.map((f) => f.name).join(', ')}
        </p>
        {w.description && <p className="text-sm break-words">{w.description}</p>}
        <ul className="text-sm text-base-content/80">
          {upcoming.slice(0, 4).map((s) => <li key={s.uuid}><time dateTime={s.starts_at}>{formatWeekdayDateTime(s.starts_at, timeZone)}</time></li>)}
          {upcoming.length > 4 && <li>{t('groups.workshop.more', { count: upcoming.length - 4 })}</li>}
        </ul>
        <p className="text-sm">
          {w.location_type === 'online' ? t('groups.workshop.online') : t('groups.workshop.onSite', { place: w.location ?? '' })}
          {' · '}
          <span data-testid="seats-left">{left > 0 ? t('groups.workshop.seatsLeft', { count: left }) : t('groups.workshop.full')}</span>
        </p>
        {w.place === 'offered' && (
          <p role="status" className="rounded-box bg-success/10 p-2 text-sm">{t('groups.workshop.held', { time: formatTime(w.offer_expires_at, timeZone) })}</p>
        )}
        {w.kind === 'workshop' && (
          <div className="flex flex-wrap gap-2">
            {w.place === 'none' && left > 0 && <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void run('sign-up')}>{t('groups.workshop.signUp')}</button>}
            {w.place === 'none' && left <= 0 && <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void run('wait')}>{t('groups.workshop.joinWaitlist')}</button>}
            {w.place === 'member' && <button type="button" className="btn btn-outline btn-error btn-sm" disabled={busy} onClick={() => void run('cancel')}>{t('groups.workshop.cancel')}</button>}
            {w.place === 'offered' && <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void run('sign-up')}>{t('groups.workshop.takeSeat')}</button>}
            {(w.place === 'waiting' || w.place === 'offered') && <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void run('leave')}>{t(w.place === 'offered' ? 'groups.workshop.letGo' : 'groups.workshop.leaveWaitlist')}</button>}
          </div>
        )}
      </div>
    </li>
  );
}

function MySessions({ timeZone }: { timeZone: string | undefined }) {
  const t = useT('groups');
  const query = useMyGroupSessions(true);
  if (query.isPending) return <LoadingBlock text={t('groups.mine.loading')} />;
  if (query.isError) return <ErrorAlert message={t('groups.mine.loadFailed')} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="text-sm text-base-content/70">{t('groups.mine.empty')}</p>;
  return (
    <ul className="flex flex-col gap-1" data-testid="my-group-sessions">
      {query.data.slice(0, 8).map((s) => (
        <li key={s.session_uuid} className="rounded-box border border-base-300 p-2 text-sm">
          <span className="font-medium break-words">{s.group_name}</span> · {t('groups.mine.index', { index: s.index, total: s.total })} · <time dateTime={s.starts_at}>{formatWeekdayDateTime(s.starts_at, timeZone)}</time>
        </li>
      ))}
    </ul>
  );
}

export function WorkshopsPage() {
  const t = useT('groups');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('groups.workshops.title'));
  const timeZone = settings.data?.timezone;
  const list = useWorkshops(true);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t('groups.workshops.title')}</h1>
        <p className="text-base-content/70">{t('groups.workshops.lead')}</p>
      </div>
      <section aria-labelledby="my-group-sessions-heading" className="flex flex-col gap-2">
        <h2 id="my-group-sessions-heading" className="font-semibold">{t('groups.mine.title')}</h2>
        <MySessions timeZone={timeZone} />
      </section>
      {list.isPending ? (
        <LoadingBlock text={t('groups.workshops.loading')} />
      ) : list.isError ? (
        <ErrorAlert message={t('groups.workshops.loadFailed')} retryText={t('groups.retry')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('groups.workshops.emptyTitle')} text={t('groups.workshops.emptyText')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('groups.workshops.listLabel')}>
          {list.data.map((w) => <WorkshopCard key={w.uuid} w={w} timeZone={timeZone} />)}
        </ul>
      )}
    </div>
  );
}
