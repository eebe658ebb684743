import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../test/lending-fixtures';
import { settingsKey, writeLocalSettings } from '../../offline/settings-local';
import { TicketPage } from './ticket-page';
import { renderWithQueries } from '../../test/render';

// The printed ticket's Philippine fields (decision 0183): the redemption period and its terms, the advance interest,
// the written request of a low loan, the paper, and the reprint mark.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const gadgets = serverCategory({ title: 'Phones', loan_period_expiry: 30, fast_depreciating: true });
const loan = serverLoan({ expiry_date: '2026-12-31', written_request: true, loan_amount: 1000, appraisal_value: 5000 });

beforeEach(async () => {
  localStorage.clear();
  await clearStore();
  await keepSynced({ categories: [gadgets], customers: [serverCustomer({ address: 'Jaro, Iloilo City', id_type: 'PhilSys ID', id_number: '1234-5678' })], loans: [loan] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/t/${loan.uuid}`]}>
      <Routes>
        <Route path="/t/:uuid" element={<TicketPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the printed pawn ticket', () => {
  it('prints the shop’s BSP registration from the settings kept on the device, and says when it is not set', async () => {
    await writeLocalSettings(settingsKey(null), { site_name: 'Kalinga', business_name: 'Santos Pawnshop', business_address: 'Jaro', bsp_registration: 'BSP-PS-0042' });
    show();
    expect((await screen.findByTestId('ticket-shop-registration')).textContent).toBe('BSP registration: BSP-PS-0042');
    expect(screen.queryByText(/not set yet/)).toBeNull();
    cleanup();
    await writeLocalSettings(settingsKey(null), { site_name: 'Kalinga', business_name: 'Santos Pawnshop', business_address: null, bsp_registration: null });
    show();
    expect((await screen.findByRole('note')).textContent).toContain('the address and the BSP registration are not set yet');
    expect(screen.queryByTestId('ticket-shop-registration')).toBeNull();
  });

  it('carries the redemption period to its date, interest after maturity, the auction, the affidavit and no advance interest', async () => {
    show();
    const grace = await screen.findByTestId('ticket-grace');
    expect(grace.textContent).toContain('the pawner still has 30 days, until Dec 31, 2026, to redeem');
    expect(grace.textContent).toContain('a shorter period agreed for items that lose value fast, never under 30 days');
    expect(grace.textContent).toContain('on the principal plus the interest earned to maturity');
    const back = screen.getByTestId('ticket-terms-back').textContent;
    expect(back).toContain('public auction');
    expect(back).toContain('affidavit of loss');
    expect(screen.getByTestId('ticket-advance-interest').textContent).toBe('₱0.00');
    expect(screen.getByText('Jaro, Iloilo City')).toBeTruthy();
    expect(screen.getByText('PhilSys ID 1234-5678')).toBeTruthy();
  });

  it('says a shorter period was agreed from the ticket’s own dates, not from what its category says now', async () => {
    await keepSynced({ categories: [{ ...gadgets, fast_depreciating: false, version: gadgets.version + 1 }] });
    show();
    const grace = await screen.findByTestId('ticket-grace');
    expect(grace.textContent).toContain('the pawner still has 30 days');
    expect(grace.textContent).toContain('a shorter period agreed');
  });

  it('ticks the pawner’s written request for a loan below 30 % with a line to sign it', async () => {
    show();
    const request = await screen.findByTestId('ticket-written-request');
    expect(request.textContent).toContain('The pawner asked in writing for a loan below 30 % of the appraised value.');
    expect(request.textContent).toContain('Signature of pawner (Santos, Maria) for this request');
  });

  it('the first print is the original; every later print says REPRINT, also after the page is opened again', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show();
    const button = await screen.findByRole('button', { name: 'Print' });
    let marked: boolean | undefined;
    print.mockImplementationOnce(() => void (marked = screen.queryByTestId('ticket-reprint') !== null));
    fireEvent.click(button);
    expect(marked).toBe(false);
    await waitFor(() => expect(screen.getByTestId('ticket-reprint')).toBeTruthy());
    print.mockImplementationOnce(() => void (marked = screen.queryByTestId('ticket-reprint') !== null));
    fireEvent.click(screen.getByRole('button', { name: 'Reprint' }));
    expect(marked).toBe(true);
    expect(print).toHaveBeenCalledTimes(2);
    cleanup();
    show();
    expect(await screen.findByTestId('ticket-reprint')).toBeTruthy();
  });

  it('prints on A5 or an 80 mm receipt, the choice kept on the device', async () => {
    show();
    await screen.findByTestId('ticket-grace');
    const ticket = () => document.querySelector('[data-ticket]')!;
    expect(ticket().getAttribute('data-paper')).toBe('a5');
    expect(document.querySelector('style')!.textContent).toContain('size: A5 portrait');
    fireEvent.click(screen.getByRole('radio', { name: '80 mm receipt' }));
    expect(ticket().getAttribute('data-paper')).toBe('receipt');
    expect(document.querySelector('style')!.textContent).toContain('size: 80mm 297mm');
    cleanup();
    show();
    await screen.findByTestId('ticket-grace');
    expect(ticket().getAttribute('data-paper')).toBe('receipt');
  });
});
