import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';

/** The calendar with FullCalendar, fetched only when someone opens it (docs/decisions/0058). */
export const LazyCalendarPanel = lazy(() => import('./calendar-panel'));

export type AppointmentsView = 'list' | 'calendar';

/** The Appointments screen's view, kept in the address (?view=calendar) so a reload or a link keeps it. */
export function useAppointmentsView(allowed: boolean): [AppointmentsView, (view: AppointmentsView) => void] {
  const [params, setParams] = useSearchParams();
  const view: AppointmentsView = allowed && params.get('view') === 'calendar' ? 'calendar' : 'list';
  const setView = (next: AppointmentsView) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'calendar') out.set('view', 'calendar');
        else out.delete('view');
        return out;
      },
      { replace: true },
    );
  return [view, setView];
}

/** List / Calendar, for counselors and managers. */
export function ViewSwitch({ view, onChange }: { view: AppointmentsView; onChange: (view: AppointmentsView) => void }) {
  const t = useT('appointments');
  return (
    <div className="join" role="group" aria-label={t('appointments.cal.showAs')}>
      {(['list', 'calendar'] as const).map((v) => (
        <button key={v} type="button" className={`btn btn-sm join-item ${view === v ? 'btn-active btn-primary' : ''}`} aria-pressed={view === v} onClick={() => onChange(v)}>
          {v === 'list' ? t('appointments.cal.list') : t('appointments.cal.calendar')}
        </button>
      ))}
    </div>
  );
}
