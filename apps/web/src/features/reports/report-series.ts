// Data shaping for the report charts and CSV files: plain functions, no Chart.js, so jsdom tests can cover them.
import { MIN_GROUP_PEOPLE, type ReportGroupField, REPORT_KINDS, type ReportKind } from '@kalinga/contracts/report-constants';
import type { ReportRow } from '@kalinga/contracts/reports';
import { type MessageKey, t as translate, type Translate } from '../../lib/i18n';

export type { ReportRow };

export interface SeriesPoint {
  /** Local midnight of the day, in ms (the chart's time axis). */
  x: number;
  y: number;
  forecast: boolean;
  /** Forecast points: the 80 % interval's ends. */
  lower?: number;
  upper?: number;
}

export interface Series {
  label: string;
  points: SeriesPoint[];
  /** Days of history the forecast rests on (from the forecast rows; undefined without them). */
  historyDays?: number;
}

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

/** A report day ('YYYY-MM-DD') as local midnight, so the axis shows that calendar day in any browser zone. */
export function dayToTime(day: string): number {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))).getTime();
}

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

/** The tooltip's second line on a forecast point: its 80 % range ('80% range: 0–3' or '80% range: 2'). */
export function rangeLine(point: SeriesPoint | undefined): string | null {
  if (!point?.forecast || point.lower === undefined || point.upper === undefined) return null;
  // A fractional end (the band draws it as it is) reads in whole appointments, rounded outward (decision 0286).
  const low = Math.floor(point.lower + 1e-9);
  const high = Math.ceil(point.upper - 1e-9);
  return translate('reports.chart.range', { range: low === high ? low : `${low}–${high}` });
}

/** The last real (not forecast) day in the data: the company's today, where the 'Today' line goes. */
export function lastActualDay(rows: readonly ReportRow[]): string | null {
  let last: string | null = null;
  for (const row of rows) if (!row.is_forecast && (last === null || row.day > last)) last = row.day;
  return last;
}

/** Tooltip line (product-rules.md#reports): 'series: value', plus ' (forecast)' on forecast points. */
export function tooltipLine(series: string, value: number, forecast: boolean): string {
  // Forecasts are averages: one decimal at most (0.16 reads as 0.2), whole numbers without a decimal.
  const shown = Math.round(value * 10) / 10;
  return forecast ? translate('reports.chart.forecastPoint', { series, value: shown }) : `${series}: ${shown}`;
}

/**
 * A count axis label, '1,234': Chart.js's default tick label builds an Intl.NumberFormat, which cost ~35 ms of main
 * thread on the first chart (decision 0092).
 */
export function countLabel(value: number | string): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** An rgba() colour. */
export function rgba(rgb: readonly [number, number, number], alpha: number): string {
  return `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
}

/**
 * A random colour for a series (product-rules.md#reports: each series gets a random colour). The hue is random; saturation
 * and lightness are fixed so every colour stays readable on white.
 */
export function randomColour(random: () => number = Math.random): [number, number, number] {
  const h = random() * 360;
  const s = 0.7;
  const l = 0.42;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * Hues for a chart's series, fixed by their names: the names sorted, then golden-angle steps from one start, so a
 * series keeps its colour on every load of the same report and neighbours never look alike.
 */
export function seriesHues(labels: readonly string[]): Map<string, number> {
  const sorted = [...new Set(labels)].sort();
  return new Map(sorted.map((label, i) => [label, (0.58 + i * 0.381966) % 1]));
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
