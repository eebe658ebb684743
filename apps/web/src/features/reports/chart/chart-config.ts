// The configuration of one report chart: a plain function (Chart.js types only), built in the chart's worker
// (chart.worker.ts, decision 0314), so it imports neither the message catalogs nor React: the words come in as
// data (ChartWords, made on the page by chart-words.ts) and the dates are formatted here with Intl.
import type { ChartConfiguration, ChartDataset, ScriptableLineSegmentContext } from 'chart.js';
import { countLabel, dayToTime, randomColour, rgba, seriesHues, type Series, type SeriesPoint } from './chart-shapes';

/** Where a message's value goes in a ChartWords template (characters no label or message contains). */
export const SLOT = { series: '\u0001', value: '\u0002', range: '\u0003' } as const;

/**
 * The chart's words in the language in use, as data a worker can receive: the axis titles, 'Today', the forecast
 * point's and the range's tooltip lines as templates holding SLOT marks, and the locale that names the months.
 */
export interface ChartWords {
  locale: string;
  date: string;
  count: string;
  today: string;
  /** '{series}: {value} (forecast)' with SLOT.series and SLOT.value. */
  forecastPoint: string;
  /** '80% range: {range}' with SLOT.range. */
  range: string;
}

function fill(template: string, slot: string, value: string): string {
  return template.replace(slot, () => value);
}

/** Tooltip line (product-rules.md#reports): 'series: value', plus ' (forecast)' on forecast points. */
export function tooltipLine(words: ChartWords, series: string, value: number, forecast: boolean): string {
  // Forecasts are averages: one decimal at most (0.16 reads as 0.2), whole numbers without a decimal.
  const shown = String(Math.round(value * 10) / 10);
  return forecast ? fill(fill(words.forecastPoint, SLOT.series, series), SLOT.value, shown) : `${series}: ${shown}`;
}

/** The tooltip's second line on a forecast point: its 80 % range ('80% range: 0–3' or '80% range: 2'). */
export function rangeLine(words: ChartWords, point: SeriesPoint | undefined): string | null {
  if (!point?.forecast || point.lower === undefined || point.upper === undefined) return null;
  // A fractional end (the band draws it as it is) reads in whole appointments, rounded outward (decision 0286).
  const low = Math.floor(point.lower + 1e-9);
  const high = Math.ceil(point.upper - 1e-9);
  return fill(words.range, SLOT.range, low === high ? String(low) : `${low}–${high}`);
}

/** A day on the time axis ('Mar 01') or in the tooltip ('Mar 01, 2026'), its month in the words' language. */
function dayFormat(locale: string, year: boolean): (time: number) => string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', day: '2-digit', ...(year ? { year: 'numeric' } : {}) });
  return (time) => format.format(time).replace(/\u202f|\u00a0/g, ' ');
}

// product-rules.md#reports: line tension 0.4 for the chart and 0.1 for each series; series alpha 0.9, fill 0.2,
// forecast segments 0.5.
const CHART_TENSION = 0.4;
const SERIES_TENSION = 0.1;
const SERIES_ALPHA = 0.9;
const FILL_ALPHA = 0.2;
const FORECAST_ALPHA = 0.5;
/**
 * The 80 % forecast range: a faint band in the series' colour, behind the lines; fainter the more series there are,
 * so a dozen overlapping bands stay a tint and do not hide the lines.
 */
export function bandAlpha(seriesCount: number): number {
  return Math.round(Math.max(0.05, 0.14 / Math.sqrt(Math.max(1, seriesCount))) * 1000) / 1000;
}

export type DailyChartConfig = ChartConfiguration<'line', SeriesPoint[]>;

/**
 * The two edges of a series' 80 % range band: its upper edge filled down to its lower edge ('+1'), no line, no points,
 * drawn behind the lines (higher order), left out of the legend and the tooltip (their labels end in BAND_SUFFIX).
 */
function bandDatasets(s: Series, colour: [number, number, number], alpha: number): ChartDataset<'line', SeriesPoint[]>[] {
  const range = s.points.filter((p) => p.forecast && p.lower !== undefined && p.upper !== undefined);
  if (range.length === 0) return [];
  const edge = (label: string, data: SeriesPoint[], fill: false | '+1'): ChartDataset<'line', SeriesPoint[]> => ({
    label,
    data,
    borderWidth: 0,
    borderColor: 'transparent',
    backgroundColor: rgba(colour, alpha),
    pointRadius: 0,
    pointHoverRadius: 0,
    pointHitRadius: 0,
    tension: 0,
    fill,
    order: 1,
  });
  return [
    edge(`${s.label}${BAND_SUFFIX}`, range.map((p) => ({ x: p.x, y: p.upper!, forecast: true })), '+1'),
    edge(`${s.label}${BAND_SUFFIX}`, range.map((p) => ({ x: p.x, y: p.lower!, forecast: true })), false),
  ];
}

