// Daily appointment forecasts with 80 % intervals (docs/decisions/0170-forecast-by-horizon.md, which replaces 0040).
// Several plain candidates (forecast-methods.ts: a flat mean, weekday means and medians, a level with a weekday
// shape, seasonal naive) are each tried at every 7th day of the history, forecasting as far ahead as the horizon
// asked (up to the end of the history), and the one with the smallest absolute error there forecasts. No candidate
// extrapolates a trend. The interval is the one with the smallest interval (Winkler) score on the past days
// (forecast-calibration.ts, docs/decisions/0213-forecast-interval-score.md): the same weekday's percentiles over 8
// weeks, or quantiles of a negative binomial around the forecast or a mean-like candidate. Histories under four weeks
// forecast their count over four weeks.
import { CANDIDATES, type Candidate, INTERVAL_CENTRES, prepare, type Prepared, WEEK as WEEK_DAYS } from './forecast-methods';
import { type PastDays, pastDays, percentileEnds, percentileFamily, quantileEnds, quantileFamily, weekdayPercentiles } from './forecast-calibration';
import { countRange, type CountDistribution, fitSize } from './forecast-interval';
import { INTERVAL_ALPHA } from './forecast-winkler';

/**
 * Days in the weekly cycle, as a local constant: the loops below read it per day, and where modules are loaded one by
 * one (tsx: the benches, the tests) an imported binding is a getter call on every read, half of a forecast's time.
 */
const WEEK: number = WEEK_DAYS;
/** Under this many days (since a group's first appointment) a forecast rests on little data. */
export const SHORT_HISTORY_DAYS = 28;
/** The earliest past origin tried: two weeks of history before it. */
const FIRST_ORIGIN = 2 * WEEK;
/** The interval's probability. */
export const INTERVAL_PROBABILITY = 0.8;

export interface ForecastResult {
  /** The candidate that forecast ('short-history' under four weeks, 'none' for an empty history). */
  method: string;
  /** One expected count per future day, never negative. */
  values: number[];
  /**
   * The 80 % interval's ends per day, 0 ≤ lower ≤ upper: whole counts, or fractional where the past days could not
   * tell two counts apart (decision 0286; text shows them rounded outward, the chart's band as they are).
   */
  lower: number[];
  upper: number[];
  /** Days of history the forecast rests on. */
  historyDays: number;
}

/** A candidate's forecast for `days` days from `origin` (its week repeated). */
function forecastAt(candidate: Candidate, p: Prepared, origin: number, days: number, week = new Float64Array(WEEK)): Float64Array {
  candidate.forecast(p, origin, week);
  const out = new Float64Array(days);
  for (let i = 0; i < days; i++) out[i] = week[i % WEEK];
  return out;
}

/** Past origins, every 7th day back from the end of the history, latest first. */
function origins(n: number): number[] {
  const list: number[] = [];
  for (let o = n - 1; o >= FIRST_ORIGIN; o -= WEEK) list.push(o);
  return list;
}

/**
 * How much a past origin counts: recent ones more, halving every `HALF_LIFE_HORIZONS` horizons (at least every
 * 8 weeks), so a short horizon follows the current rhythm and a long one weighs the whole year.
 */
export const RECENCY = { halfLifeHorizons: 2, minHalfLife: 56 };
function originWeight(age: number, horizon: number): number {
  return 0.5 ** (age / Math.max(RECENCY.minHalfLife, RECENCY.halfLifeHorizons * horizon));
}

export const CALIBRATION = { history: 56 };

/** How much better than the default another candidate must have done to be chosen (a share of its error). */
export const SELECTION = { margin: 0.05, longMargin: 0.1, origins: 4, longOrigins: 8, longScored: 45 };

/** Each candidate's weighted absolute error at the past origins, forecasting up to `horizon` days (within the history). */
function pastErrors(p: Prepared, horizon: number, from: readonly number[]): number[] {
  const n = p.y.length;
  const y = p.y;
  const week = new Float64Array(WEEK);
  const weights = from.map((o) => originWeight(n - o, horizon) / Math.min(horizon, n - o));
  return CANDIDATES.map((candidate) => {
    let total = 0;
    for (let k = 0; k < from.length; k++) {
      const o = from[k];
      const end = o + Math.min(horizon, n - o);
      candidate.forecast(p, o, week);
      let err = 0;
      for (let j = 0; j < WEEK; j++) {
        const v = week[j];
        for (let t = o + j; t < end; t += WEEK) err += Math.abs(y[t] - v);
      }
      total += weights[k] * err;
    }
    return total;
  });
}

