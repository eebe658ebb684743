import type { Notification, NotificationListReply } from '@kalinga/contracts/notifications';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { NotificationBell } from './notification-bell';
import { jsonResponse, renderWithQueries } from '../../test/render';

const auth = vi.hoisted(() => ({ state: { status: 'authenticated', user: { id: 7, name: 'Carmen Cruz' }, companies: [] } as Record<string, unknown> }));
vi.mock('../../session/auth-store', () => ({ useAuth: () => auth.state }));
// The panel's times read on the centre's clock from the site settings: given here, as the signed-in frame has them in
// its cache. Left to load, the first test's settings request (the device copy, then the fake server) stopped the next
// test's refetch on focus from being asked.
vi.mock('../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

beforeAll(() => initI18n(['frame', 'notifications']));

function n(id: number, over: Partial<Notification> = {}): Notification {
  return { id, kind: 'booked', appointment_uuid: `appt-${id}`, appointment_date: '2026-11-24T01:00:00.000Z', previous_date: null, counselor_name: 'Carmen Cruz', client_name: `Client ${id}`, actor_name: `Client ${id}`, reason: null, created_at: new Date().toISOString(), read_at: null, ...over };
}

/** A fake /api/notifications: the inbox below, an ETag from its state, 304 when it matches, and mark-read. */
function fakeServer(initial: Notification[], pageSize = 20) {
  const server = { items: [...initial], calls: [] as { url: string; method: string; body?: unknown; etag?: string | null }[], failNext: 0 };
  const etag = () => `W/"${server.items.length}.${server.items.filter((x) => !x.read_at).length}"`;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.calls.push({ url: url.pathname + url.search, method: init?.method ?? 'GET', body, etag: headers.get('if-none-match') });
    if (server.failNext > 0) {
      server.failNext--;
      return jsonResponse(500, { message: 'An unexpected error occurred. Please try again.' });
    }
    if (url.pathname === '/api/notifications/read') {
      for (const x of server.items) if (!x.read_at && (body.all || body.ids.includes(x.id))) x.read_at = new Date().toISOString();
      return new Response(null, { status: 204 });
    }
    const before = Number(url.searchParams.get('before') ?? Infinity);
    const limit = Number(url.searchParams.get('limit') ?? pageSize);
    if (!url.searchParams.has('before') && headers.get('if-none-match') === etag()) return new Response(null, { status: 304, headers: { etag: etag() } });
    const sorted = server.items.filter((x) => x.id < before).sort((a, b) => b.id - a.id);
    const reply: NotificationListReply = { data: sorted.slice(0, limit).map((x) => ({ ...x })), unread: server.items.filter((x) => !x.read_at).length, has_more: sorted.length > limit };
    return jsonResponse(200, reply, { etag: etag() });
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  auth.state = { status: 'authenticated', user: { id: 7, name: 'Carmen Cruz' }, companies: [] };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  focusManager.setFocused(undefined);
});

function renderBell() {
  return renderWithQueries(
    <MemoryRouter>
      <NotificationBell />
      <button type="button">Elsewhere</button>
    </MemoryRouter>,
  );
}
const bell = () => screen.getByTestId('notification-bell');

describe('Notification bell', () => {
  it('shows the unread count in its name, lists newest first and closes on Escape back to the bell', async () => {
    fakeServer([n(1), n(2, { read_at: '2026-11-23T00:00:00.000Z' }), n(3, { kind: 'cancelled', reason: 'Exam clash' })]);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByTestId('notification');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Appointment cancelled (unread)'),
      expect.stringContaining('Appointment booked'),
      expect.stringContaining('Appointment booked (unread)'),
    ]);
    expect(items[0].textContent).toContain('Reason: Exam clash');
    expect(items[0].textContent).toContain('By Client 3');
    expect(within(items[0]).getByRole('link', { name: 'View appointment' }).getAttribute('href')).toBe('/appointments?open=appt-3');
    expect(document.activeElement?.textContent).toBe('Notifications');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('asks again with If-None-Match: a 304 changes nothing, a new notification raises the count without reloading', async () => {
    const server = fakeServer([n(1)]);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    act(() => { focusManager.setFocused(false); focusManager.setFocused(true); });
    await waitFor(() => expect(server.calls.length).toBe(2));
    expect(server.calls[1].etag).toBe('W/"1.1"');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    server.items.push(n(2));
    act(() => { focusManager.setFocused(false); focusManager.setFocused(true); });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    fireEvent.click(bell());
    expect((await within(await screen.findByRole('dialog', { name: 'Notifications' })).findAllByTestId('notification'))[0].textContent).toContain('Client 2');
  });

  it('marks one and then all read, lowering the count', async () => {
    const server = fakeServer([n(1), n(2), n(3)]);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    fireEvent.click(bell());
    const first = within(await screen.findByRole('dialog', { name: 'Notifications' })).getAllByTestId('notification')[0];
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [3] });
    expect(within(first).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(server.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ all: true });
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads older notifications with Load more', async () => {
    const server = fakeServer(Array.from({ length: 25 }, (_, i) => n(i + 1)));
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 25 unread'));
    fireEvent.click(bell());
    expect(within(await screen.findByRole('dialog', { name: 'Notifications' })).getAllByTestId('notification')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getAllByTestId('notification')).toHaveLength(25));
    expect(server.calls.at(-1)?.url).toBe('/api/notifications?before=6&limit=20');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the error with Retry when the first load fails, and the empty state after', async () => {
    const server = fakeServer([]);
    server.failNext = 1;
    renderBell();
    fireEvent.click(bell());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An unexpected error occurred');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });

  it('offline: keeps the last list, asks nothing and shows no error', async () => {
    const server = fakeServer([n(1)]);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    online = false;
    act(() => { window.dispatchEvent(new Event('offline')); });
    const asked = server.calls.length;
    act(() => { focusManager.setFocused(false); focusManager.setFocused(true); });
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByTestId('notification')).toHaveLength(1);
    expect(panel.textContent).toContain('You are offline. These are the last notifications loaded.');
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect((within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    // A failed poll (rawRequest refuses at once offline) leaves no error message behind.
    await waitFor(() => expect(server.calls.length).toBe(asked));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('signed in from this device only: asks nothing and says so', async () => {
    const server = fakeServer([n(1)]);
    auth.state = { ...auth.state, status: 'offline' };
    renderBell();
    fireEvent.click(bell());
    expect((await screen.findByRole('dialog', { name: 'Notifications' })).textContent).toContain('You are offline. Notifications will show when the connection returns.');
    expect(server.calls).toHaveLength(0);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });
});
