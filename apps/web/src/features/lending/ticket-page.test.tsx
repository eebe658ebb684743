import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../test/lending-fixtures';
import { settingsKey, writeLocalSettings } from '../../offline/settings-local';
import { TicketPage } from './ticket-page';
import { db } from '../../offline/database';
import { renderWithQueries } from '../../test/render';

// The lending screens' messages, as the screens load them before drawing.
beforeAll(() => initI18n(['lending']));

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

  it('prints the pawnshop’s own name and address when Settings › Pawnshop gives them (decision 0220)', async () => {
    await writeLocalSettings(settingsKey(null), { site_name: 'Kalinga', business_name: 'Demo Counselling Centre', business_address: 'Quezon City', pawnshop_name: 'Kalinga Pawnshop', pawnshop_address: 'Kalayaan Avenue, Quezon City', bsp_registration: 'PS-1' });
    show();
    expect((await screen.findByTestId('ticket-shop')).textContent).toBe('Kalinga Pawnshop');
    expect(screen.getByTestId('ticket-shop-address').textContent).toBe('Kalayaan Avenue, Quezon City');
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

  it('records each print in the queue; a ticket printed on another device prints REPRINT here first time (decision 0216)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(async () => expect((await db.syncQueue.toArray()).map((e) => [e.operation, e.data.uuid, e.data.as_reprint])).toEqual([['RECORD_TICKET_PRINT', loan.uuid, false]]));
    cleanup();
    // Another device printed it: the server's copy says so, and this device's first print is a reprint.
    await clearStore();
    await keepSynced({ categories: [gadgets], customers: [serverCustomer()], loans: [{ ...loan, prints: 1, first_printed_at: '2026-11-20T02:00:00.000Z' }] });
    show();
    const button = await screen.findByRole('button', { name: 'Reprint' });
    let marked: boolean | undefined;
    print.mockImplementationOnce(() => void (marked = screen.queryByTestId('ticket-reprint') !== null));
    fireEvent.click(button);
    expect(marked).toBe(true);
    expect(screen.getByTestId('ticket-printed').textContent).toContain('First printed');
    await waitFor(async () => expect((await db.syncQueue.toArray()).map((e) => e.data.as_reprint)).toEqual([true]));
  });

  it('prints the interest deducted in advance when the ticket’s category took it (decision 0219)', async () => {
    await keepSynced({ loans: [{ ...loan, advance_interest: 30, amount_disbursed: 965, version: loan.version + 1 }] });
    show();
    expect((await screen.findByTestId('ticket-advance-interest')).textContent).toBe('₱30.00');
    expect(screen.getByTestId('ticket-net').textContent).toBe('₱965.00');
    expect(screen.getByTestId('ticket-terms-back').textContent).toContain('Interest deducted in advance: ₱30.00 (the first term’s, never more than one year’s');
  });

  it('says when two devices printed an original before either synced (decision 0216)', async () => {
    await keepSynced({ loans: [{ ...loan, prints: 2, print_conflict: true, version: loan.version + 1 }] });
    show();
    expect((await screen.findByTestId('ticket-print-conflict')).textContent).toContain('printed as an original on two devices');
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
