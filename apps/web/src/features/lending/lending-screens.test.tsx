import 'fake-indexeddb/auto';
import type { AuthUser } from '@kalinga/contracts/auth';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmHost } from '../../components/ui/confirm-dialog';
import { db } from '../../offline/database';
import { STATE_ALL } from '../../offline/initial-sync';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverItem, serverLoan, serverTransaction } from '../../test/lending-fixtures';
import type { LocalTransaction } from '../../offline/db';
import { RegisterList } from './components/register-list';
import { setUser } from '../../session/auth-store';
import { CustomersPage } from './customers-page';
import { ItemsPage } from './items-page';
import { LoanPage } from './loan-page';
import { LoansPage } from './loans-page';
import { NewLoanPage } from './new-loan-page';

// The lending screens' messages, as the screens load them before drawing.
beforeAll(() => initI18n(['lending', 'vault']));

// The screens over the real local store (fake-indexeddb) and the real write API: what a clerk sees and does.
// IndexedDB answers late on a loaded machine: wait up to 5 s for what should appear.
configure({ asyncUtilTimeout: 5000 });
// A test waits several times: its own limit is above one wait's.
vi.setConfig({ testTimeout: 20_000 });

const NOW = new Date('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
const manager: AuthUser = {
  id: 1, name: 'Clerk', username: 'clerk', email: 'c@x.test', avatar: null, role: 'admin', roles: ['admin'],
  permissions: ['view lending', 'manage lending'], user_type: 'personnel', student_id: null, department: null, birth_date: null, status: 'active',
};

function at(path: string, route: string, element: React.ReactNode) {
  // The server's reads (a loan's items' photos) as the app makes them: a query client of the test's own.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <ConfirmHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
  await clearStore();
  setUser(manager);
  await keepSynced({ categories: [serverCategory()] });
  // The book is on this device (its first sync finished): an empty list means an empty shop.
  await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c1', lastId: 0, dataVersion: 1, totalRecords: 1, synced_at: NOW.toISOString() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Customers', () => {
  it('starts empty with the first action, validates, and lists a new customer as pending', async () => {
    at('/c', '/c', <CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Customer' }));
    const drawer = screen.getByTestId('drawer');
    fireEvent.change(within(drawer).getByLabelText(/First name/), { target: { value: 'Liza' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Customer' }));
    expect(await within(drawer).findByText('The last name field is required.')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText(/Last name/), { target: { value: 'Soberano' } });
    fireEvent.change(within(drawer).getByLabelText('Phone number'), { target: { value: '0917 555' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Customer' }));
    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(within(list).getByText('Soberano, Liza')).toBeTruthy();
    expect(within(list).getByTestId('sync-state').textContent).toBe('Pending');
    expect(await db.syncQueue.where('operation').equals('CREATE_CUSTOMER').count()).toBe(1);
  });

  it('before the first sync finished, says the customers are still downloading, never "No customers yet"', async () => {
    await db.syncState.clear();
    at('/c', '/c', <CustomersPage />);
    expect(await screen.findByText('Customers are still downloading')).toBeTruthy();
    expect(screen.getByTestId('first-sync').textContent).toContain("The shop's book is not on this device yet");
    expect(screen.queryByText('No customers yet')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Your First Customer' })).toBeNull();
  });

  it('hides writing controls from a reader', async () => {
    setUser({ ...manager, permissions: ['view lending'] });
    await keepSynced({ customers: [serverCustomer()] });
    at('/c', '/c', <CustomersPage />);
    expect(await screen.findByText('Santos, Maria')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Customer|Edit/ })).toBeNull();
  });
});

describe('New pawn ticket', () => {
  it('previews the rules figures and refuses a loan above the appraisal', async () => {
    await keepSynced({ customers: [serverCustomer()] });
    at(`/n?customer=${serverCustomer().uuid}`, '/n', <NewLoanPage />);
    expect(await screen.findByTestId('picked-customer')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Description of item 1'), { target: { value: 'Gold ring' } });
    fireEvent.change(screen.getByLabelText('Category of item 1'), { target: { value: serverCategory().uuid } });
    fireEvent.change(screen.getByLabelText('Appraised value of item 1 (PHP)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Loan amount (PHP)'), { target: { value: '3000' } });
    const preview = screen.getByTestId('ticket-preview');
    expect(preview.textContent).toContain('₱5.00'); // service charge: 1 %, at most PHP 5.00
    expect(preview.textContent).toContain('₱2,995.00'); // net proceeds
    expect(preview.textContent).toContain('₱90.00'); // one month at 3 %
    expect(preview.textContent).toContain('Dec 23, 2026');
    fireEvent.change(screen.getByLabelText('Loan amount (PHP)'), { target: { value: '6,000' } });
    // Said beside the amount, which is marked.
    const amountField = screen.getByLabelText('Loan amount (PHP)');
    expect(amountField.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('ticket-amount-error')!.textContent).toBe('The loan amount may not be greater than the appraised value of the items.');
    fireEvent.change(screen.getByLabelText('Loan amount (PHP)'), { target: { value: '3,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Pawn Ticket' }));
    await screen.findByText('elsewhere');
    const [loan] = await db.loans.toArray();
    expect(loan.pawn_ticket_number ?? null).toBeNull();
    expect(loan).toMatchObject({ loan_amount: 3000, amount_disbursed: 2995, sync_status: 'pending' });
  });

  it('marks each field beside itself, reads "12,500", keeps a new item\'s category empty and says which terms apply', async () => {
    const phones = serverCategory({ uuid: '00000000-0000-4000-8000-0000000000c9', id: 9, title: 'Phones', interest_rate: 4, loan_period: 30, loan_period_type: 'day' });
    await keepSynced({ customers: [serverCustomer()], categories: [phones] });
    at('/n', '/n', <NewLoanPage />);
    const search = await screen.findByRole('searchbox');
    fireEvent.change(screen.getByLabelText('Description of item 1'), { target: { value: 'Gold ring' } });
    fireEvent.change(screen.getByLabelText('Category of item 1'), { target: { value: serverCategory().uuid } });
    fireEvent.change(screen.getByLabelText('Appraised value of item 1 (PHP)'), { target: { value: 'abc' } });
    // "abc" is flagged beside its field at once, before any save.
    const appraisal = screen.getByLabelText('Appraised value of item 1 (PHP)');
    expect(appraisal.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(appraisal.getAttribute('aria-describedby')!)!.textContent).toBe('The appraised value of item 1 must be an amount, like 12,500 or 12,500.50.');
    fireEvent.change(appraisal, { target: { value: '12,500' } });
    expect(appraisal.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
    expect((screen.getByLabelText('Category of item 2') as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save Pawn Ticket' }));
    // Every missing field is marked beside itself; focus goes to the first.
    expect(await screen.findByText('Choose the customer.')).toBeTruthy();
    expect(screen.getByText('Describe item 2.')).toBeTruthy();
    expect(screen.getByText('Choose the category of item 2.')).toBeTruthy();
    expect(screen.getByText('Enter the appraised value of item 2.')).toBeTruthy();
    expect(screen.getByText('Enter the loan amount.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(search));
    fireEvent.change(screen.getByLabelText('Category of item 2'), { target: { value: phones.uuid } });
    expect(screen.getByTestId('ticket-terms').textContent).toContain("Terms of Jewelry (item 1’s category), for every item of this ticket");
    expect(screen.getByTestId('other-terms').textContent).toContain('Item 2 is Phones: it is held under the terms of Jewelry');
    // Choosing the customer puts the clerk in item 1's description, not on <body>.
    fireEvent.change(search, { target: { value: 'maria' } });
    fireEvent.click(await screen.findByRole('button', { name: /Santos, Maria/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Description of item 1')));
  });
});

describe('Loan page', () => {
  it('offers only what the rules allow and confirms a redemption with its amount', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan()] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect(await screen.findByTestId('due-redeem')).toBeTruthy();
    expect(screen.getByTestId('due-interest').textContent).toBe('₱90.00');
    expect(screen.getByTestId('due-redeem').textContent).toBe('₱3,090.00');
    expect(screen.getByRole('button', { name: 'Renew' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forfeit' })).toBeNull(); // not expired yet
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect((await screen.findByText(/the pawner pays ₱3,090.00/)).textContent).toContain('principal ₱3,000.00, interest ₱90.00, penalty ₱0.00');
    fireEvent.click(screen.getByRole('button', { name: 'Redeem for ₱3,090.00' }));
    await waitFor(() => expect(screen.getByTestId('loan-status').textContent).toBe('Redeemed'));
    expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
    expect(screen.getAllByTestId('sync-state')[0].textContent).toBe('Pending');
  });

  it('shows one renewal amount, with its parts, on the page and in the confirmation', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan()] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    // Interest ₱90.00 (3 % of ₱3,000 for the month started), no penalty, the new ticket's charge ₱5.00.
    expect((await screen.findByTestId('due-renew')).textContent).toBe('₱95.00');
    expect(screen.getByTestId('due-renew-parts').textContent).toBe('interest ₱90.00, penalty ₱0.00, service charge of the new ticket ₱5.00');
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect((await screen.findByText(/the pawner pays ₱95.00 today/)).textContent).toContain('(interest ₱90.00, penalty ₱0.00, service charge of the new ticket ₱5.00)');
    expect(screen.getByRole('button', { name: 'Renew for ₱95.00' })).toBeTruthy();
  });

  it('pay interest and extend: one amount with its parts and the new dates, on the page and in the confirmation; then the ticket to reprint', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan()] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    // Before the Dec 1 maturity the month's interest ₱90.00 pays for the term; no service charge (no new ticket).
    expect((await screen.findByTestId('due-extend')).textContent).toBe('₱90.00');
    expect(screen.getByTestId('due-extend-parts').textContent).toBe('interest ₱90.00, penalty ₱0.00; then due Jan 1, 2027, redeemable until Apr 1, 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Pay interest and extend' }));
    const text = (await screen.findByText(/the pawner pays ₱90.00 today/)).textContent;
    expect(text).toContain('(interest ₱90.00, penalty ₱0.00)');
    expect(text).toContain('matures on Jan 1, 2027 and may be redeemed until Apr 1, 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Extend for ₱90.00' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(await db.loans.get(serverLoan().uuid)).toMatchObject({ maturity_date: '2027-01-01', expiry_date: '2027-04-01', extensions: 1, sync_status: 'pending' });
  });

  it('shows no extension where the category does not allow it, and how often a ticket was extended', async () => {
    await keepSynced({ categories: [serverCategory({ is_extendable: false })], customers: [serverCustomer()], loans: [serverLoan({ extensions: 2, interest_from: '2026-12-01' })] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect((await screen.findByTestId('loan-extended')).textContent).toBe('2 times; interest paid to Dec 1, 2026');
    expect(screen.queryByRole('button', { name: 'Pay interest and extend' })).toBeNull();
    expect(screen.queryByTestId('due-extend')).toBeNull();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeTruthy();
  });

  it('offers Forfeit (and no Renew) on an expired loan', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ loan_date: '2026-06-01', maturity_date: '2026-07-01', expiry_date: '2026-09-29' })] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect(await screen.findByRole('button', { name: 'Forfeit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(screen.getByText('Expired: it can be redeemed or forfeited.')).toBeTruthy();
    expect(screen.getByTestId('loan-status').textContent).toBe('Expired: may be forfeited');
  });

  it('says when the category changed after the ticket was printed (the ticket keeps its terms)', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ terms_changed: true, interest_rate: 4 })] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect((await screen.findByTestId('terms-changed')).textContent).toContain('keeps the terms it was printed with');
    expect(screen.getByText('4% a month')).toBeTruthy();
  });

  it('shows Redeem and Forfeit disabled, with the reason, while an item travels to another branch (decisions 0323, 0338)', async () => {
    const travelling = serverItem({ uuid: '00000000-0000-4000-8000-0000000000a2', branch_id: 1, in_transit: true });
    // Expired and notified: the date allows both; the item on its way holds them back. Renewing stays allowed.
    const loan = serverLoan({ loan_date: '2026-06-01', maturity_date: '2026-07-01', expiry_date: '2026-09-29', notice_sent_at: '2026-09-15T00:00:00.000Z', items: [serverItem(), travelling] });
    await keepSynced({ customers: [serverCustomer()], loans: [loan] });
    at(`/l/${loan.uuid}`, '/l/:uuid', <LoanPage />);
    const reason = await screen.findByTestId('actions-in-transit');
    expect(reason.textContent).toBe('An item of this ticket is on its way to another branch: it can be redeemed, forfeited or sold once that branch receives it.');
    // Which one: its row in the ticket's items says so.
    expect(screen.getAllByTestId('item-in-transit-badge').map((b) => b.closest('li')?.textContent)).toEqual([expect.stringContaining('On its way to another branch')]);
    for (const name of ['Redeem', 'Forfeit']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
    // Received at the other branch: both are offered again.
    await db.items.update(travelling.uuid, { in_transit: false, branch_id: 2 });
    await waitFor(() => expect(screen.queryByTestId('actions-in-transit')).toBeNull());
    expect(screen.queryByTestId('item-in-transit-badge')).toBeNull();
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Forfeit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps Renew open while an item travels, and says why Redeem waits', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ items: [serverItem({ branch_id: 1, in_transit: true })] })] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect(await screen.findByTestId('actions-in-transit')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Renew' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Forfeit' })).toBeNull(); // not expired: not offered at all
  });

  it('says nothing of terms when the ticket took the category’s current ones', async () => {
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan()] });
    at(`/l/${serverLoan().uuid}`, '/l/:uuid', <LoanPage />);
    expect(await screen.findByTestId('due-redeem')).toBeTruthy();
    expect(screen.queryByTestId('terms-changed')).toBeNull();
  });
});

describe('Items', () => {
  it('puts a forfeited item up for sale and sells it', async () => {
    const uuid = serverLoan().uuid;
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ status: 'forfeited', items: [serverItem({ loan_uuid: uuid, status: 'forfeited', market_value: 10174.13 })] })] });
    at('/i', '/i', <ItemsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set Selling Price: Gold ring 18k' }));
    // A round price near the market value is suggested, written as people write it.
    expect((screen.getByLabelText(/Selling price/) as HTMLInputElement).value).toBe('10,200');
    fireEvent.change(screen.getByLabelText(/Selling price/), { target: { value: '6,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Put Up for Sale' }));
    expect(await screen.findByText('No forfeited items')).toBeTruthy();
    expect(await db.items.get(serverItem().uuid)).toMatchObject({ status: 'for_sale', selling_price: 6500 });
  });

  it('holds back the sale of a forfeited item on its way to another branch, saying why (decision 0323)', async () => {
    const uuid = serverLoan().uuid;
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ status: 'forfeited', items: [serverItem({ loan_uuid: uuid, status: 'forfeited', branch_id: 1, in_transit: true })] })] });
    at('/i', '/i', <ItemsPage />);
    const button = (await screen.findByRole('button', { name: 'Set Selling Price: Gold ring 18k' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = screen.getByTestId('item-in-transit');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(reason.textContent).toMatch(/^An item of this ticket is on its way to another branch/);
  });

  it("shows a sale's day on the counter's clock: sold at 01:30 in Manila is that day, not UTC's day before (decision 0373)", async () => {
    const uuid = serverLoan().uuid;
    const sold = serverItem({ loan_uuid: uuid, status: 'sold', sold_at: '2026-11-22T17:30:00.000Z', final_selling_price: 6500, buyer_name: 'Lorna Buyer' });
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan({ status: 'forfeited', items: [sold] })] });
    at('/i?tab=sold', '/i', <ItemsPage />);
    const row = await screen.findByTestId('item-row');
    await waitFor(() => expect(row.textContent).toContain('Nov 23, 2026'));
    expect(row.textContent).not.toContain('Nov 22');
  });
});

