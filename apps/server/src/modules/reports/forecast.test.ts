import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastDaily, mase, seasonalNaiveForecast, SHORT_HISTORY_DAYS } from './forecast';
import { CANDIDATES, prepare } from './forecast-methods';
import { poisson, seededRandom } from '../../seed/random';

const WEEK = [6, 9, 10, 9, 7, 1, 0];

function meanAbsError(actual: readonly number[], predicted: readonly number[]): number {
  return actual.reduce((s, a, i) => s + Math.abs(a - predicted[i]), 0) / actual.length;
}

describe('forecastDaily: point forecasts', () => {
  it('recovers an exact weekly pattern', () => {
    const history = Array.from({ length: 70 }, (_, i) => WEEK[i % 7]);
    const { values } = forecastDaily(history, 21);
    values.forEach((v, i) => expect(v).toBeCloseTo(WEEK[(70 + i) % 7], 6));
  });

  it('keeps the weekly pattern aligned to the weekday when the history does not start on a week boundary', () => {
    const offset = 3;
    const history = Array.from({ length: 60 }, (_, i) => WEEK[(i + offset) % 7]);
    const { values } = forecastDaily(history, 7);
    values.forEach((v, i) => expect(v).toBeCloseTo(WEEK[(60 + i + offset) % 7], 6));
  });

  it('forecasts a noisy weekly pattern better than repeating last week', () => {
    const rand = seededRandom(7);
    let ours = 0;
    let naive = 0;
    for (let s = 0; s < 30; s++) {
      const all = Array.from({ length: 140 }, (_, i) => poisson(rand, WEEK[i % 7]));
      const history = all.slice(0, 112);
      const actual = all.slice(112);
      ours += meanAbsError(actual, forecastDaily(history, 28).values);
      naive += meanAbsError(actual, seasonalNaiveForecast(history, 28));
    }
    expect(ours).toBeLessThan(0.85 * naive);
  });

  it('keeps a plain level when there is no weekly pattern to find', () => {
    const rand = seededRandom(11);
    const picked = new Map<string, number>();
    for (let s = 0; s < 20; s++) {
      const history = Array.from({ length: 200 }, () => poisson(rand, 3));
      const { method } = forecastDaily(history, 30);
      picked.set(method, (picked.get(method) ?? 0) + 1);
    }
    expect(picked.get('mean-28') ?? 0).toBeGreaterThanOrEqual(15);
  });

  it('never carries a short rise a year ahead', () => {
    // Flat at 2 a day for most of the year, then a three-week climb to 10.
    const history = [...Array.from({ length: 300 }, () => 2), ...Array.from({ length: 21 }, (_, i) => 2 + (8 * (i + 1)) / 21)];
    const { values } = forecastDaily(history, 365);
    const recentMax = Math.max(...history.slice(-28));
    expect(Math.max(...values)).toBeLessThanOrEqual(recentMax);
    // The level a year ahead is the level now, not a continuation of the climb.
    expect(values[364]).toBeCloseTo(values[0], 6);
  });

  it('beyond a month, leaves the 28-day mean only on origins scored over weeks, not days', () => {
    // A plain weekly pattern: at 30 days its weekday shape is chosen from four weeks on.
    const weekly = (days: number) => Array.from({ length: days }, (_, i) => WEEK[i % 7]);
    expect(forecastDaily(weekly(100), 30).method).not.toBe('mean-28');
    // At 90 days, 100 days of history give only six past origins with 45 days or more after them: too few.
    expect(forecastDaily(weekly(100), 90).method).toBe('mean-28');
    expect(forecastDaily(weekly(100), 365).method).toBe('mean-28');
    // 120 days give nine, enough.
    expect(forecastDaily(weekly(120), 90).method).not.toBe('mean-28');
  });

  it('does not extrapolate a fall below zero', () => {
    const falling = Array.from({ length: 60 }, (_, i) => Math.max(0, 30 - i));
    const { values, lower } = forecastDaily(falling, 365);
    expect(values.every((v) => v >= 0)).toBe(true);
    expect(lower.every((v) => v >= 0)).toBe(true);
  });

  it('forecasts a constant series as that constant', () => {
    const { values } = forecastDaily(Array.from({ length: 50 }, () => 4), 10);
    values.forEach((v) => expect(v).toBeCloseTo(4, 6));
  });

  it('reads bad inputs (negative, not finite) as zero days', () => {
    const { values } = forecastDaily([...Array.from({ length: 40 }, () => 1), -5, Number.NaN, Number.POSITIVE_INFINITY, 1, 1, 1, 1], 7);
    values.forEach((v) => expect(Number.isFinite(v) && v >= 0).toBe(true));
  });
});

