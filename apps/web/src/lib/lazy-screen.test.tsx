import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>{`${label} ${n}`}</button>;
}

describe('lazyScreen', () => {
  it('draws a preloaded screen in the first render, without its Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const Screen = lazyScreen(load);
    await Screen.preload();
    render(<Suspense fallback={<p>skeleton</p>}><Screen label="Ready" /></Suspense>);
    // Synchronously after render: no act() flush, no fallback.
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeTruthy();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until the code is there, then the screen; a failed preload is tried again', async () => {
    let resolve: (c: typeof Counter) => void = () => undefined;
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(() => new Promise((r) => { resolve = r; }));
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    render(<Suspense fallback={<p>skeleton</p>}><Screen label="Later" /></Suspense>);
    expect(screen.getByText('skeleton')).toBeTruthy();
    await act(async () => resolve(Counter));
    expect(screen.getByRole('button', { name: 'Later 0' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a mounted screen (and its state) when a parent renders again after the code has loaded', async () => {
    let resolve: (c: typeof Counter) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise<typeof Counter>((r) => { resolve = r; }));
    function Parent({ tick }: { tick: number }) {
      return <Suspense fallback={<p>skeleton</p>}><Screen label={`Tick ${tick}`} /></Suspense>;
    }
    const { rerender } = render(<Parent tick={1} />);
    await act(async () => resolve(Counter));
    await act(async () => screen.getByRole('button', { name: 'Tick 1 0' }).click());
    rerender(<Parent tick={2} />);
    expect(screen.getByRole('button', { name: 'Tick 2 1' })).toBeTruthy();
  });
});
