import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastDaily, holtWintersForecast, mase, MIN_SEASONAL_HISTORY, PARAMETER_GRID, seasonalNaiveForecast } from './forecast';
import { poisson, seededRandom } from '../../db/seed/random';

const WEEK = [6, 9, 10, 9, 7, 1, 0];

describe('forecastDaily', () => {
  it('recovers an exact weekly pattern', () => {
    const history = Array.from({ length: 70 }, (_, i) => WEEK[i % 7]);
    const { method, values } = forecastDaily(history, 21);
    expect(method).toBe('holt-winters');
    values.forEach((v, i) => expect(v).toBeCloseTo(WEEK[(70 + i) % 7], 1));
  });

  it('recovers a noisy weekly pattern better than repeating last week', () => {
    const rand = seededRandom(7);
    let better = 0;
    for (let s = 0; s < 20; s++) {
      const all = Array.from({ length: 140 }, (_, i) => poisson(rand, WEEK[i % 7]));
      const history = all.slice(0, 112);
      const actual = all.slice(112);
      const ours = mase(history, actual, forecastDaily(history, 28).values)!;
      const naive = mase(history, actual, seasonalNaiveForecast(history, 28))!;
      if (ours < naive) better++;
      // Each forecast day lands near the true weekday mean, not on last week's noise.
      const f = forecastDaily(history, 7).values;
      f.forEach((v, i) => expect(Math.abs(v - WEEK[(112 + i) % 7])).toBeLessThan(2.5));
    }
    expect(better).toBeGreaterThanOrEqual(16);
  });

  it('keeps the weekly pattern aligned to the weekday when the history does not start on a week boundary', () => {
    const offset = 3;
    const history = Array.from({ length: 60 }, (_, i) => WEEK[(i + offset) % 7]);
    const { values } = forecastDaily(history, 7);
    values.forEach((v, i) => expect(v).toBeCloseTo(WEEK[(60 + i + offset) % 7], 1));
  });

  it('falls back to the mean below two full weeks', () => {
    expect(forecastDaily([], 5)).toMatchObject({ method: 'mean', values: [0, 0, 0, 0, 0] });
    const short = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
    expect(short.length).toBeLessThan(MIN_SEASONAL_HISTORY);
    const r = forecastDaily(short, 3);
    expect(r.method).toBe('mean');
    expect(r.values).toEqual([7, 7, 7]);
    expect(forecastDaily(Array.from({ length: 14 }, () => 2), 1).method).toBe('holt-winters');
  });

  it('does not extrapolate a fall below zero', () => {
    const falling = Array.from({ length: 60 }, (_, i) => Math.max(0, 30 - i));
    const { values } = forecastDaily(falling, 365);
    expect(values.every((v) => v >= 0)).toBe(true);
  });

  it('is never negative, always finite, and has one value per day (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { maxLength: 120 }), fc.integer({ min: 0, max: 365 }), (history, horizon) => {
        const { values } = forecastDaily(history, horizon);
        expect(values).toHaveLength(horizon);
        for (const v of values) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stays within the range of the history for trend-free parameters (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 20 }), { minLength: 14, maxLength: 80 }), (history) => {
        const values = holtWintersForecast(history, 30, { alpha: 0.2, beta: 0, gamma: 0.1, phi: 0 });
        // Level and season are convex mixes of past values, so |forecast| stays within a few times the max.
        const max = Math.max(...history);
        for (const v of values) expect(v).toBeLessThanOrEqual(3 * max + 1e-9);
      }),
      { numRuns: 100 },
    );
  });

  it('forecasts a constant series as that constant', () => {
    const { values } = forecastDaily(Array.from({ length: 50 }, () => 4), 10);
    values.forEach((v) => expect(v).toBeCloseTo(4, 6));
  });

  it('tries a bounded grid of parameters', () => {
    expect(PARAMETER_GRID.length).toBeLessThanOrEqual(200);
    for (const p of PARAMETER_GRID) {
      for (const v of [p.alpha, p.beta, p.gamma, p.phi]) expect(v >= 0 && v <= 1).toBe(true);
    }
  });
});

describe('seasonalNaiveForecast and mase', () => {
  it('repeats the last week', () => {
    expect(seasonalNaiveForecast([9, 9, 1, 2, 3, 4, 5, 6, 7], 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    expect(seasonalNaiveForecast([3, 4], 2)).toEqual([4, 4]);
    expect(seasonalNaiveForecast([], 2)).toEqual([0, 0]);
  });

  it('scales the error by the in-sample seasonal-naive error', () => {
    const history = [1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1];
    // In-sample naive errors: |3-1| once over 7 steps → scale 2/7.
    expect(mase(history, [2, 2], [1, 3])).toBeCloseTo(1 / (2 / 7), 6);
    expect(mase([1, 1, 1, 1, 1, 1, 1, 1], [1], [1])).toBeNull();
  });
});
