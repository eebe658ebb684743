import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice, initI18n } from '../../lib/i18n';
import { deviceDatabase } from '../../offline/database';
import { SettingsPage } from './settings-page';
import { jsonResponse, renderWithQueries } from '../../test/render';

const SETTINGS = {
  site_name: 'Kalinga',
  site_logo: null,
  business_name: 'Demo Centre',
  business_address: 'Quezon City',
  timezone: 'Asia/Manila',
  appointment_duration_minutes: 60,
  students_can_book: false,
  reminder_hours_before: 24,
  updated_at: '2026-01-01T00:00:00.000Z',
};

const FAILED_EMAIL = {
  id: 9,
  kind: 'booked',
  recipient_name: 'Carmen Cruz',
  recipient_email: 'carmen@example.test',
  status: 'failed',
  attempts: 5,
  due_at: '2026-11-23T01:00:00.000Z',
  last_error: '550 Mailbox unavailable',
  sent_at: null,
};
let deliveries: unknown = { email_configured: true, data: [] };
// The backups section's call (its own tests: backup-status-section.test.tsx).
const NO_BACKUPS = { last: null, running: null, last_success: null, schedule: { every_minutes: 24 * 60, keep: 7, next_at: null } };

function renderPage() {
  return renderWithQueries(
    <SettingsPage />,
  );
}

const fetchMock = vi.fn<typeof fetch>();
let online = true;

// The Safety section's own calls (answered above, so fetchMock sees the settings calls only).
const SAFETY = { intake_mode: 'off', crisis_contacts: [{ name: 'NCMH Crisis Hotline', number: '1553', hours: '24/7' }], next_steps: 'A counselor calls you back.', on_call_ids: [], escalation_minutes: 15, updated_at: '2026-11-01T00:00:00.000Z' };

