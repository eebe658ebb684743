import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { LanguageSettingsSection } from './language-settings-section';

// Site Settings › Language (decision 0246): unseen until the settings are in (the page's form shows their loading and
// failure), then the saved default, and a save that clears it.

const SETTINGS = { site_name: 'Kalinga', site_logo: null, business_name: null, business_address: null, timezone: 'Asia/Manila', default_language: 'fil', updated_at: '2026-11-28T00:00:00Z' };
const fetchMock = mockFetchEachTest();

beforeAll(() => initI18n(['settings']));

describe('Site Settings › Language', () => {
  it('shows the saved default once the settings are in, and saves "Each browser\'s language" as none', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SETTINGS)).mockResolvedValueOnce(jsonResponse(200, { ...SETTINGS, default_language: null }));
    const { container } = renderWithQueries(<LanguageSettingsSection />);
    expect(container.textContent).toBe('');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Default language' });
    expect(select.value).toBe('fil');
    expect([...select.options].map((o) => o.text)).toEqual(["Each browser's language", 'Filipino', 'English']);
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Language' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1];
    expect(String(url)).toContain('/api/settings');
    expect(JSON.parse(String(init?.body))).toEqual({ default_language: null });
  });

  it('shows the server\'s field message when the default is refused', async () => {
    // The settings may come from this device's copy (local-first): answer by method, however many reads there are.
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(422, { message: 'The given data was invalid.', errors: { default_language: ['The default language must be Filipino or English, or none.'] } })
        : jsonResponse(200, SETTINGS),
    );
    renderWithQueries(<LanguageSettingsSection />);
    await screen.findByRole('combobox', { name: 'Default language' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Language' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The default language must be Filipino or English, or none.');
  });
});
