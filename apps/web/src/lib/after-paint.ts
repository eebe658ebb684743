import { useEffect, useState } from 'react';

// A part of a screen that its first paint does not need (a section lower down, its reads and its code) starts
// after the frame that draws the screen, not in front of it: Lighthouse counts every request that ends before the
// largest paint into it, and a phone's few connections and slow line are the screen's until then (decision 0362).

/** However the page goes (a tab in the background draws no frame), this is the most it waits. */
export const AFTER_PAINT_CAP_MS = 1000;

/**
 * Calls `done` once, in the task after the next frame has been painted (an animation frame runs just before the
 * paint; a task it queues runs after it), or AFTER_PAINT_CAP_MS from now at the latest. Returns a cancel function.
 */
export function afterNextPaint(done: () => void): () => void {
  let called = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (called) return;
    called = true;
    cancel();
    done();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => { task = setTimeout(once, 0); }) : undefined;
  const cap = setTimeout(once, AFTER_PAINT_CAP_MS);
  function cancel() {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(cap);
  }
  return () => {
    called = true;
    cancel();
  };
}

/** False in the first render and until the frame that drew it has been painted; true from then on. */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
