import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeNetwork } from '../../../test/fake-network';
import type { AuthUser } from '@kalinga/contracts/auth';
import { setUser } from '../../../session/auth-store';
import { prefetchLandingLists } from '../api/appointments-api';
import { AboveTheTabs } from './above-the-tabs';

// Only the screen's own catalog: the intake prompt's words are in it (decision 0371, helper i).
beforeAll(() => initI18n(['appointments']));

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

function renderAbove(who: { admin: boolean; client: boolean }, client = createQueryClient()) {
  listMounts = 0;
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

  // The prompt's words were the intake catalog's, asked for beside the status: one more request before the prompt, the
  // screen's largest paint. They are the Appointments catalog's now, loaded with the screen.
  it.each([
    ['en', 'Before your first session', 'Answer the questionnaire'],
    ['fil', 'Bago ang una mong session', 'Sagutan ang questionnaire'],
  ])("a client's prompt (%s) is drawn with the list from the screen's own catalog, no other asked for", async (language, title, link) => {
    net.fetchMock.mockResolvedValue(net.json(200, { mode: 'offered', done: false, requested: false }));
    await chooseOnDevice(language as 'en' | 'fil');
    try {
      renderAbove({ admin: false, client: true });
      await screen.findByText('the list');
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/intake');
      expect(net.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/api/screenings/status']);
    } finally {
      await chooseOnDevice('en');
    }
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

// A first open's reads end before its first paint, and a request the screen sets off as it draws is one more round trip
// in front of that paint on a slow phone (decision 0363).
describe('what the landing screen asks for at start-up', () => {
  const SETUP = { data: { counselor: true, schedule: false, category: false, clients: false } };
  const asked = (path: string) => net.fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path).length;
  function user(userType: string): AuthUser {
    return {
      id: 1, name: 'Alma', username: 'Alma', email: 'a@example.test', avatar: null, role: 'admin', roles: ['admin'], permissions: ['manage users'],
      user_type: userType, student_id: null, department: null, birth_date: null, status: 'active',
    } as AuthUser;
  }

  it('the checklist it asked for is not asked again as the screen first draws; an opening a while later asks again', async () => {
    net.fetchMock.mockImplementation(async () => net.json(200, SETUP));
    const client = createQueryClient();
    prefetchLandingLists(client, { setup: true, screening: false });
    await vi.waitFor(() => expect(client.getQueryState(['company-setup'])?.status).toBe('success'));
    expect(asked('/api/company/setup')).toBe(1);
    renderAbove({ admin: true, client: false }, client);
    await screen.findByText('the list');
    await act(async () => {});
    expect(asked('/api/company/setup')).toBe(1);
    cleanup();
    vi.setSystemTime(new Date(Date.now() + 6_000));
    renderAbove({ admin: true, client: false }, client);
    await vi.waitFor(() => expect(asked('/api/company/setup')).toBe(2));
  });

  it.each([
    ['personnel', 1],
    ['student', 1],
    ['counselor', 0],
  ])("a member's group sessions, which the Upcoming count includes, leave with the lists (%s)", async (userType, times) => {
    net.fetchMock.mockImplementation(async () => net.json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } }));
    setUser(user(userType));
    prefetchLandingLists(createQueryClient());
    await vi.waitFor(() => expect(asked('/api/appointments/counts')).toBe(1));
    expect(asked('/api/my-group-sessions')).toBe(times);
  });
});
