import { useId, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { serverMessageOr } from '../../lib/api-client';
import { type MessageKey, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useSchedule } from './api/schedule-api';
import { ExcludedDatesPanel } from './components/excluded-dates-panel';
import { WeeklyScheduleForm } from './components/weekly-schedule-form';

type Tab = 'weekly' | 'excluded';
const TABS: { id: Tab; label: MessageKey }[] = [
  { id: 'weekly', label: 'schedule.tab.weekly' },
  { id: 'excluded', label: 'schedule.tab.excluded' },
];

/** My Schedule (counselors): the weekly hours and the excluded dates. */
export function SchedulePage() {
  const t = useT('schedule');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('schedule.title'));
  const schedule = useSchedule();
  const [tab, setTab] = useState<Tab>('weekly');
  const id = useId();
  const timeZone = settings.data?.timezone;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t('schedule.title')}</h1>
        {timeZone && <p className="text-sm text-base-content/70">{t('schedule.zoneNote', { zone: timeZone })}</p>}
      </div>
      <div role="tablist" aria-label={t('schedule.tabs')} className="tabs tabs-box w-full flex-nowrap sm:w-fit">
        {TABS.map((item, i) => (
          <button
            key={item.id}
            id={`${id}-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === item.id ? 0 : -1}
            className={`tab h-auto min-h-10 flex-1 py-1 text-center leading-tight sm:flex-none ${tab === item.id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => setTab(item.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = TABS[(i + 1) % TABS.length];
              setTab(next.id);
              document.getElementById(`${id}-${next.id}`)?.focus();
            }}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <section id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {schedule.isPending ? (
          <LoadingBlock text={t('schedule.loading')} />
        ) : schedule.isError ? (
          <ErrorAlert message={serverMessageOr(schedule.error, t('schedule.loadFailed'))} retryText={t('schedule.retry')} onRetry={() => void schedule.refetch()} />
        ) : tab === 'weekly' ? (
          <WeeklyScheduleForm schedule={schedule.data.schedule} slotMinutes={schedule.data.slot_minutes} />
        ) : (
          <ExcludedDatesPanel dates={schedule.data.excluded_dates} timeZone={timeZone} />
        )}
      </section>
    </div>
  );
}
