// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueChartWork } from './chart-queue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('queueChartWork', () => {
  it('runs one chart job per task, in the order asked', () => {
    const ran: string[] = [];
    queueChartWork(() => ran.push('category'));
    queueChartWork(() => ran.push('age'));
    queueChartWork(() => ran.push('department'));
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['category']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['category', 'age']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['category', 'age', 'department']);
  });

  it("runs a chart's second half before the charts still waiting", () => {
    const ran: string[] = [];
    queueChartWork(() => {
      ran.push('build category');
      queueChartWork(() => ran.push('draw category'), { next: true });
    });
    queueChartWork(() => ran.push('build age'));
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['build category', 'draw category']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['build category', 'draw category', 'build age']);
  });

  it('skips a cancelled job and goes on after a job that throws', () => {
    const ran: string[] = [];
    queueChartWork(() => {
      throw new Error('no canvas');
    });
    const cancel = queueChartWork(() => ran.push('cancelled'));
    queueChartWork(() => ran.push('last'));
    cancel();
    expect(() => vi.advanceTimersToNextTimer()).toThrow('no canvas');
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['last']);
  });
});
