import type { AppointmentListReply } from '@kalinga/contracts/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { announceLiveChange, useLiveChange } from '../../../lib/live-change-events';
import { jsonResponse, mockFetchEachTest } from '../../../test/render';
import { useAppointments, useChangeStatus, useInvalidateAppointments } from './appointments-api';

// The newest answer wins: a list read that left before a change committed (here a search's first read, shown over
// the list before it) must not be the answer the screen keeps after the change.

const fetchMock = mockFetchEachTest();

/** A server of one appointment whose list reads are answered as the row stood when each read arrived; the first is held. */
function slowFirstRead() {
  let status = 'pending';
  let release: () => void = () => undefined;
  let reads = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'PUT') {
      status = (JSON.parse(String(init?.body)) as { status: string }).status;
      return jsonResponse(200, { data: { uuid: 'a-1', status } });
    }
    const reply = jsonResponse(200, { data: [{ uuid: 'a-1', status }], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } });
    if (url.startsWith('/api/appointments?') && reads++ === 0) await new Promise<void>((resolve) => (release = resolve));
    return reply;
  });
  return { release: () => release(), readsSent: () => reads };
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const statusShown = (data: AppointmentListReply | undefined) => data?.data[0]?.status;

describe('the appointments list after a change', () => {
  it('a confirm settled while the list’s first read is on its way shows the confirmed row, not the read that left before it', async () => {
    const server = slowFirstRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => ({ list: useAppointments({ status: 'pending', page: 1, search: 'Ana' }), change: useChangeStatus() }),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(server.readsSent()).toBe(1));
    await act(async () => {
      const confirmed = result.current.change.mutateAsync({ uuid: 'a-1', status: 'confirmed' });
      // The read that left before the confirm answers after the confirm's own refresh was asked for.
      await new Promise((resolve) => setTimeout(resolve, 0));
      server.release();
      await confirmed;
    });
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(statusShown(result.current.list.data)).toBe('confirmed');
  });

  it('a live change heard while the first read is on its way reads the list again', async () => {
    const server = slowFirstRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => {
        useLiveChange('appointments', useInvalidateAppointments());
        return useAppointments({ status: 'pending', page: 1, search: 'Ana' });
      },
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(server.readsSent()).toBe(1));
    // Another device confirmed it: the server committed, then signalled.
    await fetch('/api/appointments/a-1', { method: 'PUT', body: JSON.stringify({ status: 'confirmed' }) });
    act(() => announceLiveChange(['appointments']));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      server.release();
    });
    await waitFor(() => expect(statusShown(result.current.data)).toBe('confirmed'));
    expect(result.current.isFetching).toBe(false);
  });
});
