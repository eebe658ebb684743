import 'fake-indexeddb/auto';
import type { NoticeRow } from '@kalinga/contracts/lending/notices';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { settingsKey, writeLocalSettings } from '../../../offline/settings-local';
import { clearStore } from '../../../test/lending-fixtures';
import { jsonResponse, renderWithQueries } from '../../../test/render';
import { NoticeLetterPage } from './notice-letter-page';

// The notice letter prints the details of the branch whose book holds the ticket, as the ticket does (decisions
// 0301, 0324): its name, address and BSP registration, not the company's.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => initI18n(['lending']));

const LOAN = '00000000-0000-4000-8000-0000000000b1';
const MAKATI = { name: 'Kalinga Pawnshop Makati', address: '455 Ayala Avenue, Makati City', bsp_registration: 'PS-07-2021-00982' };
const SITE = { site_name: 'Kalinga', pawnshop_name: 'Kalinga Pawnshop', pawnshop_address: 'Quezon City', bsp_registration: 'PS-07-2019-00417' };

const row = (branch: NoticeRow['branch']): NoticeRow => ({
  loan_uuid: LOAN, pawn_ticket_number: 'MKT-2026-000007', customer_uuid: 'c1', customer_name: 'Maria Santos', customer_address: 'Jaro',
  customer_language: 'en', customer_email: null, loan_date: '2026-09-01', maturity_date: '2026-10-01', expiry_date: '2026-12-31', loan_amount: 1000,
  status: 'active', amount_due: 1090, items: [{ description: 'Gold ring', appraisal_value: 5000 }], branch,
  notice: { sent_at: '2026-12-01T02:00:00Z', sent_by: 'Clerk', expiry_date: '2026-12-31', amount_due: 1090, email: null, email_status: 'none', email_error: null, auction: null },
});

function showLetter(branch: NoticeRow['branch']) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input) => (String(input).includes('/notice') ? jsonResponse(200, { data: row(branch) }) : jsonResponse(200, SITE))));
  renderWithQueries(<MemoryRouter initialEntries={[`/p/${LOAN}`]}><Routes><Route path="/p/:uuid" element={<NoticeLetterPage />} /></Routes></MemoryRouter>);
}

const letterText = async () => {
  await screen.findByRole('heading', { level: 1 });
  return document.querySelector('[data-letter]')?.textContent ?? '';
};

beforeEach(async () => {
  localStorage.clear();
  await clearStore();
  // The site settings as this device keeps them (the letter reads them offline too).
  await writeLocalSettings(settingsKey(null), SITE);
  await chooseOnDevice('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notice letter’s branch', () => {
  it('prints the ticket’s branch’s name, address and BSP registration', async () => {
    showLetter(MAKATI);
    const text = await letterText();
    expect(text).toContain(MAKATI.name);
    expect(text).toContain(MAKATI.address);
    expect(text).toContain(MAKATI.bsp_registration);
    expect(text).not.toContain(SITE.bsp_registration);
  });

  it('a ticket older than branches prints the pawnshop’s own details', async () => {
    showLetter(null);
    const text = await letterText();
    expect(text).toContain(SITE.pawnshop_name);
    expect(text).toContain(SITE.bsp_registration);
  });
});
