import { APPOINTMENT_TABS, type AppointmentStatus, type AppointmentTab, type ClientUserType } from '@kalinga/contracts/appointment-constants';
import type { Appointment } from '@kalinga/contracts/appointments';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirm, confirmDelete } from '../../components/ui/confirm-dialog';
import { HelpNowLink } from '../../components/help-now-link';
import { IntakePrompt } from '../../components/intake-prompt';
import { intakeRequiredFirst, useScreeningStatus } from '../../components/intake-status';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage, serverMessageOr } from '../../lib/api-client';
import { lazyPart, useOnceTrue, usePreloadWhenIdle } from '../../lib/lazy-part';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hasPermission, useAuth } from '../auth/auth-store';
import { downloadIcs, useAppointmentCounts, useAppointments, useChangeStatus, useDeleteAppointment } from './api/appointments-api';
import { groupByMonth } from './appointment-grouping';
import { canBook, isCounselorUser, isManager, statusToast } from './appointment-rules';
import { AppointmentCard } from './components/appointment-card';
import type { BookingPreset } from './appointment-form';
import { ClientActions, clientDialogs } from './components/client-actions';
import { LazyCalendarPanel, useAppointmentsView, ViewSwitch } from './calendar/view-switch';
import { cancelConfirmation } from './cancel-confirmation';
import { cardPlace, type ChangedCard, focusWhereNext } from './focus-after-change';
import { SetupChecklist } from './components/setup-checklist';

// What the list's first view does not draw loads after it (decision 0091): the booking form, the status history and
// the linked appointment's dialog (the client's cancel and reschedule are in client-actions.tsx).
const formModal = lazyPart(() => import('./components/appointment-form-modal').then((m) => m.AppointmentFormModal));
const historyModal = lazyPart(() => import('./components/status-history-modal').then((m) => m.StatusHistoryModal));
const openedModal = lazyPart(() => import('./components/opened-appointment-modal').then((m) => m.OpenedAppointmentModal));
const seriesModal = lazyPart(() => import('./components/series-modal').then((m) => m.SeriesModal));

const TAB_LABEL: Record<AppointmentTab, string> = { pending: 'Pending', upcoming: 'Upcoming', history: 'History' };

