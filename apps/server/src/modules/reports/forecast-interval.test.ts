import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countQuantiles, countRange, fitSize, hedgedQuantiles, massBefore, normalCdf, normalQuantile, POISSON_SIZE } from './forecast-interval';

describe('count distributions', () => {
  it('gives the narrowest range of counts holding the share asked (Poisson)', () => {
    // Mean 1: P(0) = P(1) = 0.368, P(2) = 0.184, P(3) = 0.061.
    const poisson1 = { mean: 1, size: POISSON_SIZE };
    expect(countRange(poisson1, 0.3)).toEqual([0, 0]);
    expect(countRange(poisson1, 0.7)).toEqual([0, 1]);
    expect(countRange(poisson1, 0.8)).toEqual([0, 2]);
    expect(countRange(poisson1, 0.95)).toEqual([0, 3]);
    // Mean 6: the range sits around the peak, not from zero.
    const [low, high] = countRange({ mean: 6, size: POISSON_SIZE }, 0.8);
    expect(low).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(6);
  });

  it('gives 0–0 to a day with most of its mass on zero', () => {
    // P(0) = 0.83.
    expect(countRange({ mean: -Math.log(0.83), size: POISSON_SIZE }, 0.8)).toEqual([0, 0]);
    // Mean 0.6, size 0.5: P(0) = (0.5 / 1.1)^0.5 = 0.674, P(1) = 0.184 — an 80 % range needs the 1.
    expect(countRange({ mean: 0.6, size: 0.5 }, 0.8)).toEqual([0, 1]);
    expect(countRange({ mean: 0.6, size: 0.5 }, 0.6)).toEqual([0, 0]);
  });

  it('gives negative binomial ranges (size 1 is geometric)', () => {
    // Mean 2, size 1: P(k) = (1/3)(2/3)^k; P(X ≤ 3) = 0.802.
    expect(countRange({ mean: 2, size: 1 }, 0.8)).toEqual([0, 3]);
    expect(countRange({ mean: 2, size: 1 }, 0.81)).toEqual([0, 4]);
  });

  it('tells the share held before a count comes in, consistently with the ranges (property)', () => {
    const poisson1 = { mean: 1, size: POISSON_SIZE };
    expect(massBefore(poisson1, 0, 0.98)).toBe(0);
    expect(massBefore(poisson1, 1, 0.98)).toBeCloseTo(Math.exp(-1), 9);
    expect(massBefore(poisson1, 2, 0.98)).toBeCloseTo(2 * Math.exp(-1), 9);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 150, noNaN: true }),
        fc.constantFrom(0.5, 1, 3, 20, POISSON_SIZE),
        fc.double({ min: 0.1, max: 0.97, noNaN: true }),
        fc.nat({ max: 200 }),
        (mean, size, level, count) => {
          const dist = { mean, size };
          const [low, high] = countRange(dist, level);
          expect(Number.isInteger(low) && Number.isInteger(high) && low >= 0 && low <= high).toBe(true);
          const inside = count >= low && count <= high;
          const before = massBefore(dist, count, 0.98);
          // Away from the boundary the two agree (the normal approximation rounds its ends to counts).
          if (Math.abs(before - level) > 0.02) expect(inside).toBe(before < level);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('switches to the normal approximation for large means without a jump', () => {
    const small = countRange({ mean: 59.9, size: POISSON_SIZE }, 0.8);
    const large = countRange({ mean: 60.1, size: POISSON_SIZE }, 0.8);
    expect(Math.abs(small[0] - large[0])).toBeLessThanOrEqual(1);
    expect(Math.abs(small[1] - large[1])).toBeLessThanOrEqual(1);
    const [low, high] = countRange({ mean: 11_000, size: 100 }, 0.8);
    expect(11_000 - low).toBeCloseTo(high - 11_000, -1);
    expect(high).toBeGreaterThan(11_000 + 1_000);
    expect(massBefore({ mean: 11_000, size: 100 }, 11_000, 0.98)).toBe(0);
  });

  it('is degenerate at zero for a zero mean', () => {
    expect(countRange({ mean: 0, size: 3 }, 0.99)).toEqual([0, 0]);
    expect(massBefore({ mean: 0, size: 3 }, 0, 0.98)).toBe(0);
    expect(massBefore({ mean: 0, size: 3 }, 1, 0.98)).toBe(1);
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

describe('hedged quantiles (decision 0286)', () => {
  it('is the whole-count quantile away from a step and fractional across the band around it', () => {
    // Poisson with P(0) = 0.9 exactly: the 90th percentile sits on the step from 0 to 1.
    const onTheLine = { mean: Math.log(1 / 0.9), size: POISSON_SIZE };
    expect(countQuantiles(onTheLine, [0.9])).toEqual([0]);
    expect(hedgedQuantiles(onTheLine, [0.9], 0.05)[0]).toBeCloseTo(0.5, 6);
    // P(0) = 0.88: 0.02 below the share, 0.4 of the band past the step.
    expect(hedgedQuantiles({ mean: Math.log(1 / 0.88), size: POISSON_SIZE }, [0.9], 0.05)[0]).toBeCloseTo(0.9, 6);
    // Well away from a step: the whole counts.
    const poisson1 = { mean: 1, size: POISSON_SIZE };
    expect(hedgedQuantiles(poisson1, [0.1, 0.5, 0.95], 0.05)).toEqual(countQuantiles(poisson1, [0.1, 0.5, 0.95]));
    // F(2) = 0.920, inside the band around 0.9: part way from 2 to 3.
    expect(hedgedQuantiles(poisson1, [0.9], 0.05)[0]).toBeCloseTo(2.106, 3);
    expect(hedgedQuantiles({ mean: 0, size: POISSON_SIZE }, [0.1, 0.9], 0.05)).toEqual([0, 0]);
  });

  it('never falls below the quantile of a lower share nor goes past the whole count above (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 50, noNaN: true }), fc.double({ min: 0.5, max: 100, noNaN: true }), (mean, size) => {
        const shares = [0.05, 0.1, 0.5, 0.9, 0.95];
        const hedged = hedgedQuantiles({ mean, size }, shares, 0.05);
        const below = countQuantiles({ mean, size }, shares.map((s) => s - 0.025));
        const above = countQuantiles({ mean, size }, shares.map((s) => Math.min(0.999, s + 0.025)));
        for (let i = 0; i < shares.length; i++) {
          expect(hedged[i]).toBeGreaterThanOrEqual(below[i] - 1e-9);
          expect(hedged[i]).toBeLessThanOrEqual(above[i] + 1e-9);
          if (i > 0) expect(hedged[i]).toBeGreaterThanOrEqual(hedged[i - 1] - 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });
});
