import { amountsDue, serviceCharge, toCentavos } from '@kalinga/contracts/lending/rules';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, go, localRows, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A day at the counter with the network off, then on; the server's book must end as the screens showed it.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${server.baseURL}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${server.baseURL}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}

interface ServerLoan { uuid: string; pawn_ticket_number: string; status: string; loan_amount: number; service_charge: number; amount_disbursed: number; renewed_from: string | null; new_loan: string | null; customer_uuid: string; items: { uuid: string; status: string; selling_price: number | null; final_selling_price: number | null; buyer_name: string | null }[] }
interface ServerTransaction { type: string; amount: number; loan_uuid: string }
interface LocalLoanRow { uuid: string; pawn_ticket_number?: string | null; status: string; customer_uuid: string; loan_amount: number; interest_rate: number; penalty_rate: number; loan_date: string; maturity_date: string; expiry_date: string; renewed_from?: string; items: { uuid: string; description: string }[] }

async function apiPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.baseURL}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  const reply = (await res.json()) as T;
  expect(res.status, `${path} ${JSON.stringify(reply)}`).toBeLessThan(300);
  return reply;
}

function daysAgo(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

let booked: Promise<void> | undefined;
/** The shop's book on the server before the test signs in: a jewelry category with real terms, a pawner, one
 * expired loan (two items) and one active loan; they reach the browser by the initial sync. */
function book(): Promise<void> {
  booked ??= (async () => {
    const token = await apiToken(DEMO.admin);
    const category = { uuid: crypto.randomUUID() };
    await apiPost(token, '/api/categories', { ...category, kind: 'lending', title: 'Gold Jewelry', description: 'Rings, necklaces, bracelets', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    const customer = { uuid: crypto.randomUUID() };
    await apiPost(token, '/api/customers', { ...customer, first_name: 'Corazon', last_name: 'Dimaculangan', phone_number: '09170001111', address: 'Jaro, Iloilo City' });
    const loan = (loanDate: string, amount: number, items: [string, number][]) =>
      apiPost(token, '/api/loans', { uuid: crypto.randomUUID(), customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: loanDate, loan_amount: amount, items: items.map(([description, appraisal_value]) => ({ uuid: crypto.randomUUID(), description, appraisal_value })) });
    await loan(daysAgo(200), 8000, [['Gold bracelet 21k, 9 g', 9000], ['Silver pendant', 1500]]);
    await loan(daysAgo(10), 5000.5, [['Wedding ring 18k', 7000]]);
  })();
  return booked;
}

const LENDING_ROUTES = ['/lending', '/lending/customers', '/lending/loans', '/lending/loans/new', '/lending/items'];

async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function confirmDialog(page: Page, button: RegExp): Promise<string> {
  const dialog = page.getByRole('dialog');
  const text = await dialog.locator('p').first().textContent();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text ?? '';
}

const sum = (rows: ServerTransaction[], type: string) => rows.filter((t) => t.type === type).reduce((s, t) => s + toCentavos(t.amount), 0);

describe('lending screens', () => {
  it('a user without view lending sees no Lending entries and gets the no-access view on every lending route', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.student);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByText('Lending').count()).toBe(0);
    for (const route of LENDING_ROUTES) {
      await page.goto(route);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    }
    await context.close();
  });

  // A whole counter's morning in one test: about 50 s on a quiet 2-core host, so it has twice the usual time.
  it('offline from the start: customer, two-item ticket, renew, redeem, forfeit, sell; online: the server book matches', async () => {
    await book();
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await controlledBySw(page);
    await waitForBook(page);
    await context.setOffline(true);
    await page.getByText('Offline mode').or(page.getByText('You are offline.')).first().waitFor();

    // A new customer, from the sidebar.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Lending' }).click();
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByLabel('First name').fill('Rosario');
    await drawer.getByLabel('Last name').fill('Magbanua');
    await drawer.getByLabel('Phone number').fill('09175550142');
    await drawer.getByLabel('Address').fill('12 Mabini St, Iloilo City');
    await drawer.getByRole('button', { name: 'Add Customer' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('magb');
    await page.getByRole('link', { name: 'Magbanua, Rosario' }).waitFor();
    await checkScreen(page, 'lending-customers-desktop');

    // A pawn ticket with two items.
    await nav.getByRole('link', { name: 'Loans' }).click();
    await page.getByRole('link', { name: 'New Pawn Ticket' }).click();
    await page.getByRole('searchbox', { name: 'Find customer' }).fill('rosario');
    await page.getByRole('button', { name: /Magbanua, Rosario/ }).click();
    const categories = await localRows<{ uuid: string; title: string; interest_rate: number; is_renewable: boolean }>(page, 'categories');
    const category = categories.find((c) => c.title === 'Gold Jewelry')!;
    await page.getByLabel('Description of item 1').fill('Gold necklace 18k, 12 g');
    await page.getByLabel('Category of item 1').selectOption(category.uuid);
    await page.getByLabel('Appraised value of item 1 (PHP)').fill('18000');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByLabel('Description of item 2').fill('Seiko wristwatch');
    await page.getByLabel('Category of item 2').selectOption(category.uuid);
    await page.getByLabel('Appraised value of item 2 (PHP)').fill('4500.50');
    await page.getByLabel('Loan amount (PHP)').fill('15000');
    await expect.poll(() => page.getByTestId('ticket-preview').textContent()).toContain('₱14,995.00');
    await checkScreen(page, 'lending-new-ticket-desktop');
    await page.getByRole('button', { name: 'Save Pawn Ticket' }).click();
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    expect(await page.getByTestId('ticket-number').textContent()).toBe('pending');
    await checkScreen(page, 'lending-ticket-desktop');

    // Renew it, then redeem the new loan.
    await page.getByRole('link', { name: '← Loan' }).click();
    await page.getByRole('button', { name: 'Renew' }).click();
    const renewText = await confirmDialog(page, /^Renew for/);
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    await page.getByRole('link', { name: '← Loan' }).click();
    await page.getByTestId('due-redeem').waitFor();
    await checkScreen(page, 'lending-loan-desktop');
    await page.getByRole('button', { name: 'Redeem' }).click();
    const redeemText = await confirmDialog(page, /^Redeem for/);
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('Redeemed');

    // Forfeit an expired demo loan, put one of its items up for sale and sell it.
    await nav.getByRole('link', { name: 'Loans' }).click();
    await page.getByRole('tab', { name: 'Expired' }).click();
    // Drawn for the Expired tab (the previous tab's rows stay, marked busy, until its query is done), then done.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Expired' }).waitFor();
    await page.locator('[data-testid="list-state"][aria-busy="false"]').waitFor();
    const expiredRow = page.getByTestId('loan-row').first();
    // The Expired list replaces the previous tab's rows (this device's own pending ticket first) once its query is done.
    await expect.poll(() => expiredRow.getByTestId('ticket-number').textContent()).toMatch(/^[A-Z]+-\d{4}-\d{6}$/);
    const expiredTicket = (await expiredRow.getByTestId('ticket-number').textContent()) ?? '';
    await checkScreen(page, 'lending-loans-expired-desktop');
    await expiredRow.getByTestId('ticket-number').click();
    await page.getByRole('button', { name: 'Forfeit' }).click();
    await confirmDialog(page, /^Forfeit/);
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('Forfeited');
    const expiredUuid = new URL(page.url()).pathname.split('/').pop()!;
    const expired = (await localRows<LocalLoanRow>(page, 'loans')).find((l) => l.uuid === expiredUuid)!;
    expect(expired.pawn_ticket_number).toBe(expiredTicket);
    const sold = expired.items[0];
    await nav.getByRole('link', { name: 'Items' }).click();
    await page.getByRole('button', { name: `Set Selling Price: ${sold.description}` }).click();
    await page.getByLabel('Selling price (PHP)').fill('2500.75');
    await page.getByRole('button', { name: 'Put Up for Sale' }).click();
    await page.getByRole('tab', { name: 'For sale' }).click();
    await page.getByRole('button', { name: `Mark as Sold: ${sold.description}` }).click();
    await page.getByLabel('Final selling price (PHP)').fill('2400.25');
    await page.getByLabel('Buyer name').fill('Jose Rizal Santos');
    await page.getByLabel('Buyer contact').fill('09181234567');
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Sold' }).click();
    await page.getByRole('tab', { name: 'Sold' }).click();
    await page.getByText('Jose Rizal Santos', { exact: false }).waitFor();
    await checkScreen(page, 'lending-items-sold-desktop');

    // Every change waits in the queue; back online the queue sends it all.
    const pending = (await localRows<{ status: string }>(page, 'syncQueue')).filter((e) => e.status === 'pending');
    expect(pending).toHaveLength(7); // customer, loan, renew, redeem, forfeit, price, sale
    await context.setOffline(false);
    await waitForQueue(page);

    const token = await apiToken(DEMO.admin);
    const customers = await api<{ data: { uuid: string }[] }>(token, '/api/customers?search=Magbanua');
    expect(customers.data).toHaveLength(1);
    const loans = (await api<{ data: ServerLoan[] }>(token, `/api/loans?customer_uuid=${customers.data[0].uuid}&per_page=50`)).data;
    expect(loans.map((l) => l.status).sort()).toEqual(['redeemed', 'renewed']);
    const first = loans.find((l) => l.status === 'renewed')!;
    const second = loans.find((l) => l.status === 'redeemed')!;
    expect(second.renewed_from).toBe(first.uuid);
    expect(first.new_loan).toBe(second.uuid);
    expect(first).toMatchObject({ loan_amount: 15000, service_charge: 5, amount_disbursed: 14995 });
    // A renewal moves the pawned items to the new ticket; redeeming it gives them back.
    expect(second.items.map((i) => i.status)).toEqual(['redeemed', 'redeemed']);
    // The ticket numbers on the device are the server's.
    const local = await localRows<LocalLoanRow>(page, 'loans');
    for (const l of [first, second]) expect(local.find((x) => x.uuid === l.uuid)?.pawn_ticket_number).toBe(l.pawn_ticket_number);
    // The money moved, to the centavo, as the confirmations said.
    const localFirst = local.find((x) => x.uuid === first.uuid)!;
    const due = amountsDue({ ...localFirst, status: 'active', loan_amount: toCentavos(15000) }, localFirst.loan_date);
    const tx1 = (await api<{ data: ServerTransaction[] }>(token, `/api/transactions?loan_uuid=${first.uuid}&per_page=100`)).data;
    const tx2 = (await api<{ data: ServerTransaction[] }>(token, `/api/transactions?loan_uuid=${second.uuid}&per_page=100`)).data;
    expect(sum(tx1, 'interest')).toBe(due.interest);
    expect(sum(tx1, 'penalty')).toBe(0);
    expect(sum(tx1, 'disbursement')).toBe(toCentavos(14995));
    expect(sum(tx2, 'renewal')).toBe(serviceCharge(toCentavos(15000)));
    expect(sum(tx2, 'redemption')).toBe(toCentavos(15000));
    expect(renewText).toContain(`₱${((due.interest + serviceCharge(toCentavos(15000))) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`);
    expect(redeemText).toContain(`₱${((toCentavos(15000) + sum(tx2, 'interest') + sum(tx2, 'penalty')) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`);
    // The forfeited demo loan and the sale.
    const forfeited = (await api<{ data: ServerLoan }>(token, `/api/loans/${expired.uuid}`)).data;
    expect(forfeited.status).toBe('forfeited');
    expect(forfeited.items.find((i) => i.uuid === sold.uuid)).toMatchObject({ status: 'sold', selling_price: 2500.75, final_selling_price: 2400.25, buyer_name: 'Jose Rizal Santos' });
    const sale = (await api<{ data: ServerTransaction[] }>(token, `/api/transactions?loan_uuid=${expired.uuid}&per_page=100`)).data;
    expect(sale.filter((t) => t.type === 'sale').map((t) => t.amount)).toEqual([2400.25]);
    // The screens now show synced records with the server's numbers.
    await go(page, `/lending/loans/${second.uuid}`);
    await expect.poll(() => page.getByTestId('loan-ticket').textContent()).toBe(second.pawn_ticket_number);
    expect(await page.getByTestId('sync-state').first().getAttribute('data-sync')).toBe('synced');
    await context.close();
  }, 120_000);

  it('every lending screen at 375 and 1280 px: no sideways scrolling, no serious accessibility problems', async () => {
    await book();
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    const loan = (await localRows<LocalLoanRow>(page, 'loans')).find((l) => l.status === 'active')!;
    // Sign-in lands on Appointments: its screen must be gone before the first lending screen is measured.
    await go(page, '/lending/customers');
    await page.getByRole('tablist', { name: 'Appointment lists' }).waitFor({ state: 'detached' });
    const screens: [string, string][] = [
      ['/lending/customers', 'customers'],
      [`/lending/customers/${loan.customer_uuid}`, 'customer'],
      ['/lending/loans', 'loans'],
      ['/lending/loans?tab=maturing', 'loans-maturing'],
      ['/lending/loans/new', 'new-ticket'],
      [`/lending/loans/${loan.uuid}`, 'loan'],
      [`/lending/loans/${loan.uuid}/ticket`, 'ticket'],
      ['/lending/items?tab=sold', 'items-sold'],
      ['/lending/items', 'items'],
      ['/lending/items?tab=for_sale', 'items-for-sale'],
    ];
    for (const [viewport, size] of [[PHONE, 'phone'], [DESKTOP, 'desktop']] as const) {
      await page.setViewportSize(viewport);
      for (const [path, name] of screens) {
        await go(page, path);
        await page.locator('main h1').first().waitFor();
        await page.getByText(/^Loading/).waitFor({ state: 'detached' });
        expect(await overflowing(page), name).toEqual([]);
        await checkScreen(page, `lending-${name}-${size}`);
      }
    }
    await context.close();
  }, 120_000);
});
