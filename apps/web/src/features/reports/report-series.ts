// Data shaping for the report charts and CSV files: plain functions, no Chart.js, so jsdom tests can cover them.
import { MIN_GROUP_PEOPLE, type ReportGroupField, REPORT_KINDS, type ReportKind } from '@kalinga/contracts/report-constants';
import type { ReportRow } from '@kalinga/contracts/reports';
import { type MessageKey, t as translate, type Translate } from '../../lib/i18n';
import { dayToTime, type Series, type SeriesPoint } from './chart/chart-shapes';

export type { ReportRow };
export type { Series, SeriesPoint } from './chart/chart-shapes';

/** Under this many days of history a forecast rests on little data (the server's short-history rule). */
export const LITTLE_DATA_DAYS = 28;

/** What each section says while loading, when empty, when failing without a message (product-rules.md#reports). */
export const SECTION_TEXT: Record<ReportKind, { heading: MessageKey; chartTitle: MessageKey; loading: MessageKey; empty: MessageKey; failed: MessageKey }> = {
  category: {
    heading: 'reports.category.heading',
    chartTitle: 'reports.category.chartTitle',
    loading: 'reports.category.loading',
    empty: 'reports.category.empty',
    failed: 'reports.category.failed',
  },
  age: {
    heading: 'reports.age.heading',
    chartTitle: 'reports.age.chartTitle',
    loading: 'reports.age.loading',
    empty: 'reports.age.empty',
    failed: 'reports.age.failed',
  },
  department: {
    heading: 'reports.department.heading',
    chartTitle: 'reports.department.chartTitle',
    loading: 'reports.department.loading',
    empty: 'reports.department.empty',
    failed: 'reports.department.failed',
  },
};

/** The group a row belongs to; a row without one is 'N/A' (product-rules.md#reports). */
export function groupOf(kind: ReportKind, row: ReportRow): string {
  const value = row[REPORT_KINDS[kind].groupField];
  return value === undefined || value === null || value === '' ? 'N/A' : value;
}

/** One series per group, in the order the groups first appear, points sorted by day. */
export function toSeries(kind: ReportKind, rows: readonly ReportRow[]): Series[] {
  const byGroup = new Map<string, Series>();
  for (const row of rows) {
    const label = groupOf(kind, row);
    let series = byGroup.get(label);
    if (!series) byGroup.set(label, (series = { label, points: [] }));
    const point: SeriesPoint = { x: dayToTime(row.day), y: row.count, forecast: row.is_forecast };
    if (row.is_forecast && row.lower !== undefined && row.upper !== undefined) {
      point.lower = row.lower;
      point.upper = row.upper;
    }
    if (row.is_forecast && row.history_days !== undefined) series.historyDays = row.history_days;
    series.points.push(point);
  }
  for (const series of byGroup.values()) series.points.sort((a, b) => a.x - b.x);
  return [...byGroup.values()];
}

/** The series whose forecast rests on little data (under four weeks of history), for the note under the chart. */
export function littleDataNote(series: readonly Series[], t: Translate = translate): string | null {
  const short = series.filter((s) => s.historyDays !== undefined && s.historyDays < LITTLE_DATA_DAYS);
  if (short.length === 0) return null;
  const parts = short.map((s) => t('reports.littleDataSeries', { label: s.label, days: s.historyDays ?? 0 }));
  return t('reports.littleData', { series: parts.join(', ') });
}

/** The last real (not forecast) day in the data: the company's today, where the 'Today' line goes. */
export function lastActualDay(rows: readonly ReportRow[]): string | null {
  let last: string | null = null;
  for (const row of rows) if (!row.is_forecast && (last === null || row.day > last)) last = row.day;
  return last;
}

function csvField(value: string | number | boolean): string {
  let text = String(value);
  // A title typed by a user must not run as a spreadsheet formula when the file is opened.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file's group column, by the reply's field name. */
const CSV_GROUP: Record<ReportGroupField, MessageKey> = { category_title: 'reports.csv.category_title', age_group: 'reports.csv.age_group', department: 'reports.csv.department' };

/**
 * The rows as CSV: day, group, count, is_forecast, lower, upper, CRLF line ends. The header is in the language in use:
 * in English the reply's own field names, in Filipino its words for them.
 */
export function toCsv(kind: ReportKind, rows: readonly ReportRow[]): string {
  const field = REPORT_KINDS[kind].groupField;
  const header: MessageKey[] = ['reports.csv.day', CSV_GROUP[field], 'reports.csv.count', 'reports.csv.isForecast', 'reports.csv.lower', 'reports.csv.upper'];
  const lines = [header.map((key) => csvField(translate(key))).join(',')];
  for (const row of rows) lines.push([row.day, groupOf(kind, row), row.count, row.is_forecast, row.lower ?? '', row.upper ?? ''].map(csvField).join(','));
  // The file says what the screen says: small groups are left out, not zero.
  if (kind !== 'category') lines.push(csvField(translate('reports.smallGroupsHidden', { min: MIN_GROUP_PEOPLE })));
  return `${lines.join('\r\n')}\r\n`;
}

/** The download's file name, e.g. appointments-by-category-daily_last_30_days_forecast_30.csv. */
export function csvFileName(kind: ReportKind, period: string, forecastDays: number): string {
  const base = REPORT_KINDS[kind].path.split('/').pop();
  return `${base}_${period}_forecast_${forecastDays}.csv`;
}
