import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_CAP_MS } from './first-screen';

// Each test loads the module afresh: as before the first screen (docs/architecture.md#test-code).
let afterFirstScreen: typeof import('./first-screen').afterFirstScreen;

let painted = false;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  ({ afterFirstScreen } = await import('./first-screen'));
  painted = false;
  // A browser with paint timing (jsdom has none).
  vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['paint'] });
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => (painted ? [{ name: 'first-contentful-paint' }] : []) as never);
  document.body.innerHTML = '<main><div class="skeleton"></div></main>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function track(stage: 0 | 1 | 2 = 0): { done: boolean } {
  const state = { done: false };
  void afterFirstScreen(stage).then(() => (state.done = true));
  return state;
}

describe('what the first screen does not draw', () => {
  it('waits for a contentful paint and a page area without skeletons, then for an idle moment', async () => {
    const gate = track();
    await vi.advanceTimersByTimeAsync(1000);
    expect(gate.done).toBe(false);
    painted = true; // the frame's text is up, the screen still loading
    await vi.advanceTimersByTimeAsync(500);
    expect(gate.done).toBe(false);
    document.querySelector('.skeleton')!.remove();
    await vi.advanceTimersByTimeAsync(200);
    expect(gate.done).toBe(true);
  });

  it(`starts anyway ${FIRST_SCREEN_CAP_MS} ms after it was first asked (a hidden tab paints nothing)`, async () => {
    const gate = track();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS - 10);
    expect(gate.done).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(gate.done).toBe(true);
    // Once open, it stays open: a later start (a sign-in in the same page) does not wait.
    await expect(afterFirstScreen()).resolves.toBeUndefined();
  });

  it('opens the later stages in order, each after a quiet gap once the one before has run', async () => {
    const order: number[] = [];
    const engine = afterFirstScreen(2).then(() => order.push(2));
    void afterFirstScreen(1).then(() => order.push(1));
    void afterFirstScreen(0).then(() => order.push(0));
    painted = true;
    document.querySelector('.skeleton')!.remove();
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(order).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(order).toEqual([0]);
    await vi.advanceTimersByTimeAsync(600);
    expect(order).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1700);
    await engine;
    expect(order).toEqual([0, 1, 2]);
  });
});