// The Language section's messages, as the signed-in frame has them loaded before the page draws.
beforeAll(() => initI18n(['settings']));
beforeEach(async () => {
  await deviceDatabase().settings.clear();
  fetchMock.mockReset();
  deliveries = { email_configured: true, data: [] };
  // The email and backup sections' calls are answered here, so fetchMock sees the settings calls only.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith('/api/notifications/deliveries')
      ? Promise.resolve(jsonResponse(200, deliveries))
      : String(input).startsWith('/api/backups/status')
        ? Promise.resolve(jsonResponse(200, NO_BACKUPS))
        : String(input).startsWith('/api/safety-settings')
          ? Promise.resolve(jsonResponse(200, SAFETY))
          : String(input).startsWith('/api/case-note-settings')
            ? Promise.resolve(jsonResponse(200, { templates: ['dap', 'soap', 'free'], late_entry_days: 3, clients_read_signed_notes: false }))
          : String(input).startsWith('/api/users')
            ? Promise.resolve(jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } }))
            : fetchMock(input, init),
  );
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  // TanStack Query's online manager is global: leave it online for the next test.
  online = true;
  window.dispatchEvent(new Event('online'));
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Site Settings screen', () => {
  it('speaks Filipino when that is the language in use', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    await chooseOnDevice('fil');
    try {
      renderPage();
      expect(await screen.findByLabelText('Abiso sa Pagkansela (oras)', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Mga Setting ng Site' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'I-save ang mga Setting' })).toBeTruthy();
      expect(screen.queryByText('Save Settings')).toBeNull();
    } finally {
      await chooseOnDevice('en');
    }
    }, 15_000);

  it("says 'Failed to fetch settings' with Retry when loading fails, and loads on Retry", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom' })).mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    await screen.findByText('Failed to fetch settings', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(((await screen.findByLabelText('Site Name', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('Kalinga');
  });

  it('shows field messages and keeps the input when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS)).mockResolvedValueOnce(
      jsonResponse(422, { message: 'The appointment duration must be between 15 and 240 minutes.', errors: { appointment_duration_minutes: ['The appointment duration must be between 15 and 240 minutes.'] } }),
    );
    renderPage();
    const duration = (await screen.findByLabelText('Appointment Length (minutes)', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(duration, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('The appointment duration must be between 15 and 240 minutes.');
    expect(screen.getByRole('alert').textContent).toBe('Failed to update settings');
    expect(duration.value).toBe('500');
    const [, init] = fetchMock.mock.calls[1];
    expect(JSON.parse(String(init?.body))).toMatchObject({ appointment_duration_minutes: 500, site_name: 'Kalinga', timezone: 'Asia/Manila', students_can_book: false });
  });

  it('checks the cancellation notice before sending, keeps it, and sends a whole number of hours', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS)).mockResolvedValueOnce(jsonResponse(200, { ...SETTINGS, cancellation_notice_hours: 0 }));
    renderPage();
    const notice = (await screen.findByLabelText('Cancellation Notice (hours)', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(notice.value).toBe('24');
    for (const bad of ['', '1.5', '721']) {
      fireEvent.change(notice, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
      await screen.findByText('The cancellation notice must be a whole number of hours from 0 to 720 (0 lets clients cancel until the appointment starts).');
      expect(notice.value).toBe(bad);
      expect(notice.getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(notice, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toMatchObject({ cancellation_notice_hours: 0 });
  });

  it("refuses to save offline with 'Cannot update settings while offline'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    await screen.findByLabelText('Site Name', {}, { timeout: 5000 });
    online = false;
    window.dispatchEvent(new Event('offline'));
    await screen.findByText('Cannot update settings while offline');
    expect((screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('button', { name: 'Save Settings' }).closest('form')!);
    await waitFor(() => expect(screen.getAllByText('Cannot update settings while offline').length).toBeGreaterThan(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps what was saved on this device and shows it offline without a call', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS)).mockResolvedValueOnce(jsonResponse(200, { ...SETTINGS, site_name: 'Saved Name' }));
    const first = renderPage();
    fireEvent.change(await screen.findByLabelText('Site Name', {}, { timeout: 5000 }), { target: { value: 'Saved Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(async () => expect((await deviceDatabase().settings.toArray())[0]?.data.site_name).toBe('Saved Name'));
    first.unmount();
    online = false;
    renderPage();
    expect(((await screen.findByLabelText('Site Name', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('Saved Name');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects a file that is not an image before sending anything', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    const input = (await screen.findByLabelText('Site Logo', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    await screen.findByText('Please select an image file');
    expect(screen.queryByTestId('logo-preview')).toBeNull();
  });

  it('saves how many days back the counter may date a lending action (0 = today only), and refuses anything but 0 to 365', async () => {
    const withBackdate = { ...SETTINGS, lending_backdate_days: 7 };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, withBackdate)).mockResolvedValueOnce(jsonResponse(200, { ...withBackdate, lending_backdate_days: 0 }));
    renderPage();
    const days = (await screen.findByLabelText('Backdating of Lending Actions (days)', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(days.value).toBe('7');
    for (const bad of ['', '2.5', '366']) {
      fireEvent.change(days, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
      await screen.findByText('The days a lending action may be backdated must be a whole number from 0 (today only) to 365.');
      expect(days.getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toMatchObject({ lending_backdate_days: 0 });
  });

  it('saves the reminder hours, and refuses an emptied field without sending (it is not 0)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS)).mockResolvedValueOnce(jsonResponse(200, { ...SETTINGS, reminder_hours_before: 48 }));
    renderPage();
    const reminder = (await screen.findByLabelText('Reminder Before Appointments (hours)', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(reminder.value).toBe('24');
    fireEvent.change(reminder, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('The reminder time must be a number of hours.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reminder.value).toBe('');
    fireEvent.change(reminder, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toMatchObject({ reminder_hours_before: 48 });
    await waitFor(() => expect(screen.queryByText('The reminder time must be a number of hours.')).toBeNull());
  });

  it("says 'Email is not configured' and lists the failed and pending emails", async () => {
    deliveries = { email_configured: false, data: [FAILED_EMAIL] };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    expect(await screen.findByText('Email is not configured', {}, { timeout: 5000 })).toBeTruthy();
    const row = await screen.findByTestId('delivery');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('Appointment booked');
    expect(row.textContent).toContain('To Carmen Cruz <carmen@example.test>');
    expect(row.textContent).toContain('5 attempts');
    expect(row.textContent).toContain('Error: 550 Mailbox unavailable');
  });

  it("a group's email names no one (decision 0376): the server withholds its recipient, and the row says why", async () => {
    deliveries = { email_configured: true, data: [{ ...FAILED_EMAIL, kind: 'group_invite', recipient_name: null, recipient_email: null }] };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    const row = await screen.findByTestId('delivery', {}, { timeout: 5000 });
    expect(row.textContent).toContain('To someone in a group (not named here: who is in a group is confidential)');
    expect(row.textContent).not.toContain('null');
    expect(row.textContent).not.toContain('<');
  });

  it('names an email\'s kind in Filipino when that is the language in use', async () => {
    deliveries = { email_configured: true, data: [FAILED_EMAIL] };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    await chooseOnDevice('fil');
    try {
      renderPage();
      const row = await screen.findByTestId('delivery', {}, { timeout: 5000 });
      expect(row.textContent).toContain('Na-book ang appointment');
      expect(row.textContent).not.toContain('Appointment booked');
    } finally {
      await chooseOnDevice('en');
    }
  }, 15_000);

  it('says nothing is waiting when email is configured and no email failed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS));
    renderPage();
    expect(await screen.findByText('No failed or pending emails.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Email is not configured')).toBeNull();
  });
});
