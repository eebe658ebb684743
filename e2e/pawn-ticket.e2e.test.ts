import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, SCREENSHOT_DIR, screenshot, signIn } from './support/browser';
import { go, manilaToday, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The printed pawn ticket with the Philippine fields (decision 0183), as printed: A5 and 80 mm PDFs (screenshots/,
// to look at as pictures), and the screen at 1280 and 375 px.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('the printed pawn ticket', () => {
  it('prints the redemption period, the written request of a low loan and the terms on A5 and 80 mm; a second print says REPRINT', async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Phones', interest_rate: 4, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, is_renewable: true, fast_depreciating: true });
    const customer = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Ligaya', last_name: 'Villanueva', phone_number: '09170003030', address: '8 Rizal St, Jaro, Iloilo City', id_type: 'PhilSys ID', id_number: '1234-5678-9012' });
    const loan = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/loans', { uuid: loan, customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 2000, written_request: true, items: [{ uuid: crypto.randomUUID(), description: 'Smartphone 128 GB, black, with charger', appraisal_value: 9000 }] });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await go(page, `/lending/loans/${loan}/ticket`);
    const grace = page.getByTestId('ticket-grace');
    await grace.waitFor();
    expect(await grace.textContent()).toContain('the pawner still has 30 days');
    expect(await page.getByTestId('ticket-written-request').textContent()).toContain('The pawner asked in writing for a loan below 30 % of the appraised value.');
    await screenshot(page, 'pawn-ticket-desktop');

    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await page.getByTestId('ticket-reprint').waitFor();
    for (const paper of ['a5', 'receipt'] as const) {
      // The paper choice is hidden in print: chosen on the screen, then printed.
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('radio', { name: paper === 'a5' ? 'A5 sheet' : '80 mm receipt' }).check();
      await page.emulateMedia({ media: 'print' });
      const pdf = path.join(SCREENSHOT_DIR, `pawn-ticket-${paper}.pdf`);
      await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
      // The page box of the first page: A5 is 420 × 595 points, the receipt 80 mm (227 points) wide.
      const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)/.exec(fs.readFileSync(pdf, 'latin1'));
      expect(Math.round(Number(box?.[1]))).toBe(paper === 'a5' ? 420 : 227);
    }
    await page.emulateMedia({ media: 'screen' });
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.admin);
    await waitForBook(phone.page);
    await go(phone.page, `/lending/loans/${loan}/ticket`);
    await phone.page.getByTestId('ticket-grace').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'pawn-ticket-phone');
    await phone.context.close();
  }, 240_000);
});
