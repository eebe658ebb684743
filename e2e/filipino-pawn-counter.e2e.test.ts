import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { overflowing } from './support/checks';
import { englishIn, englishOnly } from './support/languages';
import { go, manilaToday, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The pawn counter in Filipino (decisions 0245, 0248, 0276): a manager who chose Filipino walks every lending screen
// (customers, loans, a loan and its printed ticket, a new ticket's checks, items, the cash day, notices and a letter,
// the auction list, covered transactions) and the Sync status panel, and finds none of the lending and sync areas'
// English messages; nothing overflows at 375 px (the day's rates table fits without scrolling). Screenshots at 1280
// and 375 px in Filipino. Then the printed ticket and notice letter in the pawner's language (decision 0316).

const LENDING = englishOnly('lending', 'sync');

/** No English message of these areas in `selector`, screenshots at 1280 and 375 px, and nothing wider than the phone. */
async function check(page: Page, name: string, selector = 'main'): Promise<void> {
  expect(await englishIn(page, selector, LENDING), name).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `filipino-pawn-counter-${name}-1280`);
  await page.setViewportSize(PHONE);
  expect(await overflowing(page), `${name} at 375 px`).toEqual([]);
  await screenshot(page, `filipino-pawn-counter-${name}-375`);
  await page.setViewportSize(DESKTOP);
}

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A ticket of today for a Filipino pawner and one for an English pawner, by the API: their uuids by language. */
async function ticketsOfBothLanguages(title = 'Wika Gold'): Promise<Record<'fil' | 'en', string>> {
  const admin = await apiLogin(server, DEMO.admin);
  const category = crypto.randomUUID();
  await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title, description: 'Printed in the pawner’s language', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
  const tickets: Record<'fil' | 'en', string> = { fil: crypto.randomUUID(), en: crypto.randomUUID() };
  for (const language of ['fil', 'en'] as const) {
    const customer = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: language === 'fil' ? 'Ligaya' : 'Grace', last_name: 'Wika', phone_number: '09170000039', language });
    await apiCall(server, admin, 'POST', '/api/loans', { uuid: tickets[language], customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 3000, items: [{ uuid: crypto.randomUUID(), description: 'Singsing 18k', appraisal_value: 5000 }] });
  }
  return tickets;
}

