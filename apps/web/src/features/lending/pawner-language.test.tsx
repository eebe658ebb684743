import 'fake-indexeddb/auto';
import type { NoticeRow } from '@kalinga/contracts/lending/notices';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { chooseOnDevice, initI18n } from '../../lib/i18n';
import { settingsKey, writeLocalSettings } from '../../offline/settings-local';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../test/lending-fixtures';
import { jsonResponse, renderWithQueries } from '../../test/render';
import { NoticeLetterPage } from './notices/notice-letter-page';
import { pawnerLanguage } from './pawner-language';
import { TicketPage } from './ticket-page';

// The printed ticket and the notice letter are in the pawner's language, not the clerk's screen's (decision 0316).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => initI18n(['lending']));

const category = serverCategory({ title: 'Jewelry', loan_period_expiry: 90 });
const loan = serverLoan({ expiry_date: '2026-12-31' });

async function keep(language: 'fil' | 'en' | null, siteDefault: 'fil' | 'en' | null = null) {
  await keepSynced({ categories: [category], customers: [serverCustomer({ language })], loans: [loan] });
  await writeLocalSettings(settingsKey(null), { site_name: 'Kalinga', business_name: 'Santos Pawnshop', default_language: siteDefault });
}

/** The page at the loan's uuid, as the router gives it. */
function show(page: ReactElement) {
  renderWithQueries(<MemoryRouter initialEntries={[`/p/${loan.uuid}`]}><Routes><Route path="/p/:uuid" element={page} /></Routes></MemoryRouter>);
}
const showTicket = () => show(<TicketPage />);

beforeEach(async () => {
  localStorage.clear();
  await clearStore();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await chooseOnDevice('en');
});

describe('pawnerLanguage', () => {
  it('is the pawner’s own, else the site’s default, else the screen’s', () => {
    expect(pawnerLanguage('fil', 'en', 'en')).toBe('fil');
    expect(pawnerLanguage('en', 'fil', 'fil')).toBe('en');
    expect(pawnerLanguage(null, 'fil', 'en')).toBe('fil');
    expect(pawnerLanguage(undefined, null, 'fil')).toBe('fil');
  });
});

describe('the printed ticket in the pawner’s language', () => {
  it('a Filipino-speaking pawner’s ticket printed from an English screen is in Filipino, terms and dates too; the controls stay English', async () => {
    await chooseOnDevice('en');
    await keep('fil');
    showTicket();
    const back = await screen.findByTestId('ticket-terms-back');
    expect(back.textContent).toContain('Mga tuntunin at kundisyon');
    expect(back.textContent).not.toContain('Terms and conditions');
    const article = document.querySelector('[data-ticket]');
    expect(article?.textContent).toContain('Nagsangla');
    expect(article?.textContent).toContain('Pawn Ticket');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByTestId('ticket-print-language').textContent).toBe("This ticket prints in Filipino, the pawner's language.");
  });

  it('an English-speaking pawner’s ticket printed from a Filipino screen is in English; the controls stay Filipino', async () => {
    await chooseOnDevice('fil');
    await keep('en', 'fil');
    showTicket();
    const back = await screen.findByTestId('ticket-terms-back');
    expect(back.textContent).toContain('Terms and conditions');
    expect(back.textContent).toContain('until Dec 31, 2026');
    expect(document.querySelector('[data-ticket]')?.textContent).toContain('Pawner');
    expect(screen.getByRole('button', { name: 'I-print' })).toBeTruthy();
  });

  it('a pawner with no language follows the site’s default, else the screen (no note then)', async () => {
    await chooseOnDevice('en');
    await keep(null, 'fil');
    showTicket();
    expect((await screen.findByTestId('ticket-terms-back')).textContent).toContain('Mga tuntunin at kundisyon');
    cleanup();
    await keep(null, null);
    showTicket();
    expect((await screen.findByTestId('ticket-terms-back')).textContent).toContain('Terms and conditions');
    expect(screen.queryByTestId('ticket-print-language')).toBeNull();
  });
});

describe('the notice letter in the pawner’s language', () => {
  const row = (language: 'fil' | 'en' | null): NoticeRow => ({
    loan_uuid: loan.uuid, pawn_ticket_number: 'PT-2026-000021', customer_uuid: 'c1', customer_name: 'Maria Santos', customer_address: 'Jaro',
    customer_language: language, customer_email: null, loan_date: '2026-09-01', maturity_date: '2026-10-01', expiry_date: '2026-12-31', loan_amount: 1000,
    status: 'active', amount_due: 1090, items: [{ description: 'Gold ring', appraisal_value: 5000 }],
    notice: { sent_at: '2026-12-01T02:00:00Z', sent_by: 'Clerk', expiry_date: '2026-12-31', amount_due: 1090, email: null, email_status: 'none', email_error: null, auction: null },
  });

  function showLetter(language: 'fil' | 'en' | null) {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input) => (String(input).includes('/notice') ? jsonResponse(200, { data: row(language) }) : jsonResponse(200, { site_name: 'Kalinga', business_name: 'Santos Pawnshop' }))));
    show(<NoticeLetterPage />);
  }

  it('a Filipino pawner’s letter printed from an English screen is in Filipino, its dates too', async () => {
    await chooseOnDevice('en');
    showLetter('fil');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toMatch(/^Abiso: matatapos sa .*2026 ang panahon ng pagtubos ng pawn ticket PT-2026-000021$/);
    expect(title.textContent).not.toContain('December');
    expect(document.querySelector('[data-letter]')?.textContent).toContain('Mahal na Maria Santos,');
    expect(screen.getByRole('button', { name: 'Print Letter' })).toBeTruthy();
  });

  it('an English pawner’s letter printed from a Filipino screen is in English', async () => {
    await chooseOnDevice('fil');
    showLetter('en');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Notice: the redemption period of pawn ticket PT-2026-000021 ends on Thursday, December 31, 2026');
    expect(document.querySelector('[data-letter]')?.textContent).toContain('This is to remind you that the redemption period of your pawn ticket PT-2026-000021 ends on Thursday, December 31, 2026.');
    expect(screen.getByRole('button', { name: 'I-print ang Sulat' })).toBeTruthy();
  });
});
