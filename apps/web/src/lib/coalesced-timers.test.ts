// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimers } from './coalesced-timers';

describe('coalescedTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each callback at its own delay, in due order, on one browser timer', () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const timers = coalescedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('gc'), 300_000);
    timers.setTimeout(() => ran.push('stale-a'), 30_000);
    // Due after the armed moment: no new browser timer.
    for (let i = 0; i < 20; i++) timers.setTimeout(() => ran.push(`stale-${i}`), 30_001 + i);
    expect(set).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(29_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['stale-a']);
    vi.advanceTimersByTime(20);
    expect(ran).toHaveLength(21);
    expect(ran.at(-1)).toBe('stale-19');
    vi.advanceTimersByTime(300_000);
    expect(ran.at(-1)).toBe('gc');
  });

  it("calls the browser's timer functions on the global object, as a browser requires", () => {
    // A browser's clearTimeout and setTimeout throw 'Illegal invocation' when called on anything but the window.
    const realClear = globalThis.clearTimeout;
    const realSet = globalThis.setTimeout;
    const strictClear = function (this: unknown, handle?: ReturnType<typeof setTimeout>) {
      if (this !== globalThis && this !== undefined) throw new TypeError('Illegal invocation');
      realClear(handle);
    };
    const strictSet = function (this: unknown, ...args: Parameters<typeof setTimeout>) {
      if (this !== globalThis && this !== undefined) throw new TypeError('Illegal invocation');
      return realSet(...args);
    };
    globalThis.clearTimeout = strictClear as typeof clearTimeout;
    globalThis.setTimeout = strictSet as typeof setTimeout;
    try {
      const timers = coalescedTimers();
      const ran: string[] = [];
      timers.setTimeout(() => ran.push('later'), 5000);
      // Due before the armed moment: the armed browser timer is cleared and an earlier one set.
      expect(() => timers.setTimeout(() => ran.push('sooner'), 1000)).not.toThrow();
      vi.advanceTimersByTime(5000);
      expect(ran).toEqual(['sooner', 'later']);
    } finally {
      globalThis.clearTimeout = realClear;
      globalThis.setTimeout = realSet;
    }
  });

  it('clears without calling the browser, and a cleared timer never runs', () => {
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const timers = coalescedTimers();
    const cb = vi.fn();
    const other = vi.fn();
    const id = timers.setTimeout(cb, 1000);
    timers.setTimeout(other, 2000);
    timers.clearTimeout(id);
    timers.clearTimeout(undefined);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(cb).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledOnce();
  });

  it('repeats an interval until cleared', () => {
    const timers = coalescedTimers();
    const tick = vi.fn();
    const id = timers.setInterval(tick, 100);
    vi.advanceTimersByTime(350);
    expect(tick).toHaveBeenCalledTimes(3);
    timers.clearInterval(id);
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('a callback that throws does not stop the others, and one cleared by an earlier callback does not run', async () => {
    const timers = coalescedTimers();
    const later = vi.fn();
    let secondId = 0;
    timers.setTimeout(() => timers.clearTimeout(secondId), 10);
    secondId = timers.setTimeout(later, 10);
    const after = vi.fn();
    timers.setTimeout(() => { throw new Error('boom'); }, 20);
    timers.setTimeout(after, 20);
    const reported = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    vi.advanceTimersByTime(20);
    expect(later).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledOnce();
    expect(await reported).toEqual(new Error('boom'));
  });

  it('arms a timer of the new kind when the browser timer functions were swapped (fake timers taken away)', () => {
    const timers = coalescedTimers();
    const early = vi.fn();
    // Armed on the fake clock, which the test then removes: that timer can never fire.
    timers.setTimeout(vi.fn(), 1000);
    vi.useRealTimers();
    vi.useFakeTimers();
    timers.setTimeout(early, 5000);
    vi.advanceTimersByTime(5000);
    expect(early).toHaveBeenCalledOnce();
  });
});
