// How a forecast's 80 % interval is chosen (docs/decisions/0213-forecast-interval-score.md): several families of
// intervals are tried on the past days at the horizon asked, each with a few settings, and the one with the smallest
// interval (Winkler) score serves, among those whose ends each left out at most 10 % of the past days.
//  - quantiles of a negative binomial around a mean-like candidate (its size fitted to that candidate's past errors),
//    each end leaving out a tail share from TAILS;
//  - the same weekday's 10th and 90th percentile over the last 8 weeks, its ends rounded to whole counts by a margin.
import { type CountDistribution, fitSize, hedgedQuantiles as hedged } from './forecast-interval';
import { type Candidate, type Prepared, WEEK as WEEK_DAYS } from './forecast-methods';
import { INTERVAL_ALPHA, quantileOfSorted } from './forecast-winkler';

/** A local constant: see forecast.ts (imported bindings are getters where modules load one by one). */
const WEEK: number = WEEK_DAYS;
/** At most this many past (forecast, actual) days are scored (evenly spread over all of them). */
const MAX_DAYS = 400;
/** Past origins count less as they age: halving every 16 weeks, so the interval follows the current spread. */
const HALF_LIFE = 112;
/** The interval score's penalty per count outside the interval. */
const PENALTY = 2 / INTERVAL_ALPHA;

/** The tail shares a quantile end may leave out, the score's own 10 % first (ties go to the earlier). */
const TAILS = [0.1, 0.125, 0.075, 0.15, 0.05, 0.2, 0.03, 0.25, 0.02, 0.3, 0.01, 0.35, 0.4];
const LOW_SHARES = TAILS;
const HIGH_SHARES = TAILS.map((t) => 1 - t);
const ALL_SHARES = [...new Set([...LOW_SHARES, ...HIGH_SHARES])].sort((a, b) => a - b);
/** How far a percentile end is moved before it is cut to a whole count: 0 cuts it, 0.999 rounds it away. */
const MARGINS = [0.5, 0.25, 0.75, 0, 0.999];
/** Weeks of the same weekday the percentile family reads. */
const PERCENTILE_WEEKS = 8;

/** The past days an interval is scored on: per day its origin, lead, count, the rounded forecast served, weights. */
export interface PastDays {
  origin: Int32Array;
  lead: Int32Array;
  actual: Float64Array;
  served: Float64Array;
  /** Recency weight (for the score) and one over the days of the same lead (for the share left out). */
  weight: Float64Array;
  byLead: Float64Array;
  count: number;
  /** The share of the past days each end may leave out (α/2; less where a coverage floor asks for more). */
  missShare: number;
}

export function pastDays(p: Prepared, chosen: Candidate, horizon: number, from: readonly number[], missShare = INTERVAL_ALPHA / 2): PastDays {
  const n = p.y.length;
  const leadCount = new Float64Array(horizon);
  let all = 0;
  for (const o of from) {
    const days = Math.min(horizon, n - o);
    for (let i = 0; i < days; i++) leadCount[i]++;
    all += days;
  }
  const step = Math.ceil(all / MAX_DAYS);
  const count = Math.ceil(all / step);
  const d: PastDays = {
    origin: new Int32Array(count), lead: new Int32Array(count), actual: new Float64Array(count), served: new Float64Array(count),
    weight: new Float64Array(count), byLead: new Float64Array(count), count: 0, missShare,
  };
  const point = new Float64Array(WEEK);
  let k = 0;
  for (const o of from) {
    const days = Math.min(horizon, n - o);
    let forecastRead = false;
    for (let i = 0; i < days; i++, k++) {
      if (k % step !== 0) continue;
      if (!forecastRead) chosen.forecast(p, o, point);
      forecastRead = true;
      const c = d.count++;
      d.origin[c] = o;
      d.lead[c] = i;
      d.actual[c] = p.y[o + i];
      d.served[c] = Math.round(Math.max(0, point[i % WEEK]));
      d.weight[c] = 0.5 ** ((n - o) / HALF_LIFE);
      d.byLead[c] = 1 / leadCount[i];
    }
  }
  return d;
}

/** The settings chosen for each end (the best, and those that scored about as well), and the best score. */
export interface EndsChoice {
  low: number[];
  high: number[];
  score: number;
}

/**
 * Around each whole count's step, the band of the distribution function over which a negative binomial end moves
 * from one count to the next (decision 0286): a fractional end where the fitted distribution sits on the line.
 */
const HEDGE_BAND = 0.05;

/**
 * The setting of each end with the smallest score on the past days, among those that left out at most α/2 of them;
 * `lowers[c * settings + s]` is day c's lower end under setting s (and so `uppers`). Ends are stretched to hold the
 * rounded forecast served, as they are when served.
 */
