import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kalinga/contracts/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { jsonResponse, renderWithQueries, mockFetchEachTest } from '../../test/render';

const fetchMock = mockFetchEachTest();
// The section's messages, as the signed-in frame has them loaded before My Profile draws.
beforeAll(() => initI18n(['profile']));

function renderSection() {
  return renderWithQueries(<NotificationPreferencesSection />);
}
const toggle = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Profile › Notifications', () => {
  it('shows each kind with labelled in-app and email toggles, and saves the choices', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, DEFAULT_NOTIFICATION_PREFERENCES));
    renderSection();
    expect((await screen.findByRole('checkbox', { name: 'Appointment booked: by email' }) as HTMLInputElement).checked).toBe(true);
    expect(toggle('Appointment completed: in the app').checked).toBe(false);
    expect(toggle('Appointment reminder: by email').checked).toBe(true);

    fireEvent.click(toggle('Appointment booked: by email'));
    fireEvent.click(toggle('Appointment completed: in the app'));
    const expected = { ...DEFAULT_NOTIFICATION_PREFERENCES, booked: { in_app: true, email: false }, completed: { in_app: true, email: false } };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, expected));
    fireEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save Notification Settings' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toggle('Appointment booked: by email').checked).toBe(false);
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/me/notification-preferences');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ preferences: expected });
  });

  it('keeps the choices and says why when saving fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, DEFAULT_NOTIFICATION_PREFERENCES));
    renderSection();
    await screen.findByRole('checkbox', { name: 'Appointment cancelled: by email' });
    fireEvent.click(toggle('Appointment cancelled: by email'));
    fetchMock.mockResolvedValueOnce(jsonResponse(422, { message: 'The given data was invalid.', errors: { preferences: ['Invalid'] } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Notification Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The given data was invalid.');
    expect(toggle('Appointment cancelled: by email').checked).toBe(false);
  });

  it('offers Retry when loading fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, {})).mockResolvedValueOnce(jsonResponse(200, DEFAULT_NOTIFICATION_PREFERENCES));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An unexpected error occurred');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(12));
  });
});
