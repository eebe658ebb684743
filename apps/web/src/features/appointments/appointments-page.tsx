import { APPOINTMENT_TABS, type AppointmentStatus, type AppointmentTab, type ClientUserType } from '@kalinga/contracts/appointment-constants';
import type { Appointment } from '@kalinga/contracts/appointments';
import type { MyGroupSession } from '@kalinga/contracts/groups';
import { Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { intakeRequiredFirst, useScreeningStatus } from '../../components/intake-status';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { GroupSessionCard, sessionsOnPage, upcomingCount, useMyGroupSessions } from '../../components/group-session-rows';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage, serverMessageOr } from '../../lib/api-client';
import { type MessageKey, useT } from '../../lib/i18n';
import { lazyPart, useOnceTrue, usePreloadWhenIdle } from '../../lib/lazy-part';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hasPermission, useAuth } from '../../session/auth-store';
import { downloadIcs, isGroupMember, useAppointmentCounts, useAppointments, useChangeStatus, useDeleteAppointment, useInvalidateAppointments } from './api/appointments-api';
import { useLiveChange } from '../../lib/live-change-events';
import { groupByMonth } from './appointment-grouping';
import { canBook, statusToast } from './appointment-rules';
import { isCounselorUser, isManager } from '../../lib/viewer';
import { AppointmentCard } from './components/appointment-card';
import type { BookingPreset } from './appointment-form';
import { ClientActions, clientDialogs } from './components/client-actions';
import { LazyCalendarPanel, useAppointmentsView, ViewSwitch } from './calendar/view-switch';
import { cancelConfirmation } from './cancel-confirmation';
import { cardPlace, type ChangedCard, focusWhereNext } from './focus-after-change';
import { AboveTheTabs } from './components/above-the-tabs';

// What the list's first view does not draw loads after it (decision 0091): the booking form, the status history and
// the linked appointment's dialog (the client's cancel and reschedule are in client-actions.tsx).
const formModal = lazyPart(() => import('./components/appointment-form-modal').then((m) => m.AppointmentFormModal));
const historyModal = lazyPart(() => import('./components/status-history-modal').then((m) => m.StatusHistoryModal));
const openedModal = lazyPart(() => import('./components/opened-appointment-modal').then((m) => m.OpenedAppointmentModal));
const seriesModal = lazyPart(() => import('./components/series-modal').then((m) => m.SeriesModal));

/** One card of the list: an appointment, or (for a member, under Upcoming) one of their group sessions. */
type ListEntry = { appointment_date: string } & ({ kind: 'appointment'; appointment: Appointment } | { kind: 'group'; session: MyGroupSession });

const TAB_LABEL: Record<AppointmentTab, MessageKey> = { pending: 'appointments.tab.pending', upcoming: 'appointments.tab.upcoming', history: 'appointments.tab.history' };

