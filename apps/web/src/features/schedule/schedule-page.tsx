import { useId, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { serverMessageOr } from '../../lib/api-client';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { useSchedule } from './api/schedule-api';
import { ExcludedDatesPanel } from './components/excluded-dates-panel';
import { WeeklyScheduleForm } from './components/weekly-schedule-form';

type Tab = 'weekly' | 'excluded';
const TABS: { id: Tab; label: string }[] = [
  { id: 'weekly', label: 'Weekly Schedule' },
  { id: 'excluded', label: 'Excluded Dates' },
];

/** My Schedule (counselors): the weekly hours and the excluded dates. */
export function SchedulePage() {
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'My Schedule');
  const schedule = useSchedule();
  const [tab, setTab] = useState<Tab>('weekly');
  const id = useId();
  const timeZone = settings.data?.timezone;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">My Schedule</h1>
        {timeZone && <p className="text-sm text-base-content/70">Times are in the centre's time zone ({timeZone}).</p>}
      </div>
      <div role="tablist" aria-label="Schedule sections" className="tabs tabs-box w-full flex-nowrap sm:w-fit">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`${id}-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tab flex-1 whitespace-nowrap sm:flex-none ${tab === t.id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = TABS[(i + 1) % TABS.length];
              setTab(next.id);
              document.getElementById(`${id}-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {schedule.isPending ? (
          <LoadingBlock text="Loading schedule..." />
        ) : schedule.isError ? (
          <ErrorAlert message={serverMessageOr(schedule.error, 'An error occurred')} onRetry={() => void schedule.refetch()} />
        ) : tab === 'weekly' ? (
          <WeeklyScheduleForm schedule={schedule.data.schedule} slotMinutes={schedule.data.slot_minutes} />
        ) : (
          <ExcludedDatesPanel dates={schedule.data.excluded_dates} timeZone={timeZone} />
        )}
      </section>
    </div>
  );
}