/** The Appointments screen, also the dashboard at '/'. */
export function AppointmentsPage() {
  const { user } = useAuth();
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Appointments');
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
  const counts = useAppointmentCounts(filters);
  const changeStatus = useChangeStatus();
  const remove = useDeleteAppointment();

  const groups = useMemo(() => groupByMonth(list.data?.data ?? []), [list.data]);
  const meta = list.data?.meta;
  // A page emptied by a change (last item confirmed or deleted) steps back to the last real page.
  useEffect(() => {
    if (meta && meta.last_page >= 1 && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page]);

  // After a change from the list, focus goes to where the user acts next once the list is read again (focus-after-change.ts).
  const panelRef = useRef<HTMLElement>(null);
  const [changed, setChanged] = useState<ChangedCard | null>(null);
  useEffect(() => {
    if (!changed || busyUuid !== null || list.isFetching) return;
    focusWhereNext(panelRef.current, changed, document.getElementById(`${tabsId}-${tab}`));
    setChanged(null);
  }, [changed, busyUuid, list.isFetching, tabsId, tab]);

  const onStatus = async (a: Appointment, status: AppointmentStatus) => {
    if (status === 'cancelled' && !(await confirm(cancelConfirmation(user, a)))) return;
    if (view === 'list') setChanged(cardPlace(panelRef.current, a.uuid));
    setBusyUuid(a.uuid);
    try {
      await changeStatus.mutateAsync({ uuid: a.uuid, status });
      notifySuccess(statusToast(status));
    } catch (error) {
      console.error(error);
      notifyError('Failed to update appointment status');
    } finally {
      setBusyUuid(null);
    }
  };

  const onDelete = async (a: Appointment) => {
    // The appointment confirmation (product-rules.md#messages) is the generic text, without a title.
    if (!(await confirmDelete())) return;
    if (view === 'list') setChanged(cardPlace(panelRef.current, a.uuid));
    setBusyUuid(a.uuid);
    try {
      await remove.mutateAsync(a.uuid);
      notifySuccess('Appointment deleted successfully');
    } catch (error) {
      console.error(error);
      notifyError('Failed to delete appointment');
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
        <h1 className="text-2xl font-bold">Appointments</h1>
        {(counselor || isManager(user)) && <ViewSwitch view={view} onChange={setView} />}
        {!counselor && user && <HelpNowLink />}
        {showBook && (
          <button type="button" className="btn btn-primary" onClick={openBooking}>
            <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
              <path strokeLinecap="round" strokeLinejoin="round" d="M12 4.5v15m7.5-7.5h-15" />
            </svg>
            Book Appointment
          </button>
        )}
      </div>

      <SetupChecklist enabled={hasPermission(user, 'manage users')} />
      <IntakePrompt enabled={client} />

      {view === 'calendar' && user ? (
        <Suspense fallback={<LoadingBlock text="Loading calendar..." />}>
          <LazyCalendarPanel user={user} bookable={showBook} onBook={(preset) => setForm({ open: true, appointment: null, preset })} onOpen={(uuid) => setSearchParams((p) => { p.set('open', uuid); return p; })} />
        </Suspense>
      ) : (<>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="tablist" aria-label="Appointment lists" className="tabs tabs-box w-full flex-nowrap overflow-x-auto sm:w-fit" id={tabsId}>
          {APPOINTMENT_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${tabsId}-${t}`}
              aria-selected={tab === t}
              aria-controls={`${tabsId}-panel`}
              className={`tab flex-1 flex-nowrap gap-1.5 whitespace-nowrap px-2 sm:flex-none sm:gap-2 sm:px-3 ${tab === t ? 'tab-active' : 'text-base-content/80'}`}
              onClick={() => setTab(t)}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                const i = APPOINTMENT_TABS.indexOf(t);
                const next = APPOINTMENT_TABS[(i + (e.key === 'ArrowRight' ? 1 : APPOINTMENT_TABS.length - 1)) % APPOINTMENT_TABS.length];
                setTab(next);
                document.getElementById(`${tabsId}-${next}`)?.focus();
              }}
              tabIndex={tab === t ? 0 : -1}
            >
              {TAB_LABEL[t]}
              <span className={`badge badge-sm ${tab === t ? 'badge-primary' : 'badge-ghost'}`} data-testid={`count-${t}`}>
                {counts.data ? counts.data[t] : '–'}
              </span>
            </button>
          ))}
        </div>

        {counselor && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={typeId} className="sr-only">User type</label>
            <select id={typeId} className="select w-full sm:w-40" value={userType} onChange={(e) => setUserType(e.target.value as ClientUserType | '')}>
              <option value="">All Users</option>
              <option value="student">Students</option>
              <option value="personnel">Personnel</option>
            </select>
            <label htmlFor={searchId} className="sr-only">Search by name</label>
            <div className="relative w-full sm:w-64">
              <input
                id={searchId}
                type="text"
                className="input w-full pr-9"
                placeholder="Search by name..."
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                onKeyDown={(e) => { if (e.key === 'Escape') setSearchInput(''); }}
              />
              {searchInput && (
                <button type="button" className="btn btn-ghost btn-xs btn-circle absolute right-2 top-1/2 -translate-y-1/2" aria-label="Clear search" onClick={() => setSearchInput('')}>
                  ✕
                </button>
              )}
            </div>
          </div>
        )}
      </div>

      <section ref={panelRef} id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} aria-busy={list.isFetching} className="flex flex-col gap-6">
        <h2 className="sr-only">{TAB_LABEL[tab]} appointments</h2>
        {list.isPending ? (
          <LoadingBlock text="Loading appointments..." />
        ) : list.isError ? (
          <ErrorAlert message={serverMessageOr(list.error, 'An error occurred')} onRetry={() => { void list.refetch(); void counts.refetch(); }} />
        ) : groups.length === 0 ? (
          <EmptyState title="No appointments found" />
        ) : (
          <>
            {groups.map((g) => (
              <div key={g.key} className="flex flex-col gap-3">
                <h2 className="text-sm font-semibold uppercase tracking-wide text-base-content/75">{g.label}</h2>
                {g.items.map((a) => (
                  <AppointmentCard
                    key={a.uuid}
                    appointment={a}
                    user={user}
                    busy={busyUuid === a.uuid}
                    actions={cardActions}
                    clientActions={<ClientActions appointment={a} user={user} />}
                  />
                ))}
              </div>
            ))}
            {meta && <Pagination currentPage={meta.current_page} lastPage={meta.last_page} onPageChange={(p) => { setPage(p); window.scrollTo({ top: 0 }); }} />}
          </>
        )}
      </section>
      </>)}

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
