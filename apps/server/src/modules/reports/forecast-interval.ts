// Count distributions for the forecast intervals (docs/decisions/0170-forecast-by-horizon.md): a negative binomial
// with a given mean and size (Poisson when the size is unbounded), its distribution function and quantiles in
// whole counts. Large means use the normal approximation (continuity-corrected), where summing the terms one by
// one would cost thousands of steps and the discreteness no longer matters.

/** Above this mean the normal approximation is used. */
export const NORMAL_FROM = 60;
/** A size this large is a Poisson distribution for every count a centre sees. */
export const POISSON_SIZE = 1e9;

export interface CountDistribution {
  /** Expected count per day, ≥ 0. */
  mean: number;
  /** Negative binomial size (dispersion); POISSON_SIZE or more means Poisson. Variance = mean + mean² / size. */
  size: number;
}

/** Standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    return p < low ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

function sd({ mean, size }: CountDistribution): number {
  return Math.sqrt(mean + (size >= POISSON_SIZE ? 0 : (mean * mean) / size));
}

/** Steps of the term-by-term walk at most (a mean of at most NORMAL_FROM needs a few hundred at the widest). */
const MAX_STEPS = 20_000;

/**
 * Walks the narrowest ranges of whole counts around the most likely count, widening by the likelier neighbour
 * each step, so every range is the narrowest that holds its share of the distribution (the distribution has
 * one peak). Stops once the range holds `level`, or just before it would take in `count`.
 */
function widen({ mean, size }: CountDistribution, level: number, count: number): { low: number; high: number; mass: number } {
  const poisson = size >= POISSON_SIZE;
  const q = poisson ? mean : mean / (size + mean);
  // next(k) = P(k + 1) / P(k).
  const next = (k: number) => (poisson ? q / (k + 1) : ((k + size) / (k + 1)) * q);
  // P(0), P(1), … up to the most likely count (where the terms stop rising; at most about the mean).
  const terms = [poisson ? Math.exp(-mean) : Math.exp(size * Math.log(size / (size + mean)))];
  while (next(terms.length - 1) > 1) terms.push(terms[terms.length - 1] * next(terms.length - 1));
  let low = terms.length - 1;
  let high = low;
  let mass = terms[low];
  let above = terms[high] * next(high);
  if (count === low) return { low, high, mass: 0 };
  for (let step = 0; mass < level && step < MAX_STEPS; step++) {
    if (low > 0 && terms[low - 1] >= above) {
      if (low - 1 === count) break;
      low--;
      mass += terms[low];
    } else {
      if (high + 1 === count) break;
      high++;
      mass += above;
      above *= next(high);
    }
  }
  return { low, high, mass };
}

/** The narrowest range of whole counts that holds at least `level` of the distribution (a likely zero gets 0–0). */
export function countRange(dist: CountDistribution, level: number): [number, number] {
  if (dist.mean <= 0) return [0, 0];
  if (dist.mean > NORMAL_FROM) {
    // Symmetric: the narrowest range is the central one.
    const half = sd(dist) * normalQuantile((1 + level) / 2);
    return [Math.max(0, Math.ceil(dist.mean - half - 0.5)), Math.max(0, Math.floor(dist.mean + half + 0.5))];
  }
  const { low, high } = widen(dist, level, -1);
  return [low, high];
}

/**
 * The share of the distribution the narrowest ranges hold before they take in `count`: `count` lies in
 * countRange(dist, level) exactly when this is below `level` (0 for the most likely count). At most about `cap`:
 * beyond it the walk stops.
 */
export function massBefore(dist: CountDistribution, count: number, cap: number): number {
  if (dist.mean <= 0) return count === 0 ? 0 : 1;
  if (dist.mean > NORMAL_FROM) return Math.max(0, 2 * normalCdf((Math.abs(count - dist.mean) - 0.5) / sd(dist)) - 1);
  return widen(dist, cap, count).mass;
}

