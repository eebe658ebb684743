import type { GroupReport } from '@kalinga/contracts/groups';
import { MIN_GROUP_PEOPLE, ROUNDING_BASE } from '@kalinga/contracts/report-constants';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { api, errorMessage } from '../../../lib/api-client';
import { formatMonth } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../session/site-settings';
import { todayIn } from '@kalinga/contracts/zone-time';

// The groups report (decision 0281): per category and month of the year's ended months, sessions held, seats offered,
// seats filled and the attendance rate; workshop sign-ups by department and age group. The server rounds the counts
// about people to 5 (null under 5) and leaves small groups out; the screen shows a null as "<5" and says why.

const month = (m: string) => formatMonth(`${m}-15T12:00:00Z`, 'UTC');
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** A published count: the rounded number, or "<5" with its meaning for a pointer or a reader. */
function Count({ n }: { n: number | null }) {
  const t = useT('reports');
  if (n !== null) return <>{n}</>;
  return <abbr title={t('reports.fewerThan', { base: ROUNDING_BASE, max: ROUNDING_BASE - 1 })} className="no-underline">&lt;{ROUNDING_BASE}</abbr>;
}

function SignupTable({ caption, groupLabel, rows }: { caption: string; groupLabel: string; rows: GroupReport['signups_by_age'] }) {
  const t = useT('reports', 'groups');
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr><th scope="col">{groupLabel}</th><th scope="col" className="text-right">{t('groups.report.signups')}</th></tr>
        </thead>
        <tbody>
          {rows.length === 0 && <tr><td colSpan={2} className="text-base-content/70">{t('groups.report.noSignups')}</td></tr>}
          {rows.map((r) => (
            <tr key={r.group}>
              <th scope="row" className="font-normal">{r.group}</th>
              <td className="text-right"><Count n={r.signups} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SessionsTable({ report }: { report: GroupReport }) {
  const t = useT('reports', 'groups');
  return (
    <div className="overflow-x-auto" role="region" aria-label={t('groups.report.byCategoryMonth')} tabIndex={0}>
      <table className="table table-sm">
        <caption className="text-left font-medium">{t('groups.report.byCategoryMonth')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('groups.report.month')}</th>
            <th scope="col">{t('reports.category')}</th>
            <th scope="col" className="text-right">{t('groups.report.held')}</th>
            <th scope="col" className="text-right">{t('groups.report.offered')}</th>
            <th scope="col" className="text-right">{t('groups.report.filled')}</th>
            <th scope="col" className="text-right">{t('groups.report.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {report.by_category.map((r) => (
            <tr key={`${r.month}/${r.category}`}>
              <td className="whitespace-nowrap">{month(r.month)}</td>
              <th scope="row" className="font-normal">{r.category}</th>
              <td className="text-right">{r.sessions_held}</td>
              <td className="text-right">{r.seats_offered}</td>
              <td className="text-right"><Count n={r.seats_filled} /></td>
              <td className="text-right">{r.attendance_rate === null ? <abbr title={t('groups.report.rateHidden')} className="no-underline">–</abbr> : percent(r.attendance_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Body({ year }: { year: number }) {
  const t = useT('reports', 'groups');
  const query = useQuery({
    queryKey: ['reports', 'groups', year],
    queryFn: () => api.get<{ data: GroupReport }>('/api/reports/groups', { year }).then((r) => r.data),
    retry: false,
  });
  const what = t('groups.report.what');
  if (query.isPending) return <p className="text-base-content/70" role="status">{t('reports.loadingWhat', { what })}</p>;
  if (query.isError) return <ErrorAlert message={errorMessage(query.error, t('reports.failedWhat', { what }))} onRetry={() => void query.refetch()} />;
  const r = query.data;
  if (r.months.length === 0) return <p className="text-base-content/70">{t('groups.report.noMonthEnded', { year: r.year })}</p>;
  const nothing = r.by_category.length === 0 && r.signups_by_department.length === 0 && r.signups_by_age.length === 0;
  return (
    <>
      <p className="text-sm text-base-content/70">{t('groups.report.months', { from: month(r.months[0]), to: month(r.months[r.months.length - 1]) })}</p>
      {nothing ? (
        <p className="text-base-content/70">{t('groups.report.empty', { year: r.year })}</p>
      ) : (
        <div className="grid gap-4">
          {r.by_category.length > 0 ? <SessionsTable report={r} /> : <p className="text-base-content/70">{t('groups.report.noSessions')}</p>}
          <SignupTable caption={t('groups.report.signupsByDepartment')} groupLabel={t('reports.department')} rows={r.signups_by_department} />
          <SignupTable caption={t('groups.report.signupsByAge')} groupLabel={t('reports.ageGroup')} rows={r.signups_by_age} />
        </div>
      )}
      <p className="text-sm text-base-content/70">{t('reports.smallGroupsHidden', { min: MIN_GROUP_PEOPLE })} {t('groups.report.rounding', { base: ROUNDING_BASE, max: ROUNDING_BASE - 1 })}</p>
    </>
  );
}

function Section({ givenYear }: { givenYear: number | undefined }) {
  const t = useT('reports', 'groups');
  const id = useId();
  // The centre's year, not the device's (decision 0380): a local day's year, read again once the settings arrive.
  const zone = useSiteSettings().data?.timezone;
  const thisYear = givenYear ?? Number(todayIn(zone).slice(0, 4));
  const [chosen, setYear] = useState<number | null>(null);
  const year = chosen ?? thisYear;
  const title = t('groups.report.title');
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title} data-testid="report-groups">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h2 className="card-title text-lg">{title}</h2>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-year`} className="text-sm font-medium">{t('groups.report.year')}</label>
            <select id={`${id}-year`} className="select select-sm w-full sm:w-32" value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {[thisYear, thisYear - 1, thisYear - 2].map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
        </div>
        <Body year={year} />
      </div>
    </section>
  );
}

function Waiting() {
  const t = useT('reports');
  return <p className="text-base-content/70" role="status">{t('reports.loadingWhat', { what: '…' })}</p>;
}

/** The Reports screen's groups and workshops section; its words load with the groups catalog, shown meanwhile as loading. */
export function GroupReportSection({ thisYear }: { thisYear?: number }) {
  return (
    <Suspense fallback={<Waiting />}>
      <Section givenYear={thisYear} />
    </Suspense>
  );
}
