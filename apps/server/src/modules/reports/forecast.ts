// Daily appointment forecasts (issue 6, docs/decisions/0040-forecast-method.md).
// Holt-Winters additive with a weekly season (period 7) and an optional damped trend; the smoothing
// parameters are chosen per series by a small grid search minimising the one-step-ahead squared error
// on the history itself. Histories shorter than two full weeks fall back to their mean.

/** Days in the seasonal cycle: appointments follow the week. */
export const SEASON_LENGTH = 7;
/** Below this many days there are not two full weeks to estimate a weekly pattern from. */
export const MIN_SEASONAL_HISTORY = 2 * SEASON_LENGTH;
/** Weeks used to estimate the starting weekly pattern (more weeks average out more noise). */
const INITIAL_WEEKS = 4;

export interface HoltWintersParams {
  /** Level smoothing, 0..1. */
  alpha: number;
  /** Trend smoothing, 0..1; 0 means the model has no trend at all. */
  beta: number;
  /** Seasonal smoothing, 0..1. */
  gamma: number;
  /** Trend damping, 0..1; a damped trend flattens out instead of running away over long horizons. */
  phi: number;
}

export interface ForecastFit {
  method: 'holt-winters' | 'mean';
  params: HoltWintersParams | null;
  /** One-step-ahead sum of squared errors on the history (holt-winters only). */
  sse: number | null;
}

export interface ForecastResult extends ForecastFit {
  /** One value per future day, never negative. */
  values: number[];
}

const ALPHAS = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8];
const GAMMAS = [0.01, 0.05, 0.1, 0.2, 0.4];
// beta 0 (with phi irrelevant) is the trend-free model, which wins on most appointment series;
// the damped variants let a steady rise or fall show without extrapolating it for a year.
const TRENDS: { beta: number; phi: number }[] = [
  { beta: 0, phi: 0 },
  { beta: 0.02, phi: 0.9 },
  { beta: 0.02, phi: 0.98 },
  { beta: 0.1, phi: 0.9 },
  { beta: 0.1, phi: 0.98 },
];

/** Every parameter set the fit tries (exported for tests and the benchmark's description). */
export const PARAMETER_GRID: readonly HoltWintersParams[] = ALPHAS.flatMap((alpha) =>
  GAMMAS.flatMap((gamma) => TRENDS.map(({ beta, phi }) => ({ alpha, beta, gamma, phi }))),
);

interface State {
  level: number;
  trend: number;
  /** Latest seasonal component per phase, phase = day index mod 7 (day 0 = first history day). */
  season: number[];
}

function mean(values: readonly number[], from = 0, to = values.length): number {
  if (to <= from) return 0;
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return sum / (to - from);
}

/** Starting level, trend and weekly pattern from the first weeks of the history (needs ≥ 2 weeks). */
function initialState(y: readonly number[], withTrend: boolean): State {
  const m = SEASON_LENGTH;
  const weeks = Math.min(Math.floor(y.length / m), INITIAL_WEEKS);
  const weekMeans = Array.from({ length: weeks }, (_, w) => mean(y, w * m, w * m + m));
  const season = Array.from({ length: m }, (_, j) => {
    let sum = 0;
    for (let w = 0; w < weeks; w++) sum += y[w * m + j] - weekMeans[w];
    return sum / weeks;
  });
  const trend = withTrend && weeks >= 2 ? (weekMeans[weeks - 1] - weekMeans[0]) / ((weeks - 1) * m) : 0;
  return { level: weekMeans[0], trend, season };
}

/**
 * Runs the additive Holt-Winters recursion over the history from its second week on.
 * Returns the one-step-ahead SSE and, when `final` is given, leaves the last state in it.
 */
