import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, type ApiSession } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, go, overflowing, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The notice before a redemption period ends and the auction list (decisions 0184, 0185), at the counter: the list
// of tickets to notify, one notice recorded and printed as a letter, and the forfeited items with what their notice
// recorded, and the covered transactions; each screen at 1280 and 375 px, axe clean. Offline: a ticket in its
// redemption period offers no forfeiture (the rules refuse it on the device as on the server).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const manilaDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date(Date.now() + offset * 86_400_000));

async function bothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  expect(await overflowing(page)).toEqual([]);
  await checkScreen(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A ticket of a 30-day, fast-depreciating category: its redemption period ends 60 days after the loan date. */
async function ticket(admin: ApiSession, category: string, lastName: string, loanDate: string, amount = 3000) {
  const customer = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Rosario', last_name: lastName, address: '12 Iznart St, Iloilo City', id_type: 'PhilSys ID', id_number: '5555-0001' });
  const uuid = crypto.randomUUID();
  const reply = await apiCall<{ data: { pawn_ticket_number: string; expiry_date: string } }>(server, admin, 'POST', '/api/loans', {
    uuid, customer_uuid: customer, category_uuid: category, loan_date: loanDate, loan_amount: amount,
    items: [{ uuid: crypto.randomUUID(), description: `Laptop of ${lastName}, 14 inch, with charger`, appraisal_value: Math.max(8000, amount * 2) }],
  });
  return { uuid, ...reply.data };
}

describe('notices and the auction list', () => {
  it('lists a ticket ending soon, records its notice once, prints the letter; a forfeited item is on the auction list', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    // The next auction, after the soon ticket's period ends (decision 0194): the letter names its date and place.
    const auctionDay = manilaDay(20);
    await apiCall(server, admin, 'POST', '/api/settings', { bsp_registration: 'BSP-PS-2026-0042', pawn_notice_days: 10, pawn_auction_date: auctionDay, pawn_auction_place: 'Santos Pawnshop, Iznart St, Iloilo City' });
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Laptops', interest_rate: 3, penalty_rate: 2, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, is_renewable: true, fast_depreciating: true });
    const soon = await ticket(admin, category, 'Notice-Soon', manilaDay(-55));
    expect(soon.expiry_date).toBe(manilaDay(5));
    const gone = await ticket(admin, category, 'Auction-Gone', manilaDay(-64));
    // Its pawner was never notified: only a manager forfeits it, with a reason the auction list shows (decision 0217).
    await apiCall(server, admin, 'POST', `/api/loans/${gone.uuid}/forfeit`, { no_notice_reason: 'The letter came back: the pawner moved away' });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/lending/notices');
    const row = page.getByTestId('notice-row').filter({ hasText: 'Notice-Soon' });
    await row.waitFor();
    expect(await row.getByTestId('notice-status').textContent()).toContain('Not sent');
    await bothWidths(page, 'notices');
    await row.getByRole('button', { name: 'Record Notice' }).click();
    await expect.poll(() => row.getByTestId('notice-status').textContent()).toContain('for a printed letter');
    expect(await row.getByRole('button', { name: 'Record Notice' }).count()).toBe(0);
    // A second tab's late click: the server refuses, and the screen says when the first was sent.
    const again = await page.evaluate(async (uuid) => {
      const res = await fetch(`/api/loans/${uuid}/notice`, { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'content-type': 'application/json' }, body: '{}' });
      return res.status;
    }, soon.uuid);
    expect(again).toBe(409);

    await row.getByRole('link', { name: 'Print Letter' }).click();
    const letter = page.locator('[data-letter]');
    await letter.waitFor();
    const text = (await letter.textContent()) ?? '';
    expect(text).toContain(`redemption period of your pawn ticket ${soon.pawn_ticket_number} ends on`);
    // The letter prints its ticket's branch's registration, as the ticket does (decision 0324), not the settings'.
    expect(text).toContain('BSP registration: PS-07-2019-00417');
    const auctionWords = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${auctionDay}T00:00:00Z`));
    expect(text).toContain(`may be sold at the public auction on`);
    expect(text).toContain(`${auctionWords} at Santos Pawnshop, Iznart St, Iloilo City.`);
    await bothWidths(page, 'notice-letter');

    await go(page, '/lending/auction');
    const item = page.getByTestId('auction-row').filter({ hasText: 'Auction-Gone' });
    await item.waitFor();
    expect(await item.getByTestId('auction-notice').textContent()).toBe('No notice was recorded for this ticket.');
    expect(await item.getByTestId('auction-override').textContent()).toBe('Forfeited without a notice by Alma Administrador: The letter came back: the pawner moved away');
    expect(await item.textContent()).toContain('Forfeited: no price yet');
    await bothWidths(page, 'auction-list');

    // A loan above ₱500,000 is on the covered transactions, with the date to report it by.
    const rich = await ticket(admin, category, 'Covered-Rich', manilaDay(0), 600_000);
    await go(page, '/lending/covered');
    const covered = page.getByTestId('covered-row').filter({ hasText: 'Covered-Rich' });
    await covered.waitFor();
    expect(await covered.textContent()).toContain('₱600,000.00');
    expect(await covered.textContent()).toContain(rich.pawn_ticket_number);
    await bothWidths(page, 'covered-transactions');
    await context.close();
  });

  it('offline, a ticket in its redemption period cannot be forfeited and the notices say they need the server', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Cameras', interest_rate: 3, penalty_rate: 2, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, is_renewable: true, fast_depreciating: true });
    const inPeriod = await ticket(admin, category, 'Offline-Period', manilaDay(-45));
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await context.setOffline(true);
    await go(page, `/lending/loans/${inPeriod.uuid}`);
    await page.getByTestId('loan-ticket').waitFor();
    expect(await page.getByTestId('loan-status').textContent()).toContain('in redemption period');
    expect(await page.getByRole('button', { name: 'Redeem' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Forfeit' }).count()).toBe(0);
    await go(page, '/lending/notices');
    await page.getByText('Notices are sent through the server: connect to the internet, then try again.').waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('the Pawnshop settings, the customer’s full record and the ticket’s BSP registration, at both widths', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Watches', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    const loan = await ticket(admin, category, 'Record-Full', manilaDay(0));
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/settings/site');
    await page.getByLabel('BSP Registration Number').fill('BSP-PS-2026-0777');
    await page.getByLabel('Full Customer Record Above (₱)').fill('50,000');
    await page.getByLabel('Next Auction Date').fill(manilaDay(40));
    await page.getByLabel('Auction Place').fill('Santos Pawnshop, Jaro, Iloilo City');
    await page.getByRole('button', { name: 'Save Pawnshop Settings' }).click();
    await page.getByText('Pawnshop settings updated').waitFor();
    await page.getByRole('heading', { name: 'Pawnshop' }).scrollIntoViewIfNeeded();
    await bothWidths(page, 'settings-pawnshop');
    expect((await apiCall<{ pawn_auction_date: string; pawn_auction_place: string }>(server, admin, 'GET', '/api/settings'))).toMatchObject({ bsp_registration: 'BSP-PS-2026-0777', pawn_auction_date: manilaDay(40), pawn_auction_place: 'Santos Pawnshop, Jaro, Iloilo City' });

    const customer = (await apiCall<{ data: { customer_uuid: string } }>(server, admin, 'GET', `/api/loans/${loan.uuid}`)).data.customer_uuid;
    await go(page, `/lending/customers/${customer}`);
    await page.getByRole('button', { name: 'Edit Customer' }).click();
    await page.getByLabel('Nationality').fill('Filipino');
    await page.getByLabel('Work').fill('Jeepney driver');
    await page.getByLabel('Source of funds').fill('Fares');
    await page.getByLabel('Email').fill('rosario@example.test');
    await bothWidths(page, 'customer-form');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Customer updated successfully').waitFor();
    await page.getByText('Jeepney driver').waitFor();
    await bothWidths(page, 'customer-record');

    // A ticket prints its branch's own registration, not the shop's in the settings (decision 0301): the loan was
    // written at the demo's oldest branch, Quezon City.
    await page.reload();
    await go(page, `/lending/loans/${loan.uuid}/ticket`);
    expect(await page.getByTestId('ticket-shop-registration').textContent()).toBe('BSP registration: PS-07-2019-00417');
    await bothWidths(page, 'ticket-bsp');
    await context.close();
  });

  it('a ticket whose pawner was never notified: a clerk is told why, a manager forfeits it with a reason (decision 0217)', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Tablets', interest_rate: 3, penalty_rate: 2, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, is_renewable: true, fast_depreciating: true });
    const unnotified = await ticket(admin, category, 'Never-Notified', manilaDay(-65));

    const clerk = await newPage(browser, server.baseURL, PHONE);
    await signIn(clerk.page, DEMO.clerk);
    await waitForBook(clerk.page);
    await go(clerk.page, `/lending/loans/${unnotified.uuid}`);
    const why = clerk.page.getByTestId('forfeit-needs-notice');
    await why.waitFor();
    expect(await why.textContent()).toBe('No notice was sent to the pawner before the redemption period ended: only a manager can forfeit this ticket, with a reason.');
    expect(await clerk.page.getByRole('button', { name: /^Forfeit/ }).count()).toBe(0);
    expect(await overflowing(clerk.page)).toEqual([]);
    await checkScreen(clerk.page, 'forfeit-needs-notice-phone');
    await clerk.context.close();

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, `/lending/loans/${unnotified.uuid}`);
    await page.getByRole('button', { name: 'Forfeit without a notice' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forfeit without a notice' }).click();
    expect(await dialog.getByText('Say why the ticket is forfeited without a notice (3 to 500 characters).').count()).toBe(1);
    await dialog.getByLabel('Reason for forfeiting without a notice').fill('The letter came back: no such address');
    await checkScreen(page, 'forfeit-without-notice-desktop');
    await dialog.getByRole('button', { name: 'Forfeit without a notice' }).click();
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('Forfeited');
    expect(await page.getByTestId('loan-forfeit-reason').textContent()).toBe('The letter came back: no such address');
    await context.close();
  });
});
