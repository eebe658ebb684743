import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '../../test/fake-network';
import { useRaiseUrgentCase } from './use-raise-urgent-case';

// "I need help now" reaches the counselors whatever the network did to the first request (decision 0163).

const net = fakeNetwork(new Date('2026-11-26T01:00:00Z'));
const created = () => net.json(201, { id: 7, created: true });

describe('raising the urgent case from the crisis screen', () => {
  it('offline, it waits and sends when the network returns', async () => {
    net.online = false;
    net.fetchMock.mockResolvedValue(created());
    const { result } = renderHook(() => useRaiseUrgentCase(true, true, 20));
    expect(result.current.state).toBe('offline');
    expect(net.fetchMock).not.toHaveBeenCalled();
    act(() => net.setOnline(true));
    await waitFor(() => expect(result.current.state).toBe('told'));
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a request without a reply while the browser says online (no "online" event will come) is sent again', async () => {
    net.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(created());
    const { result } = renderHook(() => useRaiseUrgentCase(true, true, 20));
    await waitFor(() => expect(result.current.state).toBe('told'));
    expect(net.fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a refusal is not sent again on its own: the screen offers Try again', async () => {
    net.fetchMock.mockResolvedValue(net.json(500, { message: 'Server Error' }));
    const { result } = renderHook(() => useRaiseUrgentCase(true, true, 20));
    await waitFor(() => expect(result.current.state).toBe('failed'));
    await new Promise((r) => setTimeout(r, 60));
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });
});
