import { AGE_GROUPS, NOT_AVAILABLE, PERIOD_DAYS, type ReportQuery } from '@kalinga/contracts/reports';
import type { DB } from '../../db/database';
import { forecasts } from './forecast-cache';
import { addDays, dayRange } from './report-days';
import { isPostgresDb } from '../../db/locks';
import { countsFingerprint, dailyCountsByGroup, type DailyGroupCount, type ReportGroupBy } from './report.repository';
import { hiddenGroups } from './small-groups';
import { localDateOf } from '@kalinga/contracts/zone-time';

/**
 * The forecast learns from up to a year of history whatever period is shown, so a 7-day view still
 * gets a weekly pattern (docs/decisions/0041-report-series.md).
 */
export const FIT_HISTORY_DAYS = 365;

export interface SeriesPoint {
  day: string;
  count: number;
  is_forecast: boolean;
  group: string;
  /** Forecast rows: the 80 % interval in whole appointments and the days of history behind it. */
  lower?: number;
  upper?: number;
  history_days?: number;
}

export interface ReportScope {
  companyId: number;
  timezone: string;
}

const AGE_ORDER = new Map<string, number>([...AGE_GROUPS, NOT_AVAILABLE].map((g, i) => [g, i]));

/** Display order of the groups: age groups youngest first; otherwise alphabetical; 'N/A' always last. */
export function compareGroups(groupBy: ReportGroupBy, a: string, b: string): number {
  if (groupBy === 'age') return (AGE_ORDER.get(a) ?? 99) - (AGE_ORDER.get(b) ?? 99);
  if (a === NOT_AVAILABLE || b === NOT_AVAILABLE) return Number(a === NOT_AVAILABLE) - Number(b === NOT_AVAILABLE);
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Turns sparse (day, group, count) rows into the report: for every group with an appointment in the
 * period, one row per day of the period (zeros included), then `forecastDays` forecast rows after today.
 * `counts` may reach back before the period: that history feeds the forecast only.
 */
export function buildSeries(
  groupBy: ReportGroupBy,
  counts: readonly { day: string; group: string; count: number }[],
  options: {
    today: string;
    periodDays: number;
    forecastDays: number;
    historyDays?: number;
    /** Appointments already booked on the forecast days: a forecast never shows fewer than these. */
    booked?: readonly { day: string; group: string; count: number }[];
  },
): SeriesPoint[] {
  const { today, periodDays, forecastDays } = options;
  const historyDays = Math.max(periodDays, options.historyDays ?? FIT_HISTORY_DAYS);
  const periodStart = addDays(today, -(periodDays - 1));
  const historyStart = addDays(today, -(historyDays - 1));
  const days = dayRange(historyStart, today);
  const index = new Map(days.map((d, i) => [d, i]));

  const byGroup = new Map<string, number[]>();
  const shown = new Set<string>();
  for (const row of counts) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    let series = byGroup.get(row.group);
    if (!series) byGroup.set(row.group, (series = new Array<number>(days.length).fill(0)));
    series[i] += row.count;
    if (row.day >= periodStart && row.count > 0) shown.add(row.group);
  }

  const bookedOn = new Map<string, number>();
  for (const row of options.booked ?? []) {
    const key = `${row.group}\u0000${row.day}`;
    bookedOn.set(key, (bookedOn.get(key) ?? 0) + row.count);
  }

  const firstShown = days.length - periodDays;
  const forecastDates = dayRange(addDays(today, 1), addDays(today, forecastDays));
  const out: SeriesPoint[] = [];
  for (const group of [...shown].sort((a, b) => compareGroups(groupBy, a, b))) {
    const series = byGroup.get(group)!;
    for (let i = firstShown; i < days.length; i++) out.push({ day: days[i], count: series[i], is_forecast: false, group });
    // Days before a group's first appointment say nothing about its rhythm: fit from that day on.
    const first = series.findIndex((c) => c > 0);
    const { values, lower, upper, historyDays } = forecasts.result(series.slice(first), forecastDays);
    values.forEach((v, h) => {
      const day = forecastDates[h];
      // Appointments already booked that day will (mostly) happen: neither the forecast nor its range goes below them.
      const floor = bookedOn.get(`${group}\u0000${day}`) ?? 0;
      out.push({
        day,
        count: Math.max(Math.round(v * 100) / 100, floor),
        is_forecast: true,
        group,
        // Ends may be fractional (decision 0286): two decimals, rounded outward.
        lower: Math.max(Math.floor(lower[h] * 100 + 1e-9) / 100, floor),
        upper: Math.max(Math.ceil(upper[h] * 100 - 1e-9) / 100, floor),
        history_days: historyDays,
      });
    });
  }
  return out;
}

