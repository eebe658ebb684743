import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, go, localRows, manilaToday, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The register at the counter (decision 0187): an entry reversed with a reason shows the reversal beside it, and
// the device's copy of the register takes the new row while the original stays as it was.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function loanWithDisbursement(): Promise<string> {
  const admin = await apiLogin(server, DEMO.admin);
  const category = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: `Rings ${category.slice(0, 4)}`, interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', is_renewable: true });
  const customer = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Rosario', last_name: 'Bautista', phone_number: '09170004040' });
  const loan = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/loans', { uuid: loan, customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 3000, items: [{ uuid: crypto.randomUUID(), description: '18k gold ring', appraisal_value: 5000 }] });
  return loan;
}

describe('the register', () => {
  it('reverses an entry with a reason, shown beside the original at 1280 and 375 px', async () => {
    const loan = await loanWithDisbursement();
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, `/lending/loans/${loan}`);
    const entry = page.getByTestId('transaction');
    await entry.first().waitFor();
    const before = (await localRows<{ uuid: string; loan_uuid: string; amount: number }>(page, 'transactions')).filter((t) => t.loan_uuid === loan);
    expect(before).toHaveLength(1);

    await page.getByRole('button', { name: /^Reverse Disbursement/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse an entry' });
    await dialog.getByRole('button', { name: 'Reverse entry' }).click();
    await expect.poll(async () => dialog.getByTestId('field-error').textContent()).toContain('Say why');
    await dialog.getByLabel('Reason').fill('Counted the cash twice; paid out once');
    await checkScreen(page, 'register-reverse-dialog-desktop');
    await dialog.getByRole('button', { name: 'Reverse entry' }).click();
    await expect.poll(async () => page.getByTestId('reversal').textContent()).toContain('Counted the cash twice; paid out once');
    expect(await page.getByTestId('reversal').textContent()).toContain('Alma Administrador');
    expect(await page.getByRole('button', { name: /^Reverse Disbursement/ }).count()).toBe(0);
    const after = (await localRows<{ uuid: string; loan_uuid: string; reverses_uuid?: string }>(page, 'transactions')).filter((t) => t.loan_uuid === loan);
    expect(after).toHaveLength(2);
    // The original as it was, but for the device's own note of when it last heard of it.
    const { last_synced_at: _seen, ...original } = before[0] as typeof before[0] & { last_synced_at?: string };
    expect(after.find((t) => t.uuid === before[0].uuid)).toMatchObject(original);
    expect(after.find((t) => t.uuid !== before[0].uuid)?.reverses_uuid).toBe(before[0].uuid);
    await checkScreen(page, 'register-reversed-desktop');
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.admin);
    await waitForBook(phone.page);
    await go(phone.page, `/lending/loans/${loan}`);
    await phone.page.getByTestId('reversal').waitFor();
    expect(await overflowing(phone.page)).toEqual([]);
    await checkScreen(phone.page, 'register-reversed-phone');
    await phone.context.close();
  }, 240_000);
});

describe('the cash day', () => {
  it('is opened and closed offline and syncs once when the network returns', async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, '/lending/cash-day');
    await page.getByRole('heading', { name: 'Open the day' }).waitFor();
    await checkScreen(page, 'cash-day-empty-desktop');
    await context.setOffline(true);
    await page.getByLabel('Opening float (₱)').fill('5,000');
    await page.getByRole('button', { name: 'Open the day' }).click();
    await page.getByLabel('Cash counted (₱)').fill('4,990.50');
    await page.getByLabel('Note (optional)').fill('Closed while the line was down');
    await page.getByRole('button', { name: 'Close the day' }).click();
    await expect.poll(async () => page.getByTestId('cash-day-status').textContent()).toBe('Closed');
    await page.getByTestId('cash-position-pending').waitFor();
    const queued = (await localRows<{ operation: string; status: string }>(page, 'syncQueue')).filter((e) => e.operation.endsWith('CASH_DAY'));
    expect(queued.map((e) => `${e.operation} ${e.status}`)).toEqual(['OPEN_CASH_DAY pending', 'CLOSE_CASH_DAY pending']);
    await checkScreen(page, 'cash-day-closed-offline-desktop');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForQueue(page);
    await page.getByTestId('cash-position').waitFor();
    const admin = await apiLogin(server, DEMO.admin);
    const days = await apiCall<{ data: { uuid: string; status: string; counted: number; opening_float: number; difference: number }[] }>(server, admin, 'GET', `/api/cash-days?day=${manilaToday()}`);
    expect(days.data).toHaveLength(1);
    expect(days.data[0]).toMatchObject({ status: 'closed', opening_float: 5000, counted: 4990.5 });
    const difference = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Math.abs(days.data[0].difference));
    expect(await page.getByTestId('cash-difference').textContent()).toContain(difference);
    await checkScreen(page, 'cash-day-closed-desktop');
    // The same page at 375 px (a second device of the clerk: cash-day-sync.e2e.test.ts).
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await checkScreen(page, 'cash-day-closed-phone');
    await context.close();
  }, 240_000);
});
