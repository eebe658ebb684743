import { type ForecastDays, MIN_GROUP_PEOPLE, type ReportKind, type ReportPeriod } from '@kalinga/contracts/report-constants';
import { useDeferredValue, useMemo } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useReport } from '../api/use-report';
import { csvFileName, lastActualDay, littleDataNote, SECTION_TEXT, toCsv, toSeries } from '../report-series';
import { ChartPlaceholder } from './chart-placeholder';
import { DailyChart } from './daily-chart';

/** The file kind's name, the same in every language. */
const CSV = 'CSV';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One report: its own loading text, error alert, empty message or chart, and a CSV download. */
export function ReportSection({ kind, period, forecastDays, enabled = true }: { kind: ReportKind; period: ReportPeriod; forecastDays: ForecastDays; enabled?: boolean }) {
  const t = useT('reports');
  const keys = SECTION_TEXT[kind];
  const text = { heading: t(keys.heading), chartTitle: t(keys.chartTitle), loading: t(keys.loading), empty: t(keys.empty), failed: t(keys.failed) };
  const query = useReport(kind, period, forecastDays, enabled);
  // A report that arrives is drawn as a transition, in slices, not in one long task (decision 0253).
  const rows = useDeferredValue(query.data);
  const loading = query.isPending || (!query.isError && rows === undefined);
  const series = useMemo(() => (rows ? toSeries(kind, rows) : []), [kind, rows]);
  const today = useMemo(() => (rows ? lastActualDay(rows) : null), [rows]);
  const note = useMemo(() => littleDataNote(series, t), [series, t]);
  const headingId = `report-${kind}-heading`;
  const hasData = !loading && !query.isError && rows !== undefined && rows.length > 0;

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby={headingId} data-testid={`report-${kind}`}>
      <div className="card-body gap-4 p-3 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title text-lg">
            {text.heading}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={!hasData}
            onClick={() => rows && download(csvFileName(kind, period, forecastDays), toCsv(kind, rows))}
            aria-label={t('reports.downloadCsv', { heading: text.heading.toLowerCase() })}
          >
            <svg aria-hidden="true" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
              <path strokeLinecap="round" strokeLinejoin="round" d="M3 16.5v2.25A2.25 2.25 0 005.25 21h13.5A2.25 2.25 0 0021 18.75V16.5M16.5 12L12 16.5m0 0L7.5 12m4.5 4.5V3" />
            </svg>
            {CSV}
          </button>
        </div>
        {loading ? (
          <ChartPlaceholder text={text.loading} />
        ) : query.isError ? (
          <ErrorAlert message={errorMessage(query.error, text.failed)} onRetry={() => void query.refetch()} />
        ) : !rows || rows.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 px-4 py-12 text-center text-base-content/70">{text.empty}</p>
        ) : (
          <>
            <DailyChart title={text.chartTitle} series={series} today={today} loadingText={text.loading} />
            <p className="text-sm text-base-content/70">
              {t('reports.forecastNote')}
            </p>
            {note && (
              <p role="note" className="rounded-box border border-warning/60 bg-warning/10 px-3 py-2 text-sm" data-testid={`report-${kind}-little-data`}>
                {note}
              </p>
            )}
          </>
        )}
        {kind !== 'category' && (
          <p className="text-sm text-base-content/70" data-testid={`report-${kind}-small-groups`}>
            {t('reports.smallGroupsHidden', { min: MIN_GROUP_PEOPLE })}
          </p>
        )}
      </div>
    </section>
  );
}
