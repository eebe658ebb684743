import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadedWhen } from './load-when';

afterEach(() => vi.restoreAllMocks());

describe('a part of the frame loaded later', () => {
  it('is not asked for before `when`, and a failed load is tried again when the network returns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ name: 'live' });
    const { result, rerender } = renderHook(({ when }) => useLoadedWhen(load, when), { initialProps: { when: false } });
    expect(load).not.toHaveBeenCalled();
    rerender({ when: true });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toEqual({ name: 'live' }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
