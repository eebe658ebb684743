import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { fakeNetwork } from '../../test/fake-network';
import { SchedulePage } from './schedule-page';

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day, is_available: day === 'monday', start_time: '09:00', end_time: '17:00', break_start: '12:00', break_end: '13:00',
}));

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));

beforeAll(() => initI18n(['schedule']));

function renderPage() {
  // The application's own defaults: these decide whether a request waits for the network or fails.
  return render(<QueryClientProvider client={createQueryClient()}><SchedulePage /></QueryClientProvider>);
}

beforeEach(() => {
  net.fetchMock.mockImplementation(async (url) => (String(url).includes('/api/counselor/schedule') ? net.json(200, { schedule: WEEK, excluded_dates: [] }) : net.json(404, {})));
});
afterEach(() => {
  net.setOnline(true);
  cleanup();
});

describe('My Schedule without a connection', () => {
  it("opened offline, says 'You are offline' with Retry instead of loading forever", async () => {
    net.setOnline(false);
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert.textContent).toContain('You are offline');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Loading schedule...')).toBeNull();
    expect(net.fetchMock.mock.calls.some(([url]) => String(url).includes('/api/counselor'))).toBe(false);
  });

  it('saving offline fails at once, says why and keeps what was typed', async () => {
    renderPage();
    const start = (await screen.findByLabelText('Monday start time', {}, { timeout: 3000 })) as HTMLInputElement;
    fireEvent.change(start, { target: { value: '08:30' } });
    net.setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert.textContent).toContain('You are offline');
    expect(start.value).toBe('08:30');
    expect(screen.getByRole('button', { name: 'Save Schedule' })).toBeTruthy();
  });

  it("an unavailable day's times cannot be edited until the day is switched on", async () => {
    renderPage();
    const tuesday = (await screen.findByLabelText('Tuesday start time', {}, { timeout: 3000 })) as HTMLInputElement;
    expect(tuesday.disabled).toBe(true);
    expect((screen.getByLabelText('Monday start time') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Tuesday available'));
    expect(tuesday.disabled).toBe(false);
  });
});

describe('My Schedule when the server refuses', () => {
  it("a reply without a message of its own reads 'An error occurred' (spec), not the client's generic text", async () => {
    net.fetchMock.mockImplementation(async () => new Response('Forbidden', { status: 403, headers: { 'content-type': 'text/plain' } }));
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(alert.textContent).toContain('An error occurred');
    expect(alert.textContent).not.toContain('unexpected');
  });
});
