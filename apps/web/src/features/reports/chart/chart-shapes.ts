// The chart's points and colours: plain functions with no import, shared by the screen (the series, the CSV) and
// the chart's worker (chart.worker.ts), which must not load the app's message catalogs or React.

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

/** A report day ('YYYY-MM-DD') as local midnight, so the axis shows that calendar day in any browser zone. */
export function dayToTime(day: string): number {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))).getTime();
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