/** How much smaller a negative binomial interval's past score must be than the percentiles' to be chosen instead. */
const INTERVAL_MARGIN = 0.03;
/**
 * Intervals are chosen on the past days up to this many days ahead, whatever the horizon: the served interval repeats
 * one week, and the past origins reach far ahead only from the start of the history, too few to choose on.
 */
const INTERVAL_LEADS = 30;

/**
 * Beyond INTERVAL_LEADS days, on large counts (at least `fromDaily` a day over the last four weeks), each end may leave
 * out only `missShare` of the past days (docs/decisions/0286-forecast-fractional-ends.md): the seasons move the level
 * further than a month of past errors shows. Small counts need no floor: their whole-count ends hold more than 85 %.
 */
const COVERAGE_FLOOR = { fromDaily: 10, missShare: 0.07 };

/**
 * The seven days' ranges (day n + j) of the interval that scored best on the past days: the same weekday's
 * percentiles unless a negative binomial around the forecast or a mean-like candidate scored clearly better (a small
 * edge on the past days is mostly luck).
 */
function servedRanges(p: Prepared, chosen: Candidate, days: PastDays): [number, number][] {
  const n = p.y.length;
  const e = percentileFamily(p, days);
  const bar = e.score - Math.abs(e.score) * INTERVAL_MARGIN;
  let best: { score: number; ranges: () => [number, number][] } = {
    score: bar,
    ranges: () => {
      const lows = new Float64Array(WEEK);
      const highs = new Float64Array(WEEK);
      weekdayPercentiles(p, n, lows, highs);
      return Array.from({ length: WEEK }, (_, j) => percentileEnds(lows[j], highs[j], e.low, e.high));
    },
  };
  for (const center of [chosen, ...INTERVAL_CENTRES.filter((c) => c !== chosen)]) {
    const f = quantileFamily(p, center, days);
    if (f.score < best.score - 1e-9) {
      best = { score: f.score, ranges: () => Array.from(forecastAt(center, p, n, WEEK), (mean) => quantileEnds(mean, f.size, f.low, f.high)) };
    }
  }
  return best.ranges();
}

const DEFAULT_TAIL = [INTERVAL_ALPHA / 2];

/** Too few past days to choose on: the 10th to 90th percentile of a negative binomial around the forecast. */
function defaultRanges(p: Prepared, chosen: Candidate, size: number): [number, number][] {
  return Array.from(forecastAt(chosen, p, p.y.length, WEEK), (mean) => quantileEnds(mean, size, DEFAULT_TAIL, DEFAULT_TAIL));
}

/** The negative binomial size fitted to the forecast's errors on the past days. */
function size0(p: Prepared, chosen: Candidate, days: PastDays): number {
  const expected = new Float64Array(days.count);
  const week = new Float64Array(WEEK);
  for (let c = 0; c < days.count; c++) {
    chosen.forecast(p, days.origin[c], week);
    expected[c] = Math.max(0, week[days.lead[c] % WEEK]);
  }
  return fitSize(expected, days.actual.subarray(0, days.count));
}

/**
 * Under four weeks of history: the count so far spread over four weeks (a first booking today is one in four weeks,
 * not one a day), flat, with the wide interval of a rate known from a handful of counts (a gamma-Poisson mixture).
 */
function shortHistory(history: readonly number[], horizon: number): ForecastResult {
  const total = history.reduce((s, v) => s + v, 0);
  const rate = total / SHORT_HISTORY_DAYS;
  const dist: CountDistribution = { mean: (total + 0.5) / SHORT_HISTORY_DAYS, size: total + 0.5 };
  const [low, high] = total > 0 ? countRange(dist, INTERVAL_PROBABILITY) : [0, 0];
  return {
    method: history.length === 0 ? 'none' : 'short-history',
    values: Array.from({ length: horizon }, () => rate),
    lower: Array.from({ length: horizon }, () => low),
    upper: Array.from({ length: horizon }, () => Math.max(high, Math.round(rate))),
    historyDays: history.length,
  };
}