function chooseEnds(d: PastDays, settings: number, lowers: Float64Array, uppers: Float64Array): EndsChoice {
  const lowScore = new Float64Array(settings);
  const highScore = new Float64Array(settings);
  const lowMissed = new Float64Array(settings);
  const highMissed = new Float64Array(settings);
  let total = 0;
  for (let c = 0; c < d.count; c++) {
    total += d.byLead[c];
    const y = d.actual[c];
    const r = d.served[c];
    for (let s = 0; s < settings; s++) {
      const l = Math.min(lowers[c * settings + s], r);
      const u = Math.max(uppers[c * settings + s], r);
      lowScore[s] += d.weight[c] * (-l + PENALTY * Math.max(0, l - y));
      highScore[s] += d.weight[c] * (u + PENALTY * Math.max(0, y - u));
      if (y < l) lowMissed[s] += d.byLead[c];
      if (y > u) highMissed[s] += d.byLead[c];
    }
  }
  const limit = d.missShare * total + 1e-9;
  const best = (score: Float64Array, missed: Float64Array) => {
    let b = -1;
    for (let s = 0; s < settings; s++) if (missed[s] <= limit && (b < 0 || score[s] < score[b] - 1e-9)) b = s;
    if (b >= 0) return b;
    // None left out few enough: the setting that left out the fewest.
    for (let s = 0; s < settings; s++) if (b < 0 || missed[s] < missed[b]) b = s;
    return b;
  };
  const low = best(lowScore, lowMissed);
  const high = best(highScore, highMissed);
  const score = lowScore[low] + highScore[high];
  // Settings that scored the same are all served, averaged (decision 0286), rather than the first of them.
  const near = (end: Float64Array, missed: Float64Array, b: number) => {
    const list = [b];
    for (let s = 0; s < settings; s++) if (s !== b && missed[s] <= limit && end[s] <= end[b] + 1e-9) list.push(s);
    return list;
  };
  return { low: near(lowScore, lowMissed, low), high: near(highScore, highMissed, high), score };
}

/** The negative binomial family around `center`: its fitted size and the tail share chosen for each end. */
export function quantileFamily(p: Prepared, center: Candidate, d: PastDays): { size: number; low: number[]; high: number[]; score: number } {
  const expected = new Float64Array(d.count);
  const week = new Float64Array(WEEK);
  for (let c = 0; c < d.count; c++) {
    if (c === 0 || d.origin[c] !== d.origin[c - 1]) center.forecast(p, d.origin[c], week);
    expected[c] = Math.max(0, week[d.lead[c] % WEEK]);
  }
  const size = fitSize(expected, d.actual.subarray(0, d.count));
  const settings = TAILS.length;
  const lowers = new Float64Array(d.count * settings);
  const uppers = new Float64Array(d.count * settings);
  for (let c = 0; c < d.count; c++) {
    const q = hedgedQuantiles({ mean: expected[c], size }, ALL_SHARES);
    for (let s = 0; s < settings; s++) {
      lowers[c * settings + s] = q[ALL_SHARES.indexOf(LOW_SHARES[s])];
      uppers[c * settings + s] = q[ALL_SHARES.indexOf(HIGH_SHARES[s])];
    }
  }
  const choice = chooseEnds(d, settings, lowers, uppers);
  return { size, low: choice.low.map((s) => LOW_SHARES[s]), high: choice.high.map((s) => TAILS[s]), score: choice.score };
}

/** Each share's quantile, hedged across HEDGE_BAND around the whole counts' steps. */
const hedgedQuantiles = (dist: CountDistribution, shares: readonly number[]) => hedged(dist, shares, HEDGE_BAND);

const average = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The served ends of the negative binomial family for a day with expected count `mean`: each end the average of its
 * chosen tail shares' quantiles, fractional where they differ (decision 0286).
 */
export function quantileEnds(mean: number, size: number, lowTails: readonly number[], highTails: readonly number[]): [number, number] {
  const dist = { mean: Math.max(0, mean), size };
  return [average(hedgedQuantiles(dist, lowTails)), average(hedgedQuantiles(dist, highTails.map((t) => 1 - t)))];
}

/** The 10th and 90th percentile of each weekday (week[j] = day origin + j) over the last 8 weeks before `origin`. */
export function weekdayPercentiles(p: Prepared, origin: number, lows: Float64Array, highs: Float64Array): void {
  const w = Math.max(1, Math.min(PERCENTILE_WEEKS, Math.floor(origin / WEEK)));
  const values = new Float64Array(w);
  for (let j = 0; j < WEEK; j++) {
    for (let k = 0; k < w; k++) values[k] = p.y[origin - WEEK + j - k * WEEK];
    values.sort();
    lows[j] = quantileOfSorted(values, INTERVAL_ALPHA / 2);
    highs[j] = quantileOfSorted(values, 1 - INTERVAL_ALPHA / 2);
  }
}

/** A percentile end cut to a whole count after moving it out by `margin`. */
export const cutLow = (x: number, margin: number) => Math.max(0, Math.ceil(x - margin - 1e-9));
export const cutHigh = (x: number, margin: number) => Math.floor(x + margin + 1e-9);
/** The served ends of the percentile family: each the average of its chosen margins' whole counts (decision 0286). */
export const percentileEnds = (low: number, high: number, lowMargins: readonly number[], highMargins: readonly number[]): [number, number] => [
  average(lowMargins.map((m) => cutLow(low, m))),
  average(highMargins.map((m) => cutHigh(high, m))),
];

/** The percentile family: the margins chosen for each end. */
export function percentileFamily(p: Prepared, d: PastDays): { low: number[]; high: number[]; score: number } {
  const settings = MARGINS.length;
  const lowers = new Float64Array(d.count * settings);
  const uppers = new Float64Array(d.count * settings);
  const lows = new Float64Array(WEEK);
  const highs = new Float64Array(WEEK);
  for (let c = 0; c < d.count; c++) {
    if (c === 0 || d.origin[c] !== d.origin[c - 1]) weekdayPercentiles(p, d.origin[c], lows, highs);
    const j = d.lead[c] % WEEK;
    for (let s = 0; s < settings; s++) {
      lowers[c * settings + s] = cutLow(lows[j], MARGINS[s]);
      uppers[c * settings + s] = cutHigh(highs[j], MARGINS[s]);
    }
  }
  const choice = chooseEnds(d, settings, lowers, uppers);
  return { low: choice.low.map((s) => MARGINS[s]), high: choice.high.map((s) => MARGINS[s]), score: choice.score };
}