/**
 * The size of a negative binomial that fits these (expected, actual) pairs by moments: the spread beyond Poisson
 * is mean² / size. Returns POISSON_SIZE when the counts are no more spread than Poisson's; never below 0.5.
 */
export function fitSize(expected: ArrayLike<number>, actual: ArrayLike<number>): number {
  let excess = 0;
  let squares = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = actual[i] - expected[i];
    excess += e * e - expected[i];
    squares += expected[i] * expected[i];
  }
  if (excess <= 0 || squares === 0) return POISSON_SIZE;
  return Math.max(0.5, squares / excess);
}

/**
 * For each share in `shares` (ascending, each in (0, 1)), the smallest whole count whose distribution function reaches
 * it: the equal-tailed quantiles the interval score rewards (decision 0213).
 */
export function countQuantiles(dist: CountDistribution, shares: readonly number[]): number[] {
  if (dist.mean <= 0) return shares.map(() => 0);
  if (dist.mean > NORMAL_FROM) {
    const s = sd(dist);
    return shares.map((p) => Math.max(0, Math.ceil(dist.mean + s * normalQuantile(p) - 0.5)));
  }
  const { mean, size } = dist;
  const poisson = size >= POISSON_SIZE;
  const q = poisson ? mean : mean / (size + mean);
  let term = poisson ? Math.exp(-mean) : Math.exp(size * Math.log(size / (size + mean)));
  let cdf = term;
  let k = 0;
  const out: number[] = [];
  for (const p of shares) {
    for (let step = 0; cdf < p - 1e-12 && step < MAX_STEPS; step++) {
      term *= poisson ? q / (k + 1) : ((k + size) / (k + 1)) * q;
      k++;
      cdf += term;
    }
    out.push(k);
  }
  return out;
}

/**
 * For each share (ascending, each in (0, 1)), its quantile in whole counts smoothed across a band of `band` around
 * each count's step (decision 0286). The whole-count quantile is the number of counts k ≥ 1 whose F(k − 1) lies below
 * the share; here each count adds between 0 and 1 as F(k − 1) passes through the band centred on the share. Away from
 * a step it is the whole-count quantile; near one, a fractional end that hedges between two counts.
 */
export function hedgedQuantiles(dist: CountDistribution, shares: readonly number[], band: number): number[] {
  if (dist.mean <= 0) return shares.map(() => 0);
  if (dist.mean > NORMAL_FROM || band <= 0) return countQuantiles(dist, shares);
  const { mean, size } = dist;
  const poisson = size >= POISSON_SIZE;
  const q = poisson ? mean : mean / (size + mean);
  let term = poisson ? Math.exp(-mean) : Math.exp(size * Math.log(size / (size + mean)));
  // cdfs[k] = F(k), up to the first that passes the last share's band.
  // A share near 0 or 1 narrows its band to stay inside (0, 1): else counts far in the tail would each add a part.
  const bands = shares.map((share) => Math.min(band, share, 1 - share));
  const last = shares.length - 1;
  const stop = Math.min(shares[last] + bands[last] / 2, 1 - 1e-9);
  let cdfs = cdfBuffer;
  let count = 1;
  cdfs[0] = term;
  for (let k = 0; cdfs[k] < stop && k < MAX_STEPS; k++) {
    term *= poisson ? q / (k + 1) : ((k + size) / (k + 1)) * q;
    if (count === cdfs.length) {
      const grown = new Float64Array(cdfs.length * 2);
      grown.set(cdfs);
      cdfs = cdfBuffer = grown;
    }
    cdfs[count++] = cdfs[k] + term;
  }
  // Shares ascend: the counts wholly below one share's band are wholly below the next one's too.
  let below = 0;
  return shares.map((share, i) => {
    const b = bands[i];
    while (below < count && cdfs[below] <= share - b / 2) below++;
    let end = below;
    for (let k = below; k < count && cdfs[k] < share + b / 2; k++) end += (share - cdfs[k]) / b + 0.5;
    return end;
  });
}
/** Scratch space for hedgedQuantiles' distribution function (grown when a walk needs more). */
let cdfBuffer = new Float64Array(256);
