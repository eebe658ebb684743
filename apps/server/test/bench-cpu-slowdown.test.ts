import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../../bench/cpu-slowdown';

// The Lighthouse bench's calibrated CPU slowdown (decision 0392): the Lighthouse team's calculator's points.
describe("the Lighthouse bench's CPU slowdown", () => {
  it('is 4x on the desktop Lighthouse assumes, more on a faster host and less on a slower one', () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
    expect(cpuSlowdownFor(1300)).toBeCloseTo(3, 5);
    expect(cpuSlowdownFor(1000)).toBeCloseTo(2.4, 5);
    expect(cpuSlowdownFor(800)).toBeCloseTo(2, 5);
    expect(cpuSlowdownFor(150)).toBeCloseTo(1, 5);
  });

  it('never speeds the host up, and refuses a missing index', () => {
    expect(cpuSlowdownFor(50)).toBe(1);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/benchmark index/);
  });

  it('rises with the host speed, with no step where the calculator changes formula', () => {
    for (let index = 160; index < 2500; index += 10) expect(cpuSlowdownFor(index + 10)).toBeGreaterThan(cpuSlowdownFor(index));
    expect(cpuSlowdownFor(1300) - cpuSlowdownFor(1299.999)).toBeLessThan(0.01);
    expect(cpuSlowdownFor(800) - cpuSlowdownFor(799.999)).toBeLessThan(0.01);
  });
});
