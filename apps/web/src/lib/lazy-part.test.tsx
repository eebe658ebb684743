import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, useOnceTrue } from './lazy-part';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('draws nothing until its code is there, then the component with its props; loads once', async () => {
    let resolve: (c: typeof Hello) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Hello>((r) => { resolve = r; }));
    const part = lazyPart(load);
    const { container } = render(<part.Part name="Ana" />);
    expect(container.innerHTML).toBe('');
    await act(async () => resolve(Hello));
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    render(<part.Part name="Ben" />);
    expect(screen.getByText('Hello Ben')).toBeTruthy(); // already loaded: drawn in the first render
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws at once when preloaded, and a failed load is tried again', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const part = lazyPart(load);
    await expect(part.preload()).rejects.toThrow('offline');
    await part.preload();
    render(<part.Part name="Cy" />);
    expect(screen.getByText('Hello Cy')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useOnceTrue', () => {
  function Probe({ value }: { value: boolean }) {
    return <p>{String(useOnceTrue(value))}</p>;
  }
  it('stays true once its value has been true', () => {
    const { rerender } = render(<Probe value={false} />);
    expect(screen.getByText('false')).toBeTruthy();
    rerender(<Probe value />);
    rerender(<Probe value={false} />);
    expect(screen.getByText('true')).toBeTruthy();
  });
});
