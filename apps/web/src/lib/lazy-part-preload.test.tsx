import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Idle moments the test hands out one by one.
const idle: (() => void)[] = [];
vi.mock('./first-screen', () => ({
  afterFirstScreen: () => Promise.resolve(),
  whenIdle: (task: () => void) => {
    idle.push(task);
    return () => idle.splice(idle.indexOf(task), 1);
  },
}));
const { usePreloadWhenIdle } = await import('./lazy-part');

afterEach(cleanup);

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('usePreloadWhenIdle', () => {
  it('asks for one part per idle moment, the next once the one before has arrived (a failure included)', async () => {
    const loads = [deferred(), deferred(), deferred()];
    const parts = loads.map((d, i) => ({ preload: vi.fn(() => (i === 1 ? d.promise.then(() => Promise.reject(new Error('offline'))) : d.promise)) }));
    function Screen() {
      usePreloadWhenIdle(...parts);
      return null;
    }
    render(<Screen />);
    await act(async () => undefined);
    expect(idle).toHaveLength(1);
    await act(async () => idle.shift()!());
    expect(parts.map((p) => p.preload.mock.calls.length)).toEqual([1, 0, 0]);
    // Not before the first part's code is in.
    expect(idle).toHaveLength(0);
    await act(async () => loads[0].resolve());
    expect(idle).toHaveLength(1);
    await act(async () => idle.shift()!());
    await act(async () => loads[1].resolve());
    await act(async () => idle.shift()!());
    expect(parts.map((p) => p.preload.mock.calls.length)).toEqual([1, 1, 1]);
    await act(async () => loads[2].resolve());
    expect(idle).toHaveLength(0);
  });

  it('asks for nothing more once the screen is gone', async () => {
    const parts = [{ preload: vi.fn(() => Promise.resolve()) }, { preload: vi.fn(() => Promise.resolve()) }];
    function Screen() {
      usePreloadWhenIdle(...parts);
      return null;
    }
    const { unmount } = render(<Screen />);
    await act(async () => undefined);
    await act(async () => idle.shift()!());
    unmount();
    await act(async () => undefined);
    expect(idle).toHaveLength(0);
    expect(parts[1].preload).not.toHaveBeenCalled();
  });
});
