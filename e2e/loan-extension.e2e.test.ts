import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, go, localRows, manilaToday, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Paying the interest to extend a loan at the counter (decision 0189): done offline, the same ticket gets
// its new dates on the device at once, and the extension reaches the server once when the network returns.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface ServerLoan { maturity_date: string; expiry_date: string; extensions: number; interest_from: string | null; paid_interest_amount: number }

/** PHP 3,000 at 3 % a month for a month, written today: ₱90.00 pays its term. */
async function loanToExtend(): Promise<{ uuid: string; maturity: string }> {
  const admin = await apiLogin(server, DEMO.admin);
  const category = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: `Chains ${category.slice(0, 4)}`, interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', is_renewable: true, is_extendable: true });
  const customer = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Teresita', last_name: 'Villanueva', phone_number: '09170005050' });
  const uuid = crypto.randomUUID();
  const made = await apiCall<{ data: ServerLoan }>(server, admin, 'POST', '/api/loans', { uuid, customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 3000, items: [{ uuid: crypto.randomUUID(), description: '18k gold chain', appraisal_value: 5000 }] });
  return { uuid, maturity: made.data.maturity_date };
}

/** Opens the extension's confirmation and gives its sentence. */
async function openExtend(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Pay interest and extend' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Extend for/ }).waitFor({ timeout: 30_000 });
  return (await dialog.locator('p').first().textContent({ timeout: 10_000 })) ?? '';
}

describe('pay interest and extend', () => {
  it('is done offline, shows the new dates at once and syncs once; at 1280 and 375 px', async () => {
    const loan = await loanToExtend();
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, `/lending/loans/${loan.uuid}`);
    await page.getByTestId('due-extend').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('due-extend').textContent()).toBe('₱90.00');
    const parts = await page.getByTestId('due-extend-parts').textContent();
    expect(parts).toContain('interest ₱90.00, penalty ₱0.00; then due');
    await checkScreen(page, 'loan-extend-desktop');

    // The confirmation says the page's amount, parts and dates (looked at online, then cancelled).
    const dialog = page.getByRole('dialog');
    const said = await openExtend(page);
    expect(said).toContain('the pawner pays ₱90.00 today (interest ₱90.00, penalty ₱0.00)');
    expect(parts).toContain(said.match(/matures on ([A-Z][a-z]{2} \d{1,2}, \d{4})/)![1]);
    expect(parts).toContain(said.match(/redeemed until ([A-Z][a-z]{2} \d{1,2}, \d{4})/)![1]);
    await checkScreen(page, 'loan-extend-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

    await context.setOffline(true);
    expect(await openExtend(page)).toBe(said);
    await dialog.getByRole('button', { name: 'Extend for ₱90.00' }).click({ timeout: 20_000 });
    // The same ticket, to reprint with its new dates.
    await page.getByTestId('ticket-extended').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('ticket-extended').textContent()).toContain(`1 time by paying the interest; interest paid to`);
    await checkScreen(page, 'loan-extended-ticket-desktop');
    const local = (await localRows<ServerLoan & { uuid: string; sync_status: string }>(page, 'loans')).find((l) => l.uuid === loan.uuid)!;
    expect(local).toMatchObject({ extensions: 1, interest_from: loan.maturity, sync_status: 'pending' });
    expect(local.maturity_date > loan.maturity).toBe(true);
    const queued = (await localRows<{ operation: string; status: string; data: Record<string, unknown> }>(page, 'syncQueue')).filter((e) => e.operation === 'EXTEND_LOAN');
    expect(queued.map((e) => [e.status, e.data.from_maturity_date])).toEqual([['pending', loan.maturity]]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForQueue(page);
    const admin = await apiLogin(server, DEMO.admin);
    const onServer = (await apiCall<{ data: ServerLoan }>(server, admin, 'GET', `/api/loans/${loan.uuid}`)).data;
    expect(onServer).toMatchObject({ extensions: 1, maturity_date: local.maturity_date, expiry_date: local.expiry_date, interest_from: loan.maturity, paid_interest_amount: 90 });
    const register = await apiCall<{ data: { type: string; amount: number; action: string | null }[] }>(server, admin, 'GET', `/api/transactions?loan_uuid=${loan.uuid}`);
    expect(register.data.filter((t) => t.action === 'extension').map((t) => [t.type, t.amount])).toEqual([['interest', 90]]);
    expect((await localRows<{ operation: string }>(page, 'syncQueue')).filter((e) => e.operation === 'EXTEND_LOAN')).toHaveLength(1);

    // The loan's history shows the extension's entry, from the server.
    await go(page, `/lending/loans/${loan.uuid}`);
    await expect.poll(async () => page.getByTestId('transaction').allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.stringContaining('Interest (extension)')]));
    expect(await page.getByTestId('loan-extended').textContent()).toContain('1 time; interest paid to');
    await checkScreen(page, 'loan-extended-desktop');
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.admin);
    await waitForBook(phone.page);
    await go(phone.page, `/lending/loans/${loan.uuid}`);
    await phone.page.getByTestId('loan-extended').waitFor({ timeout: 30_000 });
    expect(await overflowing(phone.page)).toEqual([]);
    await checkScreen(phone.page, 'loan-extended-phone');
    await openExtend(phone.page);
    const small = phone.page.getByRole('dialog');
    expect(await overflowing(phone.page)).toEqual([]);
    await checkScreen(phone.page, 'loan-extend-dialog-phone');
    await small.getByRole('button', { name: 'Cancel' }).click();
    await phone.context.close();
  }, 240_000);
});
