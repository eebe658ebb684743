import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { deviceDatabase } from '../../offline/database';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { PawnshopSettingsSection } from './pawnshop-settings-section';

// Settings › Pawnshop: the lending business's own name and address, printed on tickets and notices (decision 0220).

const SETTINGS = { site_name: 'Kalinga', site_logo: null, business_name: 'Demo Counselling Centre', business_address: 'Quezon City', timezone: 'Asia/Manila', bsp_registration: null, pawnshop_name: null, pawnshop_address: null, pawn_notice_days: 15, kyc_loan_threshold: null, pawn_auction_date: null, pawn_auction_place: null, updated_at: '2026-01-01T00:00:00.000Z' };
const fetchMock = mockFetchEachTest();

// The settings area's messages, as the signed-in frame has them loaded before the page draws.
beforeAll(() => initI18n(['settings']));
beforeEach(async () => {
  await deviceDatabase().settings.clear();
});

describe('the Pawnshop settings', () => {
  it('saves the pawnshop’s name and address with the registration; empty sends none', async () => {
    fetchMock.mockImplementation(async (_input, init) => (init?.method === 'POST' ? jsonResponse(200, { ...SETTINGS, ...JSON.parse(String(init.body)) }) : jsonResponse(200, SETTINGS)));
    renderWithQueries(<PawnshopSettingsSection />);
    fireEvent.change(await screen.findByLabelText('Pawnshop Name'), { target: { value: ' Kalinga Pawnshop ' } });
    fireEvent.change(screen.getByLabelText('Pawnshop Address'), { target: { value: 'Kalayaan Avenue, Quezon City' } });
    fireEvent.change(screen.getByLabelText('BSP Registration Number'), { target: { value: 'PS-07-2019-00417' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Pawnshop Settings' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ pawnshop_name: 'Kalinga Pawnshop', pawnshop_address: 'Kalayaan Avenue, Quezon City', bsp_registration: 'PS-07-2019-00417' });
    await waitFor(() => expect((screen.getByLabelText('Pawnshop Name') as HTMLInputElement).value).toBe('Kalinga Pawnshop'));
  });
});