function run(y: readonly number[], p: HoltWintersParams, final?: State): number {
  const m = SEASON_LENGTH;
  const start = initialState(y, p.beta > 0);
  let { level, trend } = start;
  const season = start.season;
  const phi = p.beta > 0 ? p.phi : 0;
  let sse = 0;
  for (let t = m; t < y.length; t++) {
    const phase = t % m;
    const damped = phi * trend;
    const err = y[t] - (level + damped + season[phase]);
    sse += err * err;
    const nextLevel = p.alpha * (y[t] - season[phase]) + (1 - p.alpha) * (level + damped);
    trend = p.beta * (nextLevel - level) + (1 - p.beta) * damped;
    season[phase] = p.gamma * (y[t] - nextLevel) + (1 - p.gamma) * season[phase];
    level = nextLevel;
  }
  if (final) {
    final.level = level;
    final.trend = trend;
    final.season = season;
  }
  return sse;
}

/** Picks the grid parameters with the smallest one-step-ahead SSE (ties: the earlier, smoother set). */
export function fitHoltWinters(history: readonly number[]): { params: HoltWintersParams; sse: number } {
  if (history.length < MIN_SEASONAL_HISTORY) throw new Error(`Holt-Winters needs at least ${MIN_SEASONAL_HISTORY} days of history.`);
  let best = PARAMETER_GRID[0];
  let bestSse = Number.POSITIVE_INFINITY;
  for (const p of PARAMETER_GRID) {
    const sse = run(history, p);
    if (sse < bestSse) {
      bestSse = sse;
      best = p;
    }
  }
  return { params: best, sse: bestSse };
}

/** Forecasts with given parameters (no fitting); values are clamped at zero. */
export function holtWintersForecast(history: readonly number[], horizon: number, params: HoltWintersParams): number[] {
  const state: State = { level: 0, trend: 0, season: [] };
  run(history, params, state);
  const phi = params.beta > 0 ? params.phi : 0;
  const n = history.length;
  const values: number[] = [];
  let dampSum = 0;
  let phiPower = 1;
  for (let h = 1; h <= horizon; h++) {
    phiPower *= phi;
    dampSum += phiPower;
    const value = state.level + dampSum * state.trend + state.season[(n - 1 + h) % SEASON_LENGTH];
    values.push(Number.isFinite(value) ? Math.max(0, value) : 0);
  }
  return values;
}

/**
 * Forecasts `horizon` days after the last history day. Holt-Winters (weekly, fitted) when there are
 * at least two full weeks of history, otherwise the history's mean (0 for no history). Never negative.
 */
export function forecastDaily(history: readonly number[], horizon: number): ForecastResult {
  const h = Math.max(0, Math.floor(horizon));
  if (history.length < MIN_SEASONAL_HISTORY) {
    const level = Math.max(0, mean(history));
    return { method: 'mean', params: null, sse: null, values: Array.from({ length: h }, () => level) };
  }
  const { params, sse } = fitHoltWinters(history);
  return { method: 'holt-winters', params, sse, values: holtWintersForecast(history, h, params) };
}

/** The seasonal-naive reference: each future day repeats the same weekday of the last observed week. */
export function seasonalNaiveForecast(history: readonly number[], horizon: number): number[] {
  const n = history.length;
  if (n === 0) return Array.from({ length: horizon }, () => 0);
  if (n < SEASON_LENGTH) return Array.from({ length: horizon }, () => history[n - 1]);
  return Array.from({ length: horizon }, (_, i) => history[n - SEASON_LENGTH + (i % SEASON_LENGTH)]);
}

/**
 * Mean absolute scaled error: the forecast's mean absolute error divided by the in-sample mean
 * absolute error of the seasonal-naive method (lag 7). Null when that scale is zero (a constant history).
 */
export function mase(history: readonly number[], actual: readonly number[], predicted: readonly number[], lag = SEASON_LENGTH): number | null {
  if (history.length <= lag || actual.length === 0) return null;
  let scale = 0;
  for (let t = lag; t < history.length; t++) scale += Math.abs(history[t] - history[t - lag]);
  scale /= history.length - lag;
  if (scale === 0) return null;
  let err = 0;
  for (let i = 0; i < actual.length; i++) err += Math.abs(actual[i] - predicted[i]);
  return err / actual.length / scale;
}
