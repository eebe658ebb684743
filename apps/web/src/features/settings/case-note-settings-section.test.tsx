import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { CaseNoteSettingsSection } from './case-note-settings-section';

// Site Settings › Case notes (decision 0208): loading, error with Retry, the saved values, and a save.

const SAVED = { templates: ['dap', 'free'], late_entry_days: 5, clients_read_signed_notes: false };
const fetchMock = mockFetchEachTest();

// The settings area's messages, as the signed-in frame has them loaded before the page draws.
beforeAll(() => initI18n(['settings']));

describe('Case-note settings', () => {
  it('says it failed with Retry, then shows the saved values', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom' })).mockResolvedValueOnce(jsonResponse(200, SAVED));
    renderWithQueries(<CaseNoteSettingsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    const checkbox = (name: RegExp) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    await screen.findByRole('checkbox', { name: /^DAP/ });
    expect([checkbox(/^DAP/).checked, checkbox(/^SOAP/).checked, checkbox(/^Free text/).checked]).toEqual([true, false, true]);
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: /Late entry after/ }).value).toBe('5');
  });

  it('sends the whole set and shows the field message the server gives', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, SAVED))
      .mockResolvedValueOnce(jsonResponse(422, { message: 'The given data was invalid.', errors: { late_entry_days: ['Enter at most 90 days.'] } }));
    renderWithQueries(<CaseNoteSettingsSection />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^SOAP/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Late entry after/ }), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clients may read their own signed notes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Case-Note Settings' }));
    await screen.findByText('Enter at most 90 days.');
    const [, init] = fetchMock.mock.calls[1];
    expect(JSON.parse(String(init?.body))).toEqual({ templates: ['dap', 'free', 'soap'], late_entry_days: 120, clients_read_signed_notes: true });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: /Late entry after/ }).value).toBe('120'));
  });
});
