// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_CAP_MS, afterNextPaint } from './after-paint';

/** Animation frames that run only when the test says the browser paints. */
function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => { frames[id - 1] = () => undefined; });
  return { paint: () => frames.splice(0).forEach((cb) => cb(0)) };
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('calls back in the task after the next frame, not before it and not in it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = heldFrames();
    const done = vi.fn();
    afterNextPaint(done);
    vi.advanceTimersByTime(100);
    expect(done).not.toHaveBeenCalled();
    frames.paint();
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_CAP_MS);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('calls back after the cap when no frame comes (a tab in the background), once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = heldFrames();
    const done = vi.fn();
    afterNextPaint(done);
    vi.advanceTimersByTime(AFTER_PAINT_CAP_MS);
    expect(done).toHaveBeenCalledTimes(1);
    frames.paint();
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = heldFrames();
    const done = vi.fn();
    afterNextPaint(done)();
    frames.paint();
    vi.advanceTimersByTime(AFTER_PAINT_CAP_MS);
    expect(done).not.toHaveBeenCalled();
  });
});