/** The Appointments screen, also the dashboard at '/'. */
export function AppointmentsPage() {
  const t = useT('appointments');
  const { user } = useAuth();
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('appointments.title'));
  const counselor = isCounselorUser(user);

  const [tab, setTab] = useState<AppointmentTab>('pending');
  const [page, setPage] = useState(1);
  const [userType, setUserType] = useState<ClientUserType | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim());
  const [form, setForm] = useState<{ open: boolean; appointment: Appointment | null; preset?: BookingPreset }>({ open: false, appointment: null });
  const [view, setView] = useAppointmentsView(counselor || isManager(user));
  const [busyUuid, setBusyUuid] = useState<string | null>(null);
  const tabsId = useId();
  const [historyOf, setHistoryOf] = useState<Appointment | null>(null);
  const [seriesOf, setSeriesOf] = useState<Appointment | null>(null);
  // ?open=<uuid>: a link to one appointment (a notification's) shows it over the list.
  const [searchParams, setSearchParams] = useSearchParams();
  const openUuid = searchParams.get('open');
  usePreloadWhenIdle(formModal, historyModal, openedModal, clientDialogs);
  // Each dialog mounts when first opened and then stays (closing the native dialog gives focus back).
  const formMounted = useOnceTrue(form.open);
  const historyMounted = useOnceTrue(historyOf !== null);
  const seriesMounted = useOnceTrue(seriesOf !== null);
  const openedMounted = useOnceTrue(openUuid !== null);

  // Only counselors have the filters (product-rules.md#permissions); others always see everything they may see.
  const filters = useMemo(() => (counselor ? { user_type: userType || undefined, search: search || undefined } : {}), [counselor, userType, search]);
  useEffect(() => setPage(1), [filters, tab]);

  const list = useAppointments({ status: tab, page, ...filters });
  // A booking made elsewhere (the client, a colleague, another device) refreshes the list and counts (decision 0325).
  useLiveChange('appointments', useInvalidateAppointments());
  // A member's coming group sessions stand in the Upcoming list among the appointments, by start, under the same
  // month headings (decisions 0283, 0319); the page before tells where this page's share of them begins.
  const member = isGroupMember(user);
  const withSessions = member && tab === 'upcoming';
  // Read on every tab: the Upcoming count counts them too.
  const sessions = useMyGroupSessions(member);
  const previousPage = useAppointments({ status: tab, page: Math.max(1, page - 1), ...filters }, withSessions && page > 1);
  const counts = useAppointmentCounts(filters);
  const countOf = (item: AppointmentTab) => (member && item === 'upcoming' ? upcomingCount(counts.data?.upcoming, sessions.data) : counts.data?.[item]);
  const changeStatus = useChangeStatus();
  const remove = useDeleteAppointment();

  // A list that arrives is drawn as a transition, in slices, not in one long task (decision 0253).
  const listData = useDeferredValue(list.data);
  const listLoading = list.isPending || (!list.isError && listData === undefined) || (withSessions && sessions.isPending);
  const meta = listData?.meta;
  const groups = useMemo(() => {
    const appointments: ListEntry[] = (listData?.data ?? []).map((a) => ({ kind: 'appointment', appointment_date: a.appointment_date, appointment: a }));
    if (!withSessions || !sessions.data || !meta) return groupByMonth(appointments);
    const items = listData?.data ?? [];
    // Another page's reply kept while this one loads says nothing of where this page begins.
    const previous = page > 1 && !previousPage.isPlaceholderData ? previousPage.data?.data : undefined;
    const mine = sessionsOnPage(sessions.data, {
      first: items[0]?.appointment_date ?? null,
      last: items[items.length - 1]?.appointment_date ?? null,
      isFirstPage: page <= 1,
      isLastPage: page >= meta.last_page,
      previousLast: previous?.[previous.length - 1]?.appointment_date ?? null,
    });
    const entries: ListEntry[] = [...appointments, ...mine.map((g): ListEntry => ({ kind: 'group', appointment_date: g.starts_at, session: g }))];
    // Soonest first, as the Upcoming list is; an appointment before a session at the same time (a stable sort).
    entries.sort((a, b) => Date.parse(a.appointment_date) - Date.parse(b.appointment_date));
    return groupByMonth(entries);
  }, [listData, withSessions, sessions.data, meta, page, previousPage.data, previousPage.isPlaceholderData]);
  // A page emptied by a change (last item confirmed or deleted) steps back to the last real page.
  useEffect(() => {
    if (meta && meta.last_page >= 1 && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page]);

  // After a change from the list, focus goes to where the user acts next once the list is read again (focus-after-change.ts).
  const panelRef = useRef<HTMLElement>(null);
  const [changed, setChanged] = useState<ChangedCard | null>(null);
  useEffect(() => {
    if (!changed || busyUuid !== null || list.isFetching || listData !== list.data) return;
    focusWhereNext(panelRef.current, changed, document.getElementById(`${tabsId}-${tab}`));
    setChanged(null);
  }, [changed, busyUuid, list.isFetching, list.data, listData, tabsId, tab]);

  const onStatus = async (a: Appointment, status: AppointmentStatus) => {
    if (status === 'cancelled' && !(await confirm(cancelConfirmation(user, a)))) return;
    if (view === 'list') setChanged(cardPlace(panelRef.current, a.uuid));
    setBusyUuid(a.uuid);
    try {
      await changeStatus.mutateAsync({ uuid: a.uuid, status });
      notifySuccess(statusToast(status));
    } catch (error) {
      console.error(error);
      notifyError(t('appointments.statusFailed'));
    } finally {
      setBusyUuid(null);
    }
  };

  const onDelete = async (a: Appointment) => {
    // The appointment confirmation (product-rules.md#messages) is the generic text, without a title.
    if (!(await confirm({ title: t('appointments.confirm.title'), text: t('appointments.confirm.text'), confirmText: t('appointments.confirm.delete'), cancelText: t('appointments.confirm.cancel'), danger: true }))) return;
    if (view === 'list') setChanged(cardPlace(panelRef.current, a.uuid));
    setBusyUuid(a.uuid);
    try {
      await remove.mutateAsync(a.uuid);
      notifySuccess(t('appointments.deleted'));
    } catch (error) {
      console.error(error);
      notifyError(t('appointments.deleteFailed'));
    } finally {
      setBusyUuid(null);
    }
  };

  const onCalendar = async (a: Appointment) => {
    try {
      await downloadIcs(a.uuid);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const cardActions = { onStatus, onDelete, onCalendar, onHistory: setHistoryOf, onSeries: setSeriesOf, onEdit: (appt: Appointment) => setForm({ open: true, appointment: appt }) };
  const showBook = canBook(user, settings.data?.students_can_book ?? false);
  // A client's first booking may need the intake questionnaires first (decision 0160).
  const client = !!user && !counselor && user.user_type !== 'counselor';
  const screening = useScreeningStatus(client);
  const admin = hasPermission(user, 'manage users');
  const navigate = useNavigate();
  const openBooking = () => (client && intakeRequiredFirst(screening.data) ? navigate('/intake?then=book') : setForm({ open: true, appointment: null }));
  // Back from the questionnaire with ?book=1: the booking form opens.
  useEffect(() => {
    if (searchParams.get('book') !== '1') return;
    setSearchParams((p) => { p.delete('book'); return p; }, { replace: true });
    if (showBook) setForm({ open: true, appointment: null });
  }, [searchParams, setSearchParams, showBook]);
  const searchId = useId();
  const typeId = useId();

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('appointments.title')}</h1>
        {(counselor || isManager(user)) && <ViewSwitch view={view} onChange={setView} />}
        {showBook && (
          <button type="button" className="btn btn-primary" onClick={openBooking}>
            <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
              <path strokeLinecap="round" strokeLinejoin="round" d="M12 4.5v15m7.5-7.5h-15" />
            </svg>
            {t('appointments.book')}
          </button>
        )}
      </div>

      {/* The checklist and the intake prompt; the tabs and the list wait for their first answer (decision 0231, decision 0343). */}
      <AboveTheTabs admin={admin} client={client} loadingText={t('appointments.loading')}>

      {view === 'calendar' && user ? (
        <Suspense fallback={<LoadingBlock text={t('appointments.loadingCalendar')} />}>
          <LazyCalendarPanel user={user} bookable={showBook} onBook={(preset) => setForm({ open: true, appointment: null, preset })} onOpen={(uuid) => setSearchParams((p) => { p.set('open', uuid); return p; })} />
        </Suspense>
      ) : (<>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="tablist" aria-label={t('appointments.lists')} className="tabs tabs-box w-full flex-nowrap overflow-x-auto sm:w-fit" id={tabsId}>
          {APPOINTMENT_TABS.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              id={`${tabsId}-${item}`}
              aria-selected={tab === item}
              aria-controls={`${tabsId}-panel`}
              className={`tab flex-1 flex-nowrap gap-1.5 whitespace-nowrap px-2 sm:flex-none sm:gap-2 sm:px-3 ${tab === item ? 'tab-active' : 'text-base-content/80'}`}
              onClick={() => setTab(item)}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                const i = APPOINTMENT_TABS.indexOf(item);
                const next = APPOINTMENT_TABS[(i + (e.key === 'ArrowRight' ? 1 : APPOINTMENT_TABS.length - 1)) % APPOINTMENT_TABS.length];
                setTab(next);
                document.getElementById(`${tabsId}-${next}`)?.focus();
              }}
              tabIndex={tab === item ? 0 : -1}
            >
              {t(TAB_LABEL[item])}
              <span className={`badge badge-sm ${tab === item ? 'badge-primary' : 'badge-ghost'}`} data-testid={`count-${item}`}>
                {countOf(item) ?? '–'}
              </span>
            </button>
          ))}
        </div>

        {counselor && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={typeId} className="sr-only">{t('appointments.userType')}</label>
            <select id={typeId} className="select w-full sm:w-40" value={userType} onChange={(e) => setUserType(e.target.value as ClientUserType | '')}>
              <option value="">{t('appointments.allUsers')}</option>
              <option value="student">{t('appointments.students')}</option>
              <option value="personnel">{t('appointments.personnel')}</option>
            </select>
            <label htmlFor={searchId} className="sr-only">{t('appointments.searchLabel')}</label>
            <div className="relative w-full sm:w-64">
              <input
                id={searchId}
                type="text"
                className="input w-full pr-9"
                placeholder={t('appointments.searchPlaceholder')}
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                onKeyDown={(e) => { if (e.key === 'Escape') setSearchInput(''); }}
              />
              {searchInput && (
                <button type="button" className="btn btn-ghost btn-xs btn-circle absolute right-2 top-1/2 -translate-y-1/2" aria-label={t('appointments.clearSearch')} onClick={() => setSearchInput('')}>
                  ✕
                </button>
              )}
            </div>
          </div>
        )}
      </div>

      <section ref={panelRef} id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} aria-busy={list.isFetching} className="flex flex-col gap-6">
        <h2 className="sr-only">{t('appointments.tabHeading', { tab })}</h2>
        {listLoading ? (
          <LoadingBlock text={t('appointments.loading')} />
        ) : list.isError ? (
          <ErrorAlert message={serverMessageOr(list.error, t('appointments.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => { void list.refetch(); void counts.refetch(); }} />
        ) : groups.length === 0 ? (
          <EmptyState title={t('appointments.empty')} />
        ) : (
          <>
            {groups.map((g) => (
              <div key={g.key} className="flex flex-col gap-3">
                <h2 className="text-sm font-semibold uppercase tracking-wide text-base-content/75">{g.label}</h2>
                {g.items.map((entry) => entry.kind === 'group' ? (
                  <GroupSessionCard key={`group-${entry.session.session_uuid}`} session={entry.session} timeZone={settings.data?.timezone} />
                ) : (
                  <AppointmentCard
                    key={entry.appointment.uuid}
                    appointment={entry.appointment}
                    user={user}
                    busy={busyUuid === entry.appointment.uuid}
                    actions={cardActions}
                    clientActions={<ClientActions appointment={entry.appointment} user={user} settings={settings.data} />}
                  />
                ))}
              </div>
            ))}
            {meta && <Pagination currentPage={meta.current_page} lastPage={meta.last_page} onPageChange={(p) => { setPage(p); window.scrollTo({ top: 0 }); }} />}
          </>
        )}
        {withSessions && sessions.isError && (
          <ErrorAlert message={t('appointments.groupSession.loadFailed')} retryText={t('appointments.retry')} onRetry={() => void sessions.refetch()} />
        )}
      </section>
      </>)}
      </AboveTheTabs>

      {openedMounted && (
        <openedModal.Part
          uuid={openUuid}
          user={user}
          busy={busyUuid !== null && busyUuid === openUuid}
          actions={cardActions}
          onClose={() => setSearchParams((p) => { p.delete('open'); return p; }, { replace: true })}
        />
      )}
      {historyMounted && <historyModal.Part appointment={historyOf} onClose={() => setHistoryOf(null)} />}
      {seriesMounted && <seriesModal.Part from={seriesOf} user={user} onClose={() => setSeriesOf(null)} />}
      {user && formMounted && <formModal.Part open={form.open} appointment={form.appointment} preset={form.preset} user={user} onClose={() => setForm({ open: false, appointment: null })} />}
    </div>
  );
}
