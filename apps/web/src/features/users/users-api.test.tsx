import type { User } from '@kalinga/contracts/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetchEachTest } from '../../test/render';
import { useToggleStatus, useUsers } from './users-api';

// The newest answer wins (decision 0368): the users list's search read (drawn over the list before it, with no data
// of its own yet) left before a deactivation committed; after the deactivation's refresh the row shows inactive.

const fetchMock = mockFetchEachTest();

/** A server of one user whose list reads answer as the row stood when each read arrived; the first is held. */
function slowFirstRead() {
  let status: User['status'] = 'active';
  let release: () => void = () => undefined;
  let reads = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'PATCH') {
      status = status === 'active' ? 'inactive' : 'active';
      return jsonResponse(200, { data: { id: 7, status } });
    }
    const reply = jsonResponse(200, { data: [{ id: 7, name: 'Ana Cruz', status }], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } });
    if (url.startsWith('/api/users?') && reads++ === 0) await new Promise<void>((resolve) => (release = resolve));
    return reply;
  });
  return { release: () => release(), readsSent: () => reads };
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the users list after a change', () => {
  it('a deactivation settled while the search’s first read is on its way shows the row inactive', async () => {
    const server = slowFirstRead();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => ({ list: useUsers({ page: 1, search: 'Ana', role: '', user_type: '' }), toggle: useToggleStatus() }),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(server.readsSent()).toBe(1));
    await act(async () => {
      const toggled = result.current.toggle.mutateAsync(7);
      // The read that left before the deactivation answers after the deactivation's own refresh was asked for.
      await new Promise((resolve) => setTimeout(resolve, 0));
      server.release();
      await toggled;
    });
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(result.current.list.data?.data[0]?.status).toBe('inactive');
    expect(server.readsSent()).toBe(2);
  });
});
