// The candidate forecasting methods (docs/decisions/0170-forecast-by-horizon.md): each one is a plain rule on the
// history before an origin, cheap enough to be tried at dozens of past origins for every forecast. Every rule
// reads only whole weeks, so each weekday weighs the same in a level, and works on a series' prefix sums, so a
// rule's value at an origin costs O(1) per forecast day whatever its window.

/** Days in the weekly cycle: appointments follow the week. */
export const WEEK = 7;

/** A history prepared once: prefix sums overall and per weekday phase (phase = day index mod 7). */
export interface Prepared {
  y: readonly number[];
  /** sum[t] = y[0] + … + y[t-1]. */
  sum: Float64Array;
  /** phase[t] = y[t-1] + y[t-8] + y[t-15] + …: the sum of the days of t-1's phase up to t-1. */
  phase: Float64Array;
}

export function prepare(y: readonly number[]): Prepared {
  const sum = new Float64Array(y.length + 1);
  const phase = new Float64Array(y.length + 1);
  for (let t = 0; t < y.length; t++) {
    sum[t + 1] = sum[t] + y[t];
    phase[t + 1] = y[t] + (t + 1 > WEEK ? phase[t + 1 - WEEK] : 0);
  }
  return { y, sum, phase };
}

/** Mean of y over [from, to). */
function windowMean(p: Prepared, from: number, to: number): number {
  return to > from ? (p.sum[to] - p.sum[from]) / (to - from) : 0;
}

/** Sum of the `weeks` days of one weekday in the `weeks` whole weeks before `origin`, the j-th day of each week. */
function phaseTotal(p: Prepared, origin: number, j: number, weeks: number): number {
  const last = origin - WEEK + j + 1;
  const before = last - weeks * WEEK;
  return p.phase[last] - (before > 0 ? p.phase[before] : 0);
}

/**
 * A candidate: from the history before `origin`, the forecast for one week from the origin, written into `week`
 * (week[j] = day origin + j; every candidate repeats its week, so day origin + i is week[i mod 7]). Needs origin ≥ 7.
 */
export interface Candidate {
  name: string;
  forecast(p: Prepared, origin: number, week: Float64Array): void;
}

/** Whole weeks available before `origin`, at most `weeks`. */
function wholeWeeks(origin: number, weeks: number): number {
  return Math.max(1, Math.min(weeks, Math.floor(origin / WEEK)));
}

/** Each day repeats the same weekday of the last week. */
const seasonalNaive: Candidate = {
  name: 'seasonal-naive',
  forecast(p, origin, week) {
    for (let j = 0; j < WEEK; j++) week[j] = p.y[origin - WEEK + j];
  },
};

/** A flat level: the mean of the last `weeks` whole weeks. */
function flatMean(weeks: number): Candidate {
  return {
    name: `mean-${weeks * WEEK}`,
    forecast(p, origin, week) {
      const w = wholeWeeks(origin, weeks);
      week.fill(windowMean(p, origin - w * WEEK, origin));
    },
  };
}

/** Each weekday's mean over the last `weeks` weeks. */
function weekdayMean(weeks: number): Candidate {
  return {
    name: `weekday-mean-${weeks}w`,
    forecast(p, origin, week) {
      const w = wholeWeeks(origin, weeks);
      for (let j = 0; j < WEEK; j++) week[j] = phaseTotal(p, origin, j, w) / w;
    },
  };
}

/**
 * A level with a weekday shape: the level is the mean of the last `levelWeeks` weeks; the shape is each weekday's
 * share of the last `shapeWeeks` weeks (up to a year), pulled towards a flat week by one day's worth of counts so a
 * sparse history does not invent a pattern. Level and shape are estimated on different windows: the level follows
 * recent weeks, the shape needs many.
 */
function shapedLevel(levelWeeks: number, shapeWeeks: number): Candidate {
  return {
    name: `level-${levelWeeks}w-shape-${shapeWeeks}w`,
    forecast(p, origin, week) {
      const lw = wholeWeeks(origin, levelWeeks);
      const level = windowMean(p, origin - lw * WEEK, origin);
      const sw = wholeWeeks(origin, shapeWeeks);
      const overall = windowMean(p, origin - sw * WEEK, origin);
      for (let j = 0; j < WEEK; j++) {
        const shape = overall > 0 ? (phaseTotal(p, origin, j, sw) + overall) / ((sw + 1) * overall) : 1;
        week[j] = level * shape;
      }
    },
  };
}

/**
 * Each weekday's median over the last `weeks` weeks: the error-minimising value when most days are quiet. Over 8
 * weeks it is steady; over 3 it is last week's pattern that ignores one odd week (a week off, then back to the usual
 * days) and follows a change after two weeks, where the 8-week median keeps the old pattern for four.
 */
function weekdayMedian(weeks: number): Candidate {
  const values = new Float64Array(weeks);
  return {
    name: `weekday-median-${weeks}w`,
    forecast(p, origin, week) {
      const w = wholeWeeks(origin, weeks);
      const v = values;
      for (let j = 0; j < WEEK; j++) {
        // Insertion sort: a handful of values.
        for (let k = 0; k < w; k++) {
          const x = p.y[origin - WEEK + j - k * WEEK];
          let i = k;
          for (; i > 0 && v[i - 1] > x; i--) v[i] = v[i - 1];
          v[i] = x;
        }
        const m = w >> 1;
        week[j] = w % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
      }
    },
  };
}
export const SEASONAL_NAIVE = seasonalNaive;
export const MEAN_28 = flatMean(4);
export const WEEKDAY_MEAN_8 = weekdayMean(8);

/** Every candidate the forecaster chooses from (the three simple baselines among them); the first is the default. */
export const CANDIDATES: readonly Candidate[] = [
  MEAN_28,
  shapedLevel(4, 52),
  WEEKDAY_MEAN_8,
  SEASONAL_NAIVE,
  shapedLevel(13, 52),
  shapedLevel(52, 52),
  flatMean(13),
  weekdayMedian(8),
  weekdayMedian(3),
];

/** The mean-like candidates an interval's distribution may sit on besides the forecast itself (decision 0213). */
export const INTERVAL_CENTRES: readonly Candidate[] = [MEAN_28, WEEKDAY_MEAN_8, CANDIDATES[1], CANDIDATES[4], CANDIDATES[5], CANDIDATES[6]];
