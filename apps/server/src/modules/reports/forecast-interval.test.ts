import { describe, expect, it } from 'vitest';
import { countCdf, countQuantile, fitSize, normalCdf, normalQuantile, POISSON_SIZE } from './forecast-interval';

describe('count distributions', () => {
  it('gives Poisson probabilities and quantiles', () => {
    const poisson1 = { mean: 1, size: POISSON_SIZE };
    expect(countCdf(poisson1, 0)).toBeCloseTo(Math.exp(-1), 9);
    expect(countCdf(poisson1, 1)).toBeCloseTo(2 * Math.exp(-1), 9);
    expect(countCdf(poisson1, -1)).toBe(0);
    // F(0) = 0.368, F(1) = 0.736, F(2) = 0.920.
    expect(countQuantile(poisson1, 0.1)).toBe(0);
    expect(countQuantile(poisson1, 0.5)).toBe(1);
    expect(countQuantile(poisson1, 0.9)).toBe(2);
  });

  it('gives negative binomial probabilities (size 1 is geometric)', () => {
    // Mean 2, size 1: P(0) = 1/3, then each term 2/3 of the one before.
    const geometric = { mean: 2, size: 1 };
    expect(countCdf(geometric, 0)).toBeCloseTo(1 / 3, 9);
    expect(countCdf(geometric, 1)).toBeCloseTo(1 / 3 + 2 / 9, 9);
    expect(countQuantile(geometric, 0.9)).toBe(5);
  });

  it('switches to the normal approximation for large means without a jump', () => {
    const small = { mean: 59.9, size: POISSON_SIZE };
    const large = { mean: 60.1, size: POISSON_SIZE };
    expect(Math.abs(countQuantile(small, 0.9) - countQuantile(large, 0.9))).toBeLessThanOrEqual(1);
    expect(countQuantile({ mean: 11_000, size: 100 }, 0.5)).toBe(11_000);
    expect(countQuantile({ mean: 11_000, size: 100 }, 0.9)).toBeGreaterThan(11_000 + 1_000);
  });

  it('is degenerate at zero for a zero mean', () => {
    expect(countQuantile({ mean: 0, size: 3 }, 0.99)).toBe(0);
    expect(countCdf({ mean: 0, size: 3 }, 0)).toBe(1);
  });

  it('fits the size by moments, Poisson when the counts are not over-spread', () => {
    expect(fitSize([2, 2, 2, 2], [2, 2, 2, 2])).toBe(POISSON_SIZE);
    // Variance 16 around a mean of 4: excess 12 → size 16 / 12.
    expect(fitSize([4, 4], [0, 8])).toBeCloseTo(16 / 12, 9);
  });

  it('has a normal distribution function and quantile that invert each other', () => {
    for (const p of [0.01, 0.1, 0.5, 0.9, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
    expect(normalQuantile(0.9)).toBeCloseTo(1.28155, 4);
  });
});