describe('forecastDaily: short histories', () => {
  it('does not read a first booking today as one a day', () => {
    const r = forecastDaily([1], 365);
    expect(r.method).toBe('short-history');
    expect(r.historyDays).toBe(1);
    // One appointment over four weeks, not one a day: about one in the next month.
    r.values.forEach((v) => expect(v).toBeCloseTo(1 / SHORT_HISTORY_DAYS, 6));
    expect(r.values.reduce((s, v) => s + v, 0)).toBeLessThan(14);
    r.upper.forEach((v) => expect(v).toBeLessThanOrEqual(1));
  });

  it('spreads a short history over four weeks, with a wider range when more came in', () => {
    const few = forecastDaily([2, 0, 1, 0, 0], 7);
    expect(few.values[0]).toBeCloseTo(3 / 28, 6);
    const busy = forecastDaily(Array.from({ length: 20 }, () => 3), 7);
    expect(busy.method).toBe('short-history');
    expect(busy.values[0]).toBeCloseTo(60 / 28, 6);
    expect(busy.upper[0]).toBeGreaterThan(busy.values[0]);
    expect(busy.lower[0]).toBeLessThanOrEqual(Math.floor(busy.values[0]));
  });

  it('uses the candidates from four weeks of history on, and forecasts 0 for no history', () => {
    expect(forecastDaily(Array.from({ length: SHORT_HISTORY_DAYS - 1 }, () => 1), 3).method).toBe('short-history');
    expect(forecastDaily(Array.from({ length: SHORT_HISTORY_DAYS }, () => 1), 3).method).not.toBe('short-history');
    expect(forecastDaily([], 3)).toMatchObject({ method: 'none', values: [0, 0, 0], lower: [0, 0, 0], upper: [0, 0, 0], historyDays: 0 });
  });
});

