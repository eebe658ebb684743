import { type MessageKey, useT } from '../../../lib/i18n';
import type { CalendarView } from './calendar-range';

const VIEWS: { view: CalendarView; label: MessageKey }[] = [
  { view: 'day', label: 'appointments.cal.day' },
  { view: 'week', label: 'appointments.cal.week' },
];

function Chevron({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

/** Previous / Today / Next, the range shown (announced when it changes), and Day / Week. */
export function CalendarToolbar({
  view,
  canChooseView,
  label,
  onView,
  onStep,
  onToday,
}: {
  view: CalendarView;
  canChooseView: boolean;
  label: string;
  onView: (view: CalendarView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
}) {
  const t = useT('appointments');
  const unit = view === 'week' ? 'week' : 'day';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-2">
        <div className="join">
          <button type="button" className="btn btn-sm join-item" aria-label={t('appointments.cal.previous', { unit })} onClick={() => onStep(-1)}>
            <Chevron d="M15.75 19.5L8.25 12l7.5-7.5" />
          </button>
          <button type="button" className="btn btn-sm join-item" onClick={onToday}>
            {t('appointments.cal.today')}
          </button>
          <button type="button" className="btn btn-sm join-item" aria-label={t('appointments.cal.next', { unit })} onClick={() => onStep(1)}>
            <Chevron d="M8.25 4.5l7.5 7.5-7.5 7.5" />
          </button>
        </div>
        <p className="text-sm font-semibold sm:text-base" aria-live="polite" data-testid="calendar-range">{label}</p>
      </div>
      {canChooseView && (
        <div className="join" role="group" aria-label={t('appointments.cal.view')}>
          {VIEWS.map((v) => (
            <button key={v.view} type="button" className={`btn btn-sm join-item ${view === v.view ? 'btn-active btn-primary' : ''}`} aria-pressed={view === v.view} onClick={() => onView(v.view)}>
              {t(v.label)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
