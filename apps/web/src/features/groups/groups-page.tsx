import type { GroupSummary } from '@kalinga/contracts/groups';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Modal } from '../../components/ui/modal';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatWeekdayDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { isClinicianUser } from '../../lib/viewer';
import { hasPermission, useAuth } from '../../session/auth-store';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { GroupDetailView } from './group-detail';
import { useGroups, useGroupSettings, useSaveGroupSettings } from './groups-api';
import { NewGroupForm } from './new-group-form';

// Groups for counselors (decisions 0277-0280): the groups and workshops they facilitate, a new one with its series,
// one group's sessions, members and attendance. Whoever manages the site also sets whether group absences count.

function SettingsCard() {
  const t = useT('groups');
  const query = useGroupSettings(true);
  const save = useSaveGroupSettings();
  if (query.isPending) return <LoadingBlock text={t('groups.settings.loading')} />;
  if (query.isError) return <ErrorAlert message={t('groups.settings.loadFailed')} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  const onChange = async (value: boolean) => {
    try {
      await save.mutateAsync({ group_absences_count: value });
      notifySuccess(t('groups.settings.saved'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.settings.saveFailed')));
    }
  };
  return (
    <label className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-sm">
      <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={query.data.group_absences_count} disabled={save.isPending} onChange={(e) => void onChange(e.target.checked)} />
      <span>
        <span className="font-medium">{t('groups.settings.absencesCount')}</span>
        <span className="block text-base-content/70">{t('groups.settings.absencesHelp')}</span>
      </span>
    </label>
  );
}

function GroupCard({ g, timeZone, selected, onOpen }: { g: GroupSummary; timeZone: string | undefined; selected: boolean; onOpen: () => void }) {
  const t = useT('groups');
  return (
    <li className={`card bg-base-100 shadow-sm ${selected ? 'ring-2 ring-primary' : ''}`} data-testid="group-card">
      <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-semibold">{g.name}</span>
            <span className="badge badge-outline badge-sm">{t(g.kind === 'closed' ? 'groups.kind.closed' : 'groups.kind.workshop')}</span>
          </p>
          <p className="text-sm text-base-content/80">
            {g.category.name} · {t('groups.seats', { taken: g.seats_taken, capacity: g.capacity })} · {t('groups.sessionsCount', { count: g.sessions_total })}
          </p>
          <p className="text-sm text-base-content/70">{g.next_session ? t('groups.next', { when: formatWeekdayDateTime(g.next_session, timeZone) }) : t('groups.noNext')}</p>
        </div>
        <button type="button" className="btn btn-sm btn-outline shrink-0" aria-pressed={selected} aria-label={t('groups.open', { name: g.name })} onClick={onOpen}>{t('groups.openShort')}</button>
      </div>
    </li>
  );
}

function CounselorGroups({ timeZone }: { timeZone: string }) {
  const t = useT('groups');
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const selected = params.get('group');
  const list = useGroups(true);
  const open = (uuid: string) => setParams((p) => { p.set('group', uuid); return p; });
  return (
    <>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>{t('groups.new')}</button>
      </div>
      {list.isPending ? (
        <LoadingBlock text={t('groups.loading')} />
      ) : list.isError ? (
        <ErrorAlert message={t('groups.loadFailed')} retryText={t('groups.retry')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('groups.emptyTitle')} text={t('groups.emptyText')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('groups.listLabel')}>
          {list.data.map((g) => <GroupCard key={g.uuid} g={g} timeZone={timeZone} selected={g.uuid === selected} onOpen={() => open(g.uuid)} />)}
        </ul>
      )}
      {selected && <GroupDetailView key={selected} uuid={selected} timeZone={timeZone} />}
      <Modal open={creating} wide title={t('groups.new')} onClose={() => setCreating(false)}>
        {creating && <NewGroupForm timeZone={timeZone} onCreated={(uuid) => { setCreating(false); open(uuid); }} />}
      </Modal>
    </>
  );
}

export function GroupsPage() {
  const t = useT('groups');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('groups.title'));
  const { user } = useAuth();
  // Running a group is clinical (decision 0340): a counselor by type or role alone has nothing to run here.
  const counselor = isClinicianUser(user);
  const timeZone = settings.data?.timezone ?? 'Asia/Manila';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t('groups.title')}</h1>
        <p className="text-base-content/70">{t('groups.lead')}</p>
      </div>
      {hasPermission(user, 'manage users') && <SettingsCard />}
      {counselor && user && <CounselorGroups timeZone={timeZone} />}
    </div>
  );
}
