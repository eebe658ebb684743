import type { Workshop } from '@kalinga/contracts/groups';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { WorkshopsPage } from './workshops-page';

const fetchMock = mockFetchEachTest();
beforeAll(() => initI18n(['groups']));

const FULL: Workshop = {
  uuid: 'w-1',
  name: 'Stress Management Before Exams',
  kind: 'workshop',
  category: { id: 1, name: 'Anxiety' },
  description: null,
  capacity: 3,
  seats_taken: 3,
  location_type: 'online',
  location: 'https://meet.example.test/w',
  audience: 'both',
  screening_required: false,
  frequency: 'once',
  facilitators: [{ id: 7, name: 'Dr. Carmen Villanueva' }],
  next_session: '2099-01-05T08:00:00.000Z',
  sessions_total: 1,
  sessions: [{ uuid: 's-1', index: 1, starts_at: '2099-01-05T08:00:00.000Z', local_date: '2099-01-05', duration_minutes: 60, status: 'scheduled' }],
  place: 'none',
  offer_expires_at: null,
};

/** Answers by address: the workshops (from `lists`, one per call), no group sessions, empty settings. */
function serve(lists: { status: number; body: unknown }[]) {
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/workshops') && (init?.method ?? 'GET') === 'GET') {
      const next = lists.length > 1 ? lists.shift()! : lists[0];
      return jsonResponse(next.status, next.body);
    }
    if (url.startsWith('/api/workshops/')) return jsonResponse(200, { data: { ...FULL, place: 'waiting' } });
    if (url.startsWith('/api/my-group-sessions')) return jsonResponse(200, { data: [] });
    return jsonResponse(200, { data: {} });
  });
}

describe('Workshops', () => {
  it('a full workshop offers the waitlist instead of sign-up, and joining posts to it', async () => {
    serve([{ status: 200, body: { data: [FULL] } }, { status: 200, body: { data: [{ ...FULL, place: 'waiting' }] } }]);
    renderWithQueries(<WorkshopsPage />);
    await screen.findByText('Stress Management Before Exams');
    expect(screen.getByTestId('seats-left').textContent).toBe('Full');
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/workshops/w-1/waitlist' && init?.method === 'POST')).toBe(true));
    await screen.findByRole('button', { name: 'Leave the waitlist' });
  });

  it('a seat held for the person says until when and offers to take it', async () => {
    serve([{ status: 200, body: { data: [{ ...FULL, place: 'offered', offer_expires_at: '2099-01-01T02:00:00.000Z' }] } }]);
    renderWithQueries(<WorkshopsPage />);
    expect((await screen.findByText(/A seat is held for you until/)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Take the seat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Let it go' })).toBeTruthy();
  });

  it('says so when nothing is open, and offers Try again when loading fails', async () => {
    serve([{ status: 500, body: {} }, { status: 200, body: { data: [] } }]);
    renderWithQueries(<WorkshopsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the workshops');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No workshops open');
  });
});
