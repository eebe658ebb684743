import type { IntakeReport } from '@kalinga/contracts/intake-report';
import type { NoShowGroup, NoShowReport } from '@kalinga/contracts/no-show-report';
import { MIN_GROUP_PEOPLE, type ReportPeriod, ROUNDING_BASE } from '@kalinga/contracts/report-constants';
import { GAD7_BANDS, PHQ9_BANDS } from '@kalinga/contracts/screening/items';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';

// The no-show rate and the intake counts by severity (decisions 0156, 0157): tables, loaded with their own chunk.
// Both publish whole weeks that have ended, counts rounded to 5 and under 5 left out (decision 0212): the screen says
// so and shows a left-out count as "<5".

const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** A published count: the rounded number, or "<5" (anything from 0 to 4) with its meaning for a pointer or a reader. */
function Count({ n }: { n: number | null }) {
  const t = useT('reports');
  if (n !== null) return <>{n}</>;
  return <abbr title={t('reports.fewerThan', { base: ROUNDING_BASE, max: ROUNDING_BASE - 1 })} className="no-underline">&lt;{ROUNDING_BASE}</abbr>;
}

function Weeks({ from, to }: { from: string; to: string }) {
  const t = useT('reports');
  return <p className="text-sm text-base-content/70">{t('reports.weeks', { from: day(from), to: day(to) })}</p>;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title} data-testid={testId}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 className="card-title text-lg">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function State<T>({ query, what, render }: { query: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown }; what: string; render: (data: T) => ReactNode }) {
  const t = useT('reports');
  if (query.isPending) return <p className="text-base-content/70" role="status">{t('reports.loadingWhat', { what })}</p>;
  if (query.isError || query.data === undefined) return <ErrorAlert message={errorMessage(query.error, t('reports.failedWhat', { what }))} onRetry={() => void query.refetch()} />;
  return <>{render(query.data)}</>;
}

/** A table that may scroll sideways on a phone: a focusable region, so the keyboard can scroll it too. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function RateTable({ caption, groupLabel, rows }: { caption: string; groupLabel: string; rows: NoShowGroup[] }) {
  const t = useT('reports');
  return (
    <Scroller label={t('reports.rateOf', { caption: caption.toLowerCase() })}>
      <table className="table table-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr><th scope="col">{groupLabel}</th><th scope="col" className="text-right">{t('reports.sessions')}</th><th scope="col" className="text-right">{t('reports.noShows')}</th><th scope="col" className="text-right">{t('reports.rate')}</th></tr>
        </thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={4} className="text-base-content/70">{t('reports.noSessions')}</td></tr>}
          {rows.map((r) => (
            <tr key={r.group}>
              <th scope="row" className="font-normal">{r.group}</th>
              {r.hidden ? (
                // Not "fewer than 5 people": the next smallest group, hidden beside a lone small one, can be larger.
                <td colSpan={3} className="text-right text-base-content/70">{t('reports.hidden')}</td>
              ) : (
                <>
                  <td className="text-right"><Count n={r.sessions} /></td>
                  <td className="text-right"><Count n={r.no_shows} /></td>
                  <td className="text-right">{r.rate === null ? <abbr title={t('reports.rateHidden')} className="no-underline">–</abbr> : percent(r.rate)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function IntakeTable({ report }: { report: IntakeReport }) {
  const t = useT('reports');
  const bands = [...PHQ9_BANDS.map((b) => ['phq9', b] as const), ...GAD7_BANDS.map((b) => ['gad7', b] as const)];
  return (
    <Scroller label={t('reports.intakeByWeek')}>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{t('reports.weekOf')}</th>
            <th scope="col" rowSpan={2} className="text-right">{t('reports.intakes')}</th>
            <th scope="colgroup" colSpan={PHQ9_BANDS.length} className="text-center">{t('reports.depression')}</th>
            <th scope="colgroup" colSpan={GAD7_BANDS.length} className="text-center">{t('reports.anxiety')}</th>
          </tr>
          <tr>{bands.map(([kind, b]) => <th key={`${kind}-${b}`} scope="col" className="text-right">{t('reports.band', { band: b === 'moderately severe' ? 'moderatelySevere' : b })}</th>)}</tr>
        </thead>
        <tbody>
          {report.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row" className="whitespace-nowrap font-normal">{day(w.week)}</th>
              <td className="text-right"><Count n={w.total} /></td>
              {w.hidden
                ? <td colSpan={bands.length} className="text-base-content/70">{t('reports.weekHidden')}</td>
                : bands.map(([kind, b]) => <td key={`${kind}-${b}`} className="text-right"><Count n={w[kind][b] ?? null} /></td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

/** The Reports screen's tables below the charts. */
export function AttendanceReports({ period }: { period: ReportPeriod }) {
  const t = useT('reports');
  const smallGroupsHidden = t('reports.smallGroupsHidden', { min: MIN_GROUP_PEOPLE });
  const wholeWeeks = t('reports.wholeWeeks', { base: ROUNDING_BASE, max: ROUNDING_BASE - 1 });
  const rate = useQuery({
    queryKey: ['reports', 'no-show-rate', period],
    queryFn: () => api.get<{ data: NoShowReport }>('/api/reports/no-show-rate', { period }).then((r) => r.data),
    retry: false,
  });
  const intake = useQuery({
    queryKey: ['reports', 'intake-bands', period],
    queryFn: () => api.get<{ data: IntakeReport }>('/api/reports/intake-bands', { period }).then((r) => r.data),
    retry: false,
  });
  return (
    <>
      <Section title={t('reports.noShowTitle')} testId="report-no-show-rate">
        <State query={rate} what={t('reports.noShowWhat')} render={(r) => (
          <>
            <p className="text-sm text-base-content/70">{t('reports.noShowWeeks', { from: day(r.from), to: day(r.to) })}</p>
            <div className="grid gap-4">
              <RateTable caption={t('reports.byCategory')} groupLabel={t('reports.category')} rows={r.by_category} />
              <RateTable caption={t('reports.byAge')} groupLabel={t('reports.ageGroup')} rows={r.by_age} />
              <RateTable caption={t('reports.byDepartment')} groupLabel={t('reports.department')} rows={r.by_department} />
            </div>
            <p className="text-sm text-base-content/70">{smallGroupsHidden} {wholeWeeks}</p>
          </>
        )} />
      </Section>
      <Section title={t('reports.intakeTitle')} testId="report-intake-bands">
        <State query={intake} what={t('reports.intakeWhat')} render={(r) => (
          <>
            <Weeks from={r.from} to={r.to} />
            {r.weeks.every((w) => w.hidden)
              ? <p className="text-base-content/70">{t('reports.intakeAllHidden')}</p>
              : <IntakeTable report={r} />}
          </>
        )} />
        <p className="text-sm text-base-content/70">{t('reports.intakeCountsOnly')} {wholeWeeks}</p>
      </Section>
    </>
  );
}
