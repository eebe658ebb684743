import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeNetwork } from '../../../test/fake-network';
import { AboveTheTabs } from './above-the-tabs';

beforeAll(() => initI18n(['appointments', 'intake']));

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
afterEach(cleanup);

/** Stands for the tabs and the list: counts how often it is drawn afresh. */
let listMounts = 0;
function List() {
  useEffect(() => {
    listMounts += 1;
  }, []);
  return <p>the list</p>;
}

function renderAbove(who: { admin: boolean; client: boolean }) {
  listMounts = 0;
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AboveTheTabs {...who} loadingText="Loading appointments">
          <List />
        </AboveTheTabs>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('above the tabs of Appointments', () => {
  it('the list waits for the checklist, then both draw together', async () => {
    net.fetchMock.mockResolvedValue(net.json(200, { data: { counselor: true, schedule: false, category: false, clients: false } }));
    renderAbove({ admin: true, client: false });
    expect(screen.getByText('Loading appointments')).toBeTruthy();
    expect(screen.queryByText('the list')).toBeNull();
    await screen.findByText('the list');
    expect(screen.getByTestId('setup-checklist')).toBeTruthy();
    expect(screen.queryByText('Loading appointments')).toBeNull();
  });

  // Offline the checklist's and the prompt's asks fail at once: the list is drawn once and the failed asks are not
  // repeated without end (they were, each failure drawing the list afresh, and the screen never rested).
  it.each([
    ['an administrator', { admin: true, client: false }, ['company-setup']],
    ['a client', { admin: false, client: true }, ['screening-status']],
  ])('offline, %s gets the list once and the failed ask is not repeated', async (_who, who, key) => {
    net.online = false;
    const client = renderAbove(who);
    await screen.findByText('the list');
    // Whatever drawing the list set off (a part mounting, an ask starting) runs here.
    await act(async () => {});
    await act(async () => {});
    const state = client.getQueryState(key);
    expect(state?.status).toBe('error');
    expect(state?.fetchStatus).toBe('idle');
    expect(state?.errorUpdateCount).toBe(1);
    expect(listMounts).toBe(1);
    expect(net.fetchMock).not.toHaveBeenCalled();
  });
});
