import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

function Probe({ value }: { value: string }) {
  return <p>{`[${useDebouncedValue(value)}]`}</p>;
}

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks for no timer on the first render, nor for a value typed back before the delay', () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const { rerender } = render(<Probe value="" />);
    expect(set).not.toHaveBeenCalled();
    rerender(<Probe value="a" />);
    expect(set).toHaveBeenCalledTimes(1);
    rerender(<Probe value="" />);
    expect(set).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('[]')).toBeTruthy();
  });

  it('gives the new value once it has stayed unchanged for the delay', () => {
    const { rerender } = render(<Probe value="" />);
    rerender(<Probe value="an" />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<Probe value="ana" />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('[]')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('[ana]')).toBeTruthy();
  });
});
