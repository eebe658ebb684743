// Daily appointment forecasts with 80 % intervals (docs/decisions/0170-forecast-by-horizon.md, which replaces 0040).
// Several plain candidates (forecast-methods.ts: a flat mean, weekday means and medians, a level with a weekday
// shape, seasonal naive) are each tried at every 7th day of the history, forecasting as far ahead as the horizon
// asked (up to the end of the history), and the one with the smallest absolute error there forecasts. No candidate
// extrapolates a trend. The interval is the narrowest range of counts holding a share of a count distribution
// (negative binomial) around the forecast, its spread fitted to that candidate's past errors and the share set so
// that the ranges held 80 % of the past days. Histories under four weeks forecast their count over four weeks.
import { CANDIDATES, type Candidate, prepare, type Prepared, WEEK as WEEK_DAYS } from './forecast-methods';
import { countRange, type CountDistribution, fitSize, massBefore } from './forecast-interval';

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
/** At most this many past (forecast, actual) days set an interval's width (evenly spread over all of them). */
const MAX_CALIBRATION_DAYS = 400;
/** The share of the count distribution an interval holds stays between these, whatever the past days say. */
const MIN_LEVEL = 0.1;
const MAX_LEVEL = 0.98;

export interface ForecastResult {
  /** The candidate that forecast ('short-history' under four weeks, 'none' for an empty history). */
  method: string;
  /** One expected count per future day, never negative. */
  values: number[];
  /** The 80 % interval's ends per day: whole counts, 0 ≤ lower ≤ upper. */
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

/**
 * The share `level` of the count distribution around `chosen`'s forecast whose narrowest ranges, stretched to hold the
 * rounded forecast (as served), held 80 % of the past days. Counts are lumpy (a quiet day is 0 or 1), so a range
 * meant to hold 80 % of the model's mass can hold far more or fewer of the actual days; the past days decide.
 */
function calibratedLevel(p: Prepared, chosen: Candidate, horizon: number, from: readonly number[]): { level: number; size: number } {
  const n = p.y.length;
  let pairs = 0;
  for (const o of from) pairs += Math.min(horizon, n - o);
  const expected = new Float64Array(pairs);
  const actual = new Float64Array(pairs);
  const week = new Float64Array(WEEK);
  let k = 0;
  for (const o of from) {
    const days = Math.min(horizon, n - o);
    chosen.forecast(p, o, week);
    for (let i = 0; i < days; i++, k++) {
      expected[k] = Math.max(0, week[i % WEEK]);
      actual[k] = p.y[o + i];
    }
  }
  const size = fitSize(expected, actual);
  if (pairs < 28) return { level: INTERVAL_PROBABILITY, size };
  // A day's count y lies in the narrowest range holding `level` when the ranges before it held less than `level`
  // (massBefore), or when it lies between the rounded forecast and the likeliest count (the stretch holds it).
  // The level that held 80 % of the days is just above the 80th smallest of these in 100.
  const step = Math.ceil(pairs / MAX_CALIBRATION_DAYS);
  const needed: number[] = [];
  for (let i = 0; i < pairs; i += step) {
    const dist = { mean: expected[i], size };
    const y = actual[i];
    const r = Math.round(expected[i]);
    const likeliest = countRange(dist, 0)[0];
    const between = (y >= r && y <= likeliest) || (y <= r && y >= likeliest);
    needed.push(between ? 0 : massBefore(dist, y, MAX_LEVEL));
  }
  needed.sort((x, y) => x - y);
  const level = needed[Math.ceil(INTERVAL_PROBABILITY * needed.length) - 1] + 1e-9;
  return { level: Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, level)), size };
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
  // others, the interval's width is set on the origins with at least CALIBRATION_HISTORY days behind them.
  const mature = from.filter((o) => o >= CALIBRATION.history);
  const { level, size } = calibratedLevel(p, CANDIDATES[best], Math.max(1, h), mature.length >= 4 ? mature : from);
  // The forecast repeats its week: seven intervals serve every day.
  const means = forecastAt(CANDIDATES[best], p, y.length, Math.min(h, WEEK));
  const ranges = Array.from(means, (mean) => countRange({ mean: Math.max(0, mean), size }, level));
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