/** Forecasts `horizon` days after the last history day, with 80 % intervals. Never negative. */
export function forecastDaily(history: readonly number[], horizon: number): ForecastResult {
  const h = Math.max(0, Math.floor(horizon));
  const y = history.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  if (y.length < SHORT_HISTORY_DAYS) return shortHistory(y, h);
  const p = prepare(y);
  const from = origins(y.length);
  const errors = pastErrors(p, Math.max(1, h), from);
  // The first candidate (the 28-day mean) forecasts unless another did clearly better in the past:
  // a small edge at past origins is mostly luck, and switching on luck costs more than it gains.
  // Another candidate needs a clear edge, and one shown at enough past origins (a long horizon, more of them).
  const margin = h > 30 ? SELECTION.longMargin : SELECTION.margin;
  const enough = from.length >= (h > 30 ? SELECTION.longOrigins : SELECTION.origins);
  // Beyond a month, the origins near the end of the history were scored over a few days only, which says little
  // about a quarter or a year ahead (a young, growing series shows it: its quiet first weeks make a weekday median
  // or mean look best at those origins, then fall behind). Only origins scored over at least `longScored` days count.
  const scored = h <= 30 || from.filter((o) => y.length - o >= Math.min(h, SELECTION.longScored)).length >= SELECTION.longOrigins;
  let best = 0;
  for (let i = 1; i < CANDIDATES.length && enough && scored; i++) {
    if (errors[i] < errors[best] && errors[i] < (1 - margin) * errors[0]) best = i;
  }
  const values = Array.from(forecastAt(CANDIDATES[best], p, y.length, h), (v) => Math.max(0, v));
  // Past origins with little history before them err more than today's forecast will: where there are enough
  // others, the interval is chosen on the origins with at least CALIBRATION.history days behind them.
  const mature = from.filter((o) => o >= CALIBRATION.history);
  // The interval: the family and settings with the smallest interval score on the past days at this horizon
  // (forecast-calibration.ts). A negative binomial may sit on the forecast or on a mean-like candidate (a weekday
  // median of 0 on a quiet series says nothing about how often a day is busy).
  const chosen = CANDIDATES[best];
  const floor = h > INTERVAL_LEADS && p.sum[y.length] - p.sum[y.length - SHORT_HISTORY_DAYS] >= COVERAGE_FLOOR.fromDaily * SHORT_HISTORY_DAYS;
  const days = pastDays(p, chosen, Math.max(1, Math.min(h, INTERVAL_LEADS)), mature.length >= 4 ? mature : from, floor ? COVERAGE_FLOOR.missShare : INTERVAL_ALPHA / 2);
  const ranges = days.count < 28 ? defaultRanges(p, chosen, size0(p, chosen, days)) : servedRanges(p, chosen, days);
  const lower: number[] = [];
  const upper: number[] = [];
  for (let i = 0; i < h; i++) {
    const [low, high] = ranges[i % WEEK];
    // The interval always holds the point forecast itself (rounded to a count).
    lower.push(Math.min(low, Math.round(values[i])));
    upper.push(Math.max(high, Math.round(values[i])));
  }
  return { method: CANDIDATES[best].name, values, lower, upper, historyDays: y.length };
}

/** The seasonal-naive reference: each future day repeats the same weekday of the last observed week. */
export function seasonalNaiveForecast(history: readonly number[], horizon: number): number[] {
  const n = history.length;
  if (n === 0) return Array.from({ length: horizon }, () => 0);
  if (n < WEEK) return Array.from({ length: horizon }, () => history[n - 1]);
  return Array.from({ length: horizon }, (_, i) => history[n - WEEK + (i % WEEK)]);
}

/**
 * Mean absolute scaled error: the forecast's mean absolute error divided by the in-sample mean
 * absolute error of the seasonal-naive method (lag 7). Null when that scale is zero (a constant history).
 */
export function mase(history: readonly number[], actual: readonly number[], predicted: readonly number[], lag = WEEK): number | null {
  if (history.length <= lag || actual.length === 0) return null;
  let scale = 0;
  for (let t = lag; t < history.length; t++) scale += Math.abs(history[t] - history[t - lag]);
  scale /= history.length - lag;
  if (scale === 0) return null;
  let err = 0;
  for (let i = 0; i < actual.length; i++) err += Math.abs(actual[i] - predicted[i]);
  return err / actual.length / scale;
}
