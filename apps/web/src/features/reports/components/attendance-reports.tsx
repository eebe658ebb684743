import type { IntakeReport } from '@kalinga/contracts/intake-report';
import type { NoShowGroup, NoShowReport } from '@kalinga/contracts/no-show-report';
import { type ReportPeriod, SMALL_GROUPS_HIDDEN } from '@kalinga/contracts/report-constants';
import { GAD7_BANDS, PHQ9_BANDS } from '@kalinga/contracts/screening-items';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';

// The no-show rate and the intake counts by severity (decisions 0156, 0157): tables, loaded with their own chunk.

const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

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
  if (query.isPending) return <p className="text-base-content/70" role="status">Loading {what}…</p>;
  if (query.isError || query.data === undefined) return <ErrorAlert message={errorMessage(query.error, `Failed to load ${what}`)} onRetry={() => void query.refetch()} />;
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
  return (
    <Scroller label={`No-show rate ${caption.toLowerCase()}`}>
      <table className="table table-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr><th scope="col">{groupLabel}</th><th scope="col" className="text-right">Sessions</th><th scope="col" className="text-right">No-shows</th><th scope="col" className="text-right">Rate</th></tr>
        </thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={4} className="text-base-content/70">No sessions marked held or missed in this period.</td></tr>}
          {rows.map((r) => (
            <tr key={r.group}>
              <th scope="row" className="font-normal">{r.group}</th>
              {r.hidden ? (
                // Not "fewer than 5 people": the next smallest group, hidden beside a lone small one, can be larger.
                <td colSpan={3} className="text-right text-base-content/70">Hidden</td>
              ) : (
                <><td className="text-right">{r.sessions}</td><td className="text-right">{r.no_shows}</td><td className="text-right">{percent(r.rate ?? 0)}</td></>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function IntakeTable({ report }: { report: IntakeReport }) {
  const bands = [...PHQ9_BANDS.map((b) => ['phq9', b] as const), ...GAD7_BANDS.map((b) => ['gad7', b] as const)];
  return (
    <Scroller label="Intake questionnaires by week">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>Week of</th>
            <th scope="col" rowSpan={2} className="text-right">Intakes</th>
            <th scope="colgroup" colSpan={PHQ9_BANDS.length} className="text-center">Depression (PHQ-9)</th>
            <th scope="colgroup" colSpan={GAD7_BANDS.length} className="text-center">Anxiety (GAD-7)</th>
          </tr>
          <tr>{bands.map(([kind, b]) => <th key={`${kind}-${b}`} scope="col" className="text-right capitalize">{b}</th>)}</tr>
        </thead>
        <tbody>
          {report.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row" className="whitespace-nowrap font-normal">{day(w.week)}</th>
              <td className="text-right">{w.total}</td>
              {w.hidden
                ? <td colSpan={bands.length} className="text-base-content/70">Hidden (fewer than 5 intakes this week)</td>
                : bands.map(([kind, b]) => <td key={`${kind}-${b}`} className="text-right">{w[kind][b] ?? 0}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

/** The Reports screen's tables below the charts. */
export function AttendanceReports({ period }: { period: ReportPeriod }) {
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
      <Section title="No-show Rate" testId="report-no-show-rate">
        <State query={rate} what="the no-show rate" render={(r) => (
          <>
            <p className="text-sm text-base-content/70">From {day(r.from)} to {day(r.to)}: no-shows among the sessions marked held or missed.</p>
            <div className="grid gap-4">
              <RateTable caption="By category" groupLabel="Category" rows={r.by_category} />
              <RateTable caption="By age group" groupLabel="Age group" rows={r.by_age} />
              <RateTable caption="By department" groupLabel="Department" rows={r.by_department} />
            </div>
            <p className="text-sm text-base-content/70">{SMALL_GROUPS_HIDDEN}</p>
          </>
        )} />
      </Section>
      <Section title="Intake Questionnaires by Severity" testId="report-intake-bands">
        <State query={intake} what="the intake counts" render={(r) => (r.weeks.every((w) => w.total === 0)
          ? <p className="text-base-content/70">No intake questionnaires in this period.</p>
          : <IntakeTable report={r} />)} />
        <p className="text-sm text-base-content/70">Counts only: who answered, and what, is never part of a report; a week of fewer than 5 intakes shows its count without its bands.</p>
      </Section>
    </>
  );
}