describe('forecastDaily: 80 % intervals', () => {
  // Ends may be fractional since decision 0286 (a hedge between two counts), so only their order is checked here.
  it('gives non-negative ends around the point on every day (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { maxLength: 150 }), fc.constantFrom(0, 1, 7, 30, 90, 365), (history, horizon) => {
        const { values, lower, upper } = forecastDaily(history, horizon);
        expect(values).toHaveLength(horizon);
        expect(lower).toHaveLength(horizon);
        expect(upper).toHaveLength(horizon);
        for (let i = 0; i < horizon; i++) {
          expect(Number.isFinite(values[i]) && values[i] >= 0).toBe(true);
          expect(Number.isFinite(lower[i]) && Number.isFinite(upper[i])).toBe(true);
          expect(lower[i]).toBeGreaterThanOrEqual(0);
          expect(lower[i]).toBeLessThanOrEqual(Math.round(values[i]));
          expect(upper[i]).toBeGreaterThanOrEqual(Math.round(values[i]));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('covers at least about 80 % of the days that follow, on low and high counts alike', () => {
    const rand = seededRandom(3);
    for (const scale of [0.6, 3, 40]) {
      let covered = 0;
      let days = 0;
      for (let s = 0; s < 25; s++) {
        const all = Array.from({ length: 260 }, (_, i) => poisson(rand, scale * (WEEK[i % 7] + 1) / 6));
        const history = all.slice(0, 230);
        const { lower, upper } = forecastDaily(history, 30);
        all.slice(230).forEach((a, i) => {
          days++;
          if (a >= lower[i] && a <= upper[i]) covered++;
        });
      }
      // At least 80 % give or take chance; more on low counts, where whole-count ends hold more than they must
      // (decision 0213), yet never the whole spread.
      expect(covered / days, `scale ${scale}`).toBeGreaterThan(0.74);
      expect(covered / days, `scale ${scale}`).toBeLessThan(0.97);
    }
  });

  it('closed at weekends: weekend days get 0–0 or 0–1, and the weekdays ranges that hold about 80 % of them', () => {
    // Every weekend day 0, Poisson on weekdays. The weekend's 0–0 holds every weekend day, so the whole range of days
    // is held more than 80 % (decision 0213 chooses each day's range by its interval score, not by the share of all
    // days held), while each weekday's own range stays an 80 % one.
    const rand = seededRandom(11);
    for (const mean of [2, 8]) {
      let weekdaysCovered = 0;
      let weekdays = 0;
      for (let s = 0; s < 40; s++) {
        const all = Array.from({ length: 270 }, (_, i) => (i % 7 >= 5 ? 0 : poisson(rand, mean)));
        const { lower, upper, values } = forecastDaily(all.slice(0, 240), 30);
        all.slice(240).forEach((a, i) => {
          // 0 to at most 1 (one end's tail share serves all seven days), or to the rounded forecast when that is a flat
          // level (the band holds the line drawn).
          if ((240 + i) % 7 >= 5) {
            expect(lower[i]).toBe(0);
            expect(upper[i]).toBeLessThanOrEqual(Math.max(1, Math.round(values[i])));
          }
          else {
            weekdays++;
            if (a >= lower[i] && a <= upper[i]) weekdaysCovered++;
          }
        });
      }
      expect(weekdaysCovered / weekdays, `mean ${mean}, weekdays`).toBeGreaterThan(0.75);
      expect(weekdaysCovered / weekdays, `mean ${mean}, weekdays`).toBeLessThan(0.95);
    }
  });

  it('gives a day that has been quiet for months the range 0–0', () => {
    // Weekdays busy, weekends empty but for a visit or two long ago: the interval score's best upper end is 0.
    const rand = seededRandom(9);
    const history = Array.from({ length: 200 }, (_, i) => (i % 7 >= 5 ? (i < 60 && rand() < 0.1 ? 1 : 0) : poisson(rand, 6)));
    const { lower, upper, values } = forecastDaily(history, 7);
    for (let i = 0; i < 7; i++) {
      if ((200 + i) % 7 >= 5) expect([lower[i], upper[i]], `day ${i}`).toEqual([0, 0]);
      else expect(upper[i], `day ${i}`).toBeGreaterThan(values[i]);
    }
  });

  it('widens the range for a series that is more spread than Poisson', () => {
    const rand = seededRandom(5);
    const calm = Array.from({ length: 200 }, () => poisson(rand, 5));
    const wild = Array.from({ length: 200 }, () => poisson(rand, rand() < 0.5 ? 1 : 9));
    const width = (h: number[]) => {
      const { lower, upper } = forecastDaily(h, 7);
      return upper[0] - lower[0];
    };
    expect(width(wild)).toBeGreaterThan(width(calm));
  });
});

describe('candidates', () => {
  it('include the three simple baselines, a plain level first', () => {
    const names = CANDIDATES.map((c) => c.name);
    expect(names[0]).toBe('mean-28');
    expect(names).toEqual(expect.arrayContaining(['seasonal-naive', 'weekday-mean-8w', 'level-4w-shape-52w']));
  });

  it('have a 3-week weekday median that ignores one week off and follows a change after two', () => {
    const median3 = CANDIDATES.find((c) => c.name === 'weekday-median-3w');
    if (!median3) throw new Error('no 3-week weekday median');
    const usual = [0, 0, 0, 0, 0, 6, 3];
    const moved = [0, 0, 0, 0, 4, 5, 0];
    const weekOf = (history: number[]) => {
      const week = new Float64Array(7);
      median3.forecast(prepare(history), history.length, week);
      return Array.from(week);
    };
    const weeks = (...list: number[][]) => list.flat();
    // Usual weeks, then one week off: still the usual week (seasonal naive would say zero all week).
    expect(weekOf(weeks(usual, usual, usual, usual, new Array<number>(7).fill(0)))).toEqual(usual);
    // After two weeks of a new pattern it follows the new one (the 8-week median keeps the old one for four).
    expect(weekOf(weeks(usual, usual, usual, usual, moved, moved))).toEqual(moved);
    expect(weekOf(weeks(usual, usual, usual, usual, moved))).toEqual(usual);
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

describe('forecastDaily: coverage floor beyond a month (decision 0286)', () => {
  it('widens a large count series interval beyond 30 days, where the season moves the level', () => {
    // About 200 a day with a slow seasonal swing and day-to-day noise: beyond 30 days each end may leave out only 7 %
    // of the past days, not 10 %, so the 90-day interval is wider than the 30-day one (they were the same before).
    const rand = seededRandom(5);
    const history = Array.from({ length: 365 }, (_, i) => poisson(rand, 200 + 30 * Math.sin((2 * Math.PI * i) / 365)));
    const month = forecastDaily(history, 30);
    const quarter = forecastDaily(history, 90);
    let wider = 0;
    for (let i = 0; i < 7; i++) {
      expect(quarter.upper[i] - quarter.lower[i]).toBeGreaterThanOrEqual(month.upper[i] - month.lower[i]);
      if (quarter.upper[i] - quarter.lower[i] > month.upper[i] - month.lower[i]) wider++;
    }
    expect(wider).toBeGreaterThan(0);
    // A small count series gets no floor: the same ranges at both horizons.
    const small = Array.from({ length: 365 }, () => poisson(rand, 0.5));
    expect(forecastDaily(small, 90).upper.slice(0, 7)).toEqual(forecastDaily(small, 30).upper.slice(0, 7));
  });
});
