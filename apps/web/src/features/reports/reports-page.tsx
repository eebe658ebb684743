import { DEFAULT_FORECAST_DAYS, DEFAULT_PERIOD, type ForecastDays, type ReportKind, type ReportPeriod } from '@kalinga/contracts/report-constants';
import { useEffect, useId, useState } from 'react';
import { startChartWorker } from './chart/chart-view';
import { ReportSection } from './components/report-section';
import { useAfterPaint } from '../../lib/after-paint';
import { lazyPart } from '../../lib/lazy-part';
import { type MessageKey, useT } from '../../lib/i18n';

// The no-show rate and intake tables come in a chunk of their own, after the charts' calls.
const attendanceReports = lazyPart(() => import('./components/attendance-reports').then((m) => m.AttendanceReports));
// The groups and workshops section (decision 0281), a chunk of its own too.
const groupReport = lazyPart(() => import('./components/group-report').then((m) => m.GroupReportSection));

// The filter options, verbatim (product-rules.md#reports).
const PERIOD_OPTIONS: { value: ReportPeriod; label: MessageKey }[] = [
  { value: 'last_7_days', label: 'reports.period.last7' },
  { value: 'last_30_days', label: 'reports.period.last30' },
  { value: 'last_90_days', label: 'reports.period.last90' },
  { value: 'last_365_days', label: 'reports.period.last365' },
];
const FORECAST_OPTIONS: { value: ForecastDays; label: MessageKey }[] = [
  { value: 7, label: 'reports.forecast.week' },
  { value: 30, label: 'reports.forecast.month' },
  { value: 90, label: 'reports.forecast.quarter' },
  { value: 365, label: 'reports.forecast.year' },
];
const KINDS: ReportKind[] = ['category', 'age', 'department'];

/** /reports: daily appointment series by category, age group and department, with forecasts. */
export function ReportsPage() {
  const t = useT('reports');
  const id = useId();
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  const [forecastDays, setForecastDays] = useState<ForecastDays>(DEFAULT_FORECAST_DAYS);
  // The reports, their code and the sections below ask for nothing until the screen's first frame (its heading,
  // the filters and each section's loading text) has been painted (decision 0381).
  const painted = useAfterPaint();

  // Start the charts' worker (it loads and evaluates Chart.js off the main thread, decision 0314) while the reports
  // are being fetched, once the screen has painted.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(startChartWorker, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 className="text-2xl font-bold">{t('reports.title')}</h1>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-period`} className="text-sm font-medium">
              {t('reports.periodLabel')}
            </label>
            <select id={`${id}-period`} className="select w-full sm:w-44" value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)}>
              {PERIOD_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-forecast`} className="text-sm font-medium">
              {t('reports.forecastLabel')}
            </label>
            <select id={`${id}-forecast`} className="select w-full sm:w-36" value={forecastDays} onChange={(e) => setForecastDays(Number(e.target.value) as ForecastDays)}>
              {FORECAST_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {KINDS.map((kind) => (
        <ReportSection key={kind} kind={kind} period={period} forecastDays={forecastDays} enabled={painted} />
      ))}
      {painted && <attendanceReports.Part period={period} />}
      {painted && <groupReport.Part />}
    </div>
  );
}