describe('the pawn counter in Filipino', () => {
  it('every lending screen, the printed ticket and letter, and Sync status show no English message', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
    await page.goto('/lending/customers');
    await page.getByRole('heading', { name: 'Mga Customer', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    await waitForBook(page);
    await page.getByText(/^\d+ customer$/).waitFor();
    await check(page, 'customers');

    await page.getByRole('button', { name: 'Magdagdag ng Customer' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Magdagdag ng Customer' });
    await drawer.getByRole('button', { name: 'Magdagdag ng Customer' }).click();
    await drawer.getByText('Kailangan ang apelyido.').waitFor();
    await check(page, 'customer-form', '[role="dialog"]');
    await drawer.getByRole('button', { name: 'Kanselahin' }).click();

    await page.locator('main ul[aria-label="Mga Customer"] a').first().click();
    await page.getByText('Balanse ngayong araw').waitFor();
    await check(page, 'customer');

    await go(page, '/lending/loans?tab=active');
    await page.getByRole('tab', { name: 'Aktibo', selected: true }).waitFor();
    await page.getByText(/^\d+ sangla$/).waitFor();
    await check(page, 'loans-active');

    await page.getByTestId('ticket-number').first().click();
    await page.getByText(/^Babayaran ngayon/).waitFor();
    await check(page, 'loan');
    await page.getByRole('button', { name: 'Tubusin', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Tubusin ang sanglang ito?' });
    await confirm.getByText(/kukunin niya pabalik ang mga gamit/).waitFor();
    await check(page, 'loan-redeem', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'I-print ang Tiket' }).click();
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    await page.getByText('Mga tuntunin at kundisyon').waitFor();
    await check(page, 'ticket');
    await page.getByLabel('80 mm na resibo').check();
    await check(page, 'ticket-receipt');

    await go(page, '/lending/loans?tab=expired');
    await page.getByRole('tab', { name: 'Expired na', selected: true }).waitFor();
    await page.locator('main').getByText(/^\d+ sangla$|Walang aktibong sanglang lampas na/).first().waitFor();
    await check(page, 'loans-expired');

    await go(page, '/lending/loans/new');
    await page.getByRole('heading', { name: 'Bagong Pawn Ticket' }).waitFor();
    await page.getByRole('button', { name: 'I-save ang Pawn Ticket' }).click();
    await page.getByText('Hindi na-save ang tiket: itama ang mga minarkahang field.').waitFor();
    await page.getByText('Piliin ang customer.').waitFor();
    await check(page, 'new-ticket');

    await go(page, '/lending/items');
    await page.getByRole('tab', { name: 'Naremata', selected: true }).waitFor();
    await page.locator('main').getByText(/Lagyan ng Presyo|Walang naremata na gamit/).first().waitFor();
    await check(page, 'items-forfeited');
    await page.getByRole('tab', { name: 'Naibenta' }).click();
    await page.locator('main').getByText(/Naibenta sa halagang|Wala pang naibenta/).first().waitFor();
    await check(page, 'items-sold');

    await go(page, '/lending/cash-day');
    await page.getByRole('heading', { name: 'Kaha ng araw' }).waitFor();
    await check(page, 'cash-day');

    await go(page, '/lending/notices');
    await page.getByRole('heading', { name: 'Mga Abiso', exact: true }).waitFor();
    await page.locator('main').getByText(/Matatapos ang panahon ng pagtubos sa|Walang abisong kailangang ipadala/).first().waitFor();
    await check(page, 'notices');
    // A ticket's letter: one recorded already, else the first card's notice recorded now (the manager may).
    const letter = page.getByRole('link', { name: 'I-print ang Sulat' }).first();
    if (!(await letter.count())) {
      await page.getByRole('button', { name: /^(Itala|Ipadala) ang Abiso$/ }).first().click();
      await letter.waitFor();
    }
    await letter.click();
    await page.getByText(/^Mahal na /).waitFor();
    await page.getByText(/^Ipinapaalala namin na matatapos sa /).waitFor();
    await check(page, 'notice-letter');

    await go(page, '/lending/auction');
    await page.getByRole('heading', { name: 'Listahan ng Subasta' }).waitFor();
    await page.locator('main').getByText(/Naremata: wala pang presyo|Ibinebenta sa|Walang gamit para sa subasta/).first().waitFor();
    await check(page, 'auction');

    await go(page, '/lending/covered');
    await page.getByRole('heading', { name: 'Mga Covered Transaction' }).waitFor();
    await page.locator('main').getByText(/I-file hanggang|Lampas na sa petsa|Walang covered transaction/).first().waitFor();
    await check(page, 'covered');

    // The day's rates: "no rates yet" at most once, and its table fits a phone without scrolling sideways.
    await go(page, '/lending/rates');
    await page.getByRole('heading', { name: 'Mga presyong umiiral' }).waitFor();
    await page.getByRole('rowheader', { name: /^Ginto 18K/ }).waitFor();
    expect(await page.getByText('Wala pang presyong naitakda sa branch na ito.').count()).toBeLessThan(2);
    // The rates' own area too (its metals' names would be taken for English in the demo items' descriptions elsewhere).
    expect(await englishIn(page, 'main', englishOnly('pawnTerms')), 'rates').toEqual([]);
    await check(page, 'rates');
    await page.setViewportSize(PHONE);
    const table = page.locator('main .overflow-x-auto').first();
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth), 'the rates table scrolls at 375 px').toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    await go(page, '/sync');
    await page.getByRole('heading', { name: 'Status ng sync' }).waitFor();
    await page.getByText(/Huling sync: /).waitFor();
    await check(page, 'sync');
    await context.close();
  });

  it('a ticket prints in the pawner’s language whatever the clerk’s screen is (decision 0316)', { timeout: 300_000 }, async () => {
    const tickets = await ticketsOfBothLanguages();
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'en'));
    await page.goto('/lending/customers');
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    await waitForBook(page);

    // An English screen prints a Filipino pawner's ticket in Filipino: its face and the terms on its back.
    await go(page, `/lending/loans/${tickets.fil}/ticket`);
    const ticket = page.locator('[data-ticket]');
    await ticket.getByText('Mga tuntunin at kundisyon').waitFor();
    await ticket.getByText('Nagsangla', { exact: true }).waitFor();
    expect(await ticket.getByText('Terms and conditions').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('ticket-print-language').textContent()).toBe("This ticket prints in Filipino, the pawner's language.");
    await screenshot(page, 'pawner-language-ticket-fil-on-english-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page), 'the Filipino ticket at 375 px').toEqual([]);
    await screenshot(page, 'pawner-language-ticket-fil-on-english-375');
    await page.setViewportSize(DESKTOP);

    // The reverse: a Filipino screen prints an English pawner's ticket in English.
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
    await page.goto(`/lending/loans/${tickets.en}/ticket`);
    await ticket.getByText('Terms and conditions').waitFor();
    await ticket.getByText('Pawner', { exact: true }).waitFor();
    expect(await ticket.getByText('Mga tuntunin at kundisyon').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I-print', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'pawner-language-ticket-en-on-filipino-1280');
    await context.close();
  });

  it('a notice letter prints in the pawner’s language whatever the clerk’s screen is (decision 0316)', { timeout: 300_000 }, async () => {
    const tickets = await ticketsOfBothLanguages('Wika Letter');
    // Each ticket's notice recorded (the pawners have no email: a letter to print).
    const admin = await apiLogin(server, DEMO.admin);
    for (const uuid of Object.values(tickets)) await apiCall(server, admin, 'POST', `/api/loans/${uuid}/notice`, {});
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    const letter = page.locator('[data-letter]');

    // An English screen prints a Filipino pawner's letter in Filipino; the page's own controls stay English.
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'en'));
    await page.goto(`/lending/notices/${tickets.fil}/letter`);
    await letter.getByText(/^Ipinapaalala namin na matatapos sa /).waitFor();
    await letter.getByText('Mahal na Ligaya Wika,').waitFor();
    expect(await letter.getAttribute('lang')).toBe('fil');
    expect(await letter.getByText(/This is to remind you/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Print Letter', exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('letter-print-language').textContent()).toBe("This letter prints in Filipino, the pawner's language.");
    await screenshot(page, 'pawner-language-letter-fil-on-english-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page), 'the Filipino letter at 375 px').toEqual([]);
    await screenshot(page, 'pawner-language-letter-fil-on-english-375');
    await page.setViewportSize(DESKTOP);

    // The reverse: a Filipino screen prints an English pawner's letter in English.
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
    await page.goto(`/lending/notices/${tickets.en}/letter`);
    await letter.getByText(/^This is to remind you that the redemption period of your pawn ticket /).waitFor();
    await letter.getByText('Dear Grace Wika,').waitFor();
    expect(await letter.getAttribute('lang')).toBe('en');
    expect(await letter.getByText(/Ipinapaalala namin/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I-print ang Sulat', exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('letter-print-language').textContent()).toBe('Naka-English ang ipi-print na sulat: ito ang wika ng nagsangla.');
    await screenshot(page, 'pawner-language-letter-en-on-filipino-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page), 'the English letter at 375 px').toEqual([]);
    await screenshot(page, 'pawner-language-letter-en-on-filipino-375');
    await context.close();
  });
});