interface ReportInputs {
  rows: DailyGroupCount[];
  today: string;
  periodDays: number;
  historyDays: number;
  /** Groups too small to show (fewer than five people over the period): left out with their forecasts. */
  hidden: Set<string>;
}

/** The kept counts a report is built from: a year of history and the days already booked ahead, in one read. */
async function reportInputs(db: DB, scope: ReportScope, groupBy: ReportGroupBy, query: ReportQuery, now: Date): Promise<ReportInputs> {
  const today = localDateOf(now, scope.timezone);
  const periodDays = PERIOD_DAYS[query.period];
  const historyDays = Math.max(periodDays, FIT_HISTORY_DAYS);
  const rows = await dailyCountsByGroup(db, scope.companyId, groupBy, addDays(today, -(historyDays - 1)), addDays(today, query.forecast_days));
  const hidden = await hiddenGroups(db, scope.companyId, groupBy, addDays(today, -(periodDays - 1)), today);
  return { rows, today, periodDays, historyDays, hidden };
}

function seriesOf(groupBy: ReportGroupBy, query: ReportQuery, { rows, today, periodDays, historyDays, hidden }: ReportInputs): SeriesPoint[] {
  const shown = rows.filter((r) => !hidden.has(r.group));
  const counts = shown.filter((r) => r.day <= today);
  const booked = shown.filter((r) => r.day > today);
  return buildSeries(groupBy, counts, { today, periodDays, forecastDays: query.forecast_days, historyDays, booked });
}

/** One daily report for the caller's company, the period ending today in the company's time zone. */
export async function dailyReport(db: DB, scope: ReportScope, groupBy: ReportGroupBy, query: ReportQuery, now = new Date()): Promise<SeriesPoint[]> {
  return seriesOf(groupBy, query, await reportInputs(db, scope, groupBy, query, now));
}

/**
 * The report as its JSON reply. A reply is a pure function of the counts read, today and the query, so the
 * last replies are kept with a fingerprint of those counts that the database builds (one short read instead of
 * thousands of rows, decision 0046): while it is unchanged the kept text is sent without reading, rebuilding,
 * re-checking or re-serialising ~7,000 rows. Any change to the counts (a booking, a cancellation, a client's new
 * department, a renamed category) changes the fingerprint. On a miss, the fingerprint and the rows are read in
 * one transaction (one snapshot), so a kept reply always matches its fingerprint. `render` checks and serialises.
 */
export async function dailyReportJson(
  db: DB,
  scope: ReportScope,
  groupBy: ReportGroupBy,
  query: ReportQuery,
  render: (points: SeriesPoint[]) => string,
  now = new Date(),
): Promise<string> {
  const today = localDateOf(now, scope.timezone);
  const from = addDays(today, -(Math.max(PERIOD_DAYS[query.period], FIT_HISTORY_DAYS) - 1));
  const to = addDays(today, query.forecast_days);
  const key = `${scope.companyId}|${groupBy}|${query.period}|${query.forecast_days}|${today}`;
  // Who is hidden rests on the people behind the counts, not the counts alone (one client's cancellation and
  // another's booking that day in the same group leave the counts as they were): it is part of the fingerprint.
  const withHidden = (counts: string, hidden: ReadonlySet<string>) => `${counts}|${[...hidden].sort().join('\u0000')}`;
  const kept = replies.get(key);
  if (
    kept &&
    kept.fingerprint ===
      withHidden(await countsFingerprint(db, scope.companyId, groupBy, from, to), await hiddenGroups(db, scope.companyId, groupBy, addDays(today, -(PERIOD_DAYS[query.period] - 1)), today))
  ) {
    replies.delete(key);
    replies.set(key, kept);
    return kept.json;
  }
  const snapshot = isPostgresDb(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  const { counts, inputs } = await snapshot.execute(async (trx) => ({
    counts: await countsFingerprint(trx, scope.companyId, groupBy, from, to),
    inputs: await reportInputs(trx, scope, groupBy, query, now),
  }));
  const fingerprint = withHidden(counts, inputs.hidden);
  const json = render(seriesOf(groupBy, query, inputs));
  replies.delete(key);
  replies.set(key, { fingerprint, json });
  if (replies.size > MAX_KEPT_REPLIES) replies.delete(replies.keys().next().value as string);
  return json;
}

/** Replies of up to ~600 kB each (365 + 365 days × groups): a few dozen at most per process. */
const MAX_KEPT_REPLIES = 48;
const replies = new Map<string, { fingerprint: string; json: string }>();