/** Ends the labels of the range bands' datasets, which the legend and the tooltip skip. */
export const BAND_SUFFIX = ' \u200b80% range';
const isBand = (label: string | undefined) => Boolean(label?.endsWith(BAND_SUFFIX));

/** A line chart of daily counts with forecasts after the 'Today' line; `narrow` is a phone-sized screen. */
export function dailyChartConfig(title: string, series: readonly Series[], today: string | null, narrow: boolean, words: ChartWords): DailyChartConfig {
  const axisDay = dayFormat(words.locale, false);
  const axisDate = dayFormat(words.locale, true);
  // Hues from the sorted series names: a series keeps its colour on every load (decision 0059).
  const hues = seriesHues(series.map((s) => s.label));
  const todayX = today ? dayToTime(today) : undefined;
  return {
    type: 'line',
    data: {
      datasets: series.flatMap((s) => {
        const colour = randomColour(() => hues.get(s.label) ?? 0);
        const pointColour = s.points.map((p) => rgba(colour, p.forecast ? FORECAST_ALPHA : SERIES_ALPHA));
        const line: ChartDataset<'line', SeriesPoint[]> = {
          label: s.label,
          data: s.points,
          order: 0,
          borderColor: rgba(colour, SERIES_ALPHA),
          backgroundColor: rgba(colour, FILL_ALPHA),
          pointBackgroundColor: pointColour,
          pointBorderColor: pointColour,
          pointRadius: s.points.length > (narrow ? 40 : 120) ? 0 : 2,
          pointHoverRadius: 4,
          borderWidth: 2,
          tension: SERIES_TENSION,
          fill: false,
          segment: {
            // A segment ending on a forecast point lies after the last real point: fainter and dashed.
            borderColor: (ctx: ScriptableLineSegmentContext) => (s.points[ctx.p1DataIndex]?.forecast ? rgba(colour, FORECAST_ALPHA) : undefined),
            borderDash: (ctx: ScriptableLineSegmentContext) => (s.points[ctx.p1DataIndex]?.forecast ? [5, 4] : undefined),
          },
        };
        return [line, ...bandDatasets(s, colour, bandAlpha(series.length))];
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      // No animation: an animated first draw repaints the canvas on the main thread for a second.
      animation: false,
      // The points are already {x: local midnight in ms, y}, sorted by day (toSeries): Chart.js can skip parsing.
      parsing: false,
      normalized: true,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      elements: { line: { tension: CHART_TENSION } },
      scales: {
        x: {
          type: 'time',
          time: { unit: 'day', displayFormats: { day: 'MMM dd' }, tooltipFormat: 'MMM dd, yyyy' },
          title: { display: true, text: words.date },
          // The month names in the language in use (Intl, fil-PH or en-PH), not the date adapter's English.
          ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12, font: { size: narrow ? 10 : 12 }, callback: (value) => axisDay(Number(value)) },
        },
        y: {
          beginAtZero: true,
          title: { display: true, text: words.count },
          ticks: { precision: 0, callback: (value) => countLabel(value) },
        },
      },
      plugins: {
        legend: {
          position: 'top',
          labels: {
            ...(narrow ? { boxWidth: 10, boxHeight: 10, padding: 6, font: { size: 10 } } : { boxWidth: 28, padding: 10 }),
            filter: (item) => !isBand(item.text),
          },
        },
        title: { display: true, text: title, font: { size: narrow ? 13 : 16 } },
        tooltip: {
          filter: (item) => !isBand(item.dataset.label),
          callbacks: {
            title: (items) => (items[0] ? axisDate(items[0].parsed.x ?? 0) : ''),
            label: (ctx) => {
              const point = ctx.raw as SeriesPoint | undefined;
              const line = tooltipLine(words, ctx.dataset.label ?? '', ctx.parsed.y ?? 0, Boolean(point?.forecast));
              const range = rangeLine(words, point);
              return range ? [line, range] : line;
            },
          },
        },
        annotation: {
          annotations:
            todayX === undefined
              ? {}
              : {
                  today: {
                    type: 'line',
                    xMin: todayX,
                    xMax: todayX,
                    borderColor: 'rgba(100, 116, 139, 0.9)',
                    borderWidth: 2,
                    borderDash: [6, 6],
                    label: {
                      display: true,
                      content: words.today,
                      position: 'end',
                      backgroundColor: 'rgba(71, 85, 105, 0.9)',
                      color: '#fff',
                      font: { size: 11 },
                    },
                  },
                },
        },
      },
    },
  };
}