describe('the register', () => {
  it("shows an entry stored without its day on the counter's clock: written at 01:30 in Manila is that day (decision 0373)", async () => {
    // A row stored before entries carried entry_date: the device drops empty fields, so it has none.
    const { entry_date: _dropped, ...stored } = serverTransaction({ created_at: '2026-11-22T17:30:00.000Z' });
    const entry = { ...stored, sync_status: 'synced' } as unknown as LocalTransaction;
    at('/r', '/r', <RegisterList transactions={[entry]} canManage={false} />);
    const row = await screen.findByTestId('transaction');
    await waitFor(() => expect(row.textContent).toContain('Nov 23, 2026'));
    expect(row.textContent).not.toContain('Nov 22');
  });
});

describe('Loans', () => {
  it('a Loans screen drawn while another book was in use lists the signed-in book once it is in use', async () => {
    // Nobody's book yet (the sign-in not restored): the device's database, which holds no loans.
    localStorage.removeItem('book_user');
    localStorage.removeItem('company_id');
    at('/l', '/l', <LoansPage />);
    expect(await screen.findByText('No loans here')).toBeTruthy();
    // The sign-in is restored: the user's book in the company, with its loans, is the one in use.
    localStorage.setItem('company_id', '1');
    localStorage.setItem('book_user', '1');
    await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c1', lastId: 0, dataVersion: 1, totalRecords: 1, synced_at: NOW.toISOString() });
    await keepSynced({ customers: [serverCustomer()], loans: [serverLoan()] });
    setUser({ ...manager });
    expect(await screen.findByText('1 loan (the most recent)')).toBeTruthy();
    await db.delete();
    localStorage.removeItem('company_id');
  });

  it('switches tabs by click and arrow keys, and counts a date tab after showing its rows', async () => {
    const expired = serverLoan({ loan_date: '2026-06-01', maturity_date: '2026-07-01', expiry_date: '2026-09-29' });
    const redeemed = serverLoan({ uuid: '00000000-0000-4000-8000-0000000000b2', id: 22, pawn_ticket_number: 'PT-2026-000022', status: 'redeemed', items: [serverItem({ uuid: '00000000-0000-4000-8000-0000000000a2', loan_uuid: '00000000-0000-4000-8000-0000000000b2', status: 'redeemed' })] });
    await keepSynced({ customers: [serverCustomer()], loans: [expired, redeemed] });
    at('/l', '/l', <LoansPage />);
    expect(await screen.findByText('2 loans (the most recent)')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    await waitFor(() => expect(screen.getByTestId('list-state').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getAllByTestId('ticket-number').map((e) => e.textContent)).toEqual(['PT-2026-000021']);
    expect(await screen.findByText('1 loan')).toBeTruthy();
    // The badge says what the clerk may do with it today, not the stored 'Active'.
    expect(screen.getAllByTestId('loan-state').map((e) => e.textContent)).toEqual(['Expired: may be forfeited']);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Expired' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Renewed' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No renewed loans.')).toBeTruthy();
  });
});
