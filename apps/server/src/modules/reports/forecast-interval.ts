// Count distributions for the forecast intervals (docs/decisions/0170-forecast-by-horizon.md): a negative binomial
// with a given mean and size (Poisson when the size is unbounded), its distribution function and quantiles in
// whole counts. Large means use the normal approximation (continuity-corrected), where summing the terms one by
// one would cost thousands of steps and the discreteness no longer matters.

/** Above this mean the normal approximation is used. */
const NORMAL_FROM = 60;
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

/** P(X = 0) and the ratio of successive terms' factors, for the term-by-term sums. */
function firstTerm({ mean, size }: CountDistribution): { p0: number; poisson: boolean } {
  if (size >= POISSON_SIZE) return { p0: Math.exp(-mean), poisson: true };
  return { p0: Math.exp(size * Math.log(size / (size + mean))), poisson: false };
}

/** P(X ≤ x) for a whole count x (0 below zero). */
export function countCdf(dist: CountDistribution, x: number): number {
  if (x < 0) return 0;
  if (dist.mean <= 0) return 1;
  if (dist.mean > NORMAL_FROM) return normalCdf((x + 0.5 - dist.mean) / sd(dist));
  const { p0, poisson } = firstTerm(dist);
  const ratio = poisson ? dist.mean : dist.mean / (dist.size + dist.mean);
  let term = p0;
  let total = p0;
  for (let k = 0; k < x && total < 1 - 1e-12; k++) {
    term *= poisson ? ratio / (k + 1) : ((k + dist.size) / (k + 1)) * ratio;
    total += term;
  }
  return Math.min(1, total);
}

/** The smallest whole count x with P(X ≤ x) ≥ p. */
export function countQuantile(dist: CountDistribution, p: number): number {
  if (dist.mean <= 0) return 0;
  if (dist.mean > NORMAL_FROM) return Math.max(0, Math.ceil(dist.mean + sd(dist) * normalQuantile(p) - 0.5));
  const { p0, poisson } = firstTerm(dist);
  const ratio = poisson ? dist.mean : dist.mean / (dist.size + dist.mean);
  let term = p0;
  let total = p0;
  let k = 0;
  // Bounded: the mean is at most NORMAL_FROM here, so a few hundred steps reach any p short of 1.
  while (total < p && k < 10_000) {
    term *= poisson ? ratio / (k + 1) : ((k + dist.size) / (k + 1)) * ratio;
    total += term;
    k++;
  }
  return k;
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
