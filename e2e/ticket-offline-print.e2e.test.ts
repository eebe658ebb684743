import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { go, localRows, manilaToday, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A ticket printed offline matches the server's after sync. A ticket written and printed
// with the network off, synced, then printed again: the dates, amounts, items and terms on paper are the same both
// times and are the server's; the number, 'pending' offline, is the server's on the reprint, which says REPRINT (decision 0183).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

type Printed = Record<string, string>;

/** Makes window.print record what the ticket says at that moment: every label with its value, the items, the terms. */
async function recordPrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { printedTickets: Record<string, string>[] };
    w.printedTickets = [];
    window.print = () => {
      const ticket = document.querySelector('[data-ticket]')!;
      const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const out: Record<string, string> = {};
      for (const dt of Array.from(ticket.querySelectorAll('dt'))) out[text(dt)] = text(dt.nextElementSibling);
      out.number = text(ticket.querySelector('[data-testid="ticket-number"]'));
      out.shop = [ticket.querySelector('[data-testid="ticket-shop"]'), ticket.querySelector('[data-testid="ticket-shop-address"]'), ticket.querySelector('[data-testid="ticket-shop-registration"]')].map(text).join(' / ');
      out.items = Array.from(ticket.querySelectorAll('h2 + ul > li')).map(text).join(' | ');
      out.terms = text(ticket.querySelector('[data-testid="ticket-terms-back"]'));
      out.reprint = text(ticket.querySelector('[data-testid="ticket-reprint"]'));
      w.printedTickets.push(out);
    };
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { printedTickets: Printed[] }).printedTickets);

/** The app's own formats (lib/format.ts, lib/dates.ts), in the page's engine. */
function formatted(page: Page, values: { money: number[]; days: string[] }) {
  return page.evaluate(({ money, days }) => {
    const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const day = new Intl.DateTimeFormat('en-PH', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    return { money: money.map((m) => peso.format(m)), days: days.map((d) => day.format(new Date(`${d}T12:00:00Z`))) };
  }, values);
}

interface ServerLoan {
  pawn_ticket_number: string;
  loan_date: string;
  maturity_date: string;
  expiry_date: string;
  loan_amount: number;
  service_charge: number;
  amount_disbursed: number;
  appraisal_value: number;
  interest_rate: number;
  penalty_rate: number;
  items: { description: string; appraisal_value: number }[];
}

describe('a ticket printed offline', () => {
  it('matches the server’s after sync; the reprint carries the server’s number and says REPRINT', async () => {
    const admin = await apiLogin(server, DEMO.admin);
    await apiCall(server, admin, 'POST', '/api/settings', { bsp_registration: 'BSP-PS-2026-0099' });
    const category = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Offline Bangles', interest_rate: 3.5, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: crypto.randomUUID(), first_name: 'Perla', last_name: 'Offline-Print', phone_number: '09170007070', address: '21 Luna St, La Paz, Iloilo City', id_type: 'PhilSys ID', id_number: '7777-0001-0002' });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.admin);
    await waitForBook(page);
    await expect.poll(async () => (await localRows<{ uuid: string }>(page, 'categories')).some((c) => c.uuid === category)).toBe(true);

    // Offline: the ticket is written and printed on the device.
    await context.setOffline(true);
    await go(page, '/lending/loans/new');
    await page.getByPlaceholder('Find customer by name or phone...').fill('Offline-Print');
    await page.getByRole('list', { name: 'Matching customers' }).getByRole('button').first().click();
    await page.getByLabel('Description of item 1').fill('Gold bangle 18k, 9 g');
    const option = await page.getByLabel('Category of item 1').locator('option', { hasText: 'Offline Bangles' }).getAttribute('value');
    await page.getByLabel('Category of item 1').selectOption(option!);
    await page.getByLabel('Appraised value of item 1 (PHP)').fill('20,000');
    await page.getByLabel('Loan amount (PHP)').fill('12,345.50');
    await page.getByRole('button', { name: 'Save Pawn Ticket' }).click();
    await page.waitForURL(/\/lending\/loans\/[0-9a-f-]{36}\/ticket$/);
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    const uuid = new URL(page.url()).pathname.split('/')[3];
    expect(await page.getByTestId('ticket-number').textContent()).toBe('pending');
    await recordPrints(page);
    await page.getByRole('button', { name: 'Print' }).click();
    const [offline] = await prints(page);
    expect(offline).toMatchObject({ number: 'pending', reprint: '' });
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'ticket-offline-print');
    await page.emulateMedia({ media: 'screen' });

    // Online again: the queue sends it, the server numbers it; the device shows the server's copy.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForQueue(page);
    const onServer = (await apiCall<{ data: ServerLoan }>(server, admin, 'GET', `/api/loans/${uuid}`)).data;
    expect(onServer.pawn_ticket_number).toMatch(/^PT-\d{4}-\d{6}$/);
    await expect.poll(() => page.getByTestId('ticket-number').textContent()).toBe(onServer.pawn_ticket_number);
    await page.getByRole('button', { name: 'Reprint' }).click();
    const reprinted = (await prints(page))[1];
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'ticket-offline-reprint');
    await page.emulateMedia({ media: 'screen' });

    // The reprint: the server's number and REPRINT; every other field as printed offline.
    expect(reprinted.reprint).toBe('REPRINT');
    expect(reprinted.number).toBe(onServer.pawn_ticket_number);
    const same = (p: Printed) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'number' && k !== 'reprint'));
    expect(same(reprinted)).toEqual(same(offline));

    // And those fields are the server's copy of the ticket.
    const f = await formatted(page, {
      money: [onServer.appraisal_value, onServer.loan_amount, onServer.service_charge, onServer.amount_disbursed, onServer.items[0].appraisal_value],
      days: [onServer.loan_date, onServer.maturity_date, onServer.expiry_date],
    });
    expect(onServer.loan_date).toBe(manilaToday());
    expect(offline).toMatchObject({
      Pawner: 'Offline-Print, Perla',
      Address: '21 Luna St, La Paz, Iloilo City',
      'ID presented': 'PhilSys ID 7777-0001-0002',
      'Appraised value': f.money[0],
      Principal: f.money[1],
      'Service charge': f.money[2],
      'Net proceeds': f.money[3],
      'Date of loan': f.days[0],
      'Maturity date': f.days[1],
      'Expiry date of redemption period': f.days[2],
      Interest: `${onServer.interest_rate}% a month or part of a month`,
      'Penalty after maturity': `${onServer.penalty_rate}% a month or part of a month`,
      'Interest deducted in advance': '₱0.00',
    });
    expect(offline.Principal).toBe('₱12,345.50');
    expect(offline.items).toBe(`${onServer.items[0].description}${f.money[4]}`);
    expect(offline.terms).toContain(f.days[2]);
    expect(offline.shop).toContain('BSP registration: BSP-PS-2026-0099');

    // The ticket screen after sync at both widths.
    await page.reload();
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    await screenshot(page, 'ticket-after-sync-desktop');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'ticket-after-sync-phone');
    await context.close();
  }, 240_000);
});
