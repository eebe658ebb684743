import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, screenshot, signIn } from './support/browser';
import { atBothWidths as photographed, atFirstBranch, englishIn, englishOnly } from './support/languages';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Administration in Filipino (decisions 0245, 0248, 0271): the demo administrator who chose Filipino walks Users,
// Roles & Permissions, Categories, Resources and Site Settings, with their dialogs and the shared components, and
// finds none of those areas' English messages and no message left unformatted; nothing overflows at 375 px.
// Screenshots at 1280 and 375 px.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const atBothWidths = (page: Page, name: string) => photographed(page, 'filipino-administration', name);

/** The demo administrator's page at the first branch, with Filipino chosen on the device. */
async function administrator() {
  const { context, page } = await newPage(browser, server.baseURL);
  await atFirstBranch(context, server, DEMO.admin);
  await signIn(page, DEMO.admin);
  await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
  return { context, page };
}

// Two walks of the administration screens, each its own test: one walk of them all ran past the test's minute on a
// loaded machine (fourteen full-page screenshots and overflow checks), while each screen is quick.
describe('Administration in Filipino', () => {
  it('Users, Roles and Categories show no English of their areas, and fit at 375 px', async () => {
    const { context, page } = await administrator();

    await page.goto('/settings/users');
    await page.getByRole('heading', { name: 'Mga User' }).waitFor();
    await page.getByTestId('user-row').first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'users'))).toEqual([]);
    await atBothWidths(page, 'users');
    await page.getByRole('button', { name: 'Magdagdag ng User' }).first().click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByLabel('Buong Pangalan').waitFor();
    expect(await englishIn(page, '[data-testid="drawer"]', englishOnly('common', 'users'))).toEqual([]);
    await atBothWidths(page, 'user-form');
    await drawer.getByRole('button', { name: 'Isara' }).click();

    await page.goto('/settings/roles');
    await page.getByRole('heading', { name: 'Mga Role at Pahintulot' }).waitFor();
    await page.getByText('pamahalaan ang mga user').first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'roles'))).toEqual([]);
    await atBothWidths(page, 'roles');

    await page.goto('/categories');
    await page.getByRole('heading', { name: 'Mga Kategorya' }).waitFor();
    await page.getByTestId('category-card').first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'categories'))).toEqual([]);
    await atBothWidths(page, 'categories');
    await page.getByRole('button', { name: 'Magdagdag ng Kategorya' }).click();
    await page.getByTestId('drawer').getByText('Pamagat').waitFor();
    expect(await englishIn(page, '[data-testid="drawer"]', englishOnly('common', 'categories'))).toEqual([]);
    await atBothWidths(page, 'category-form');
    await page.keyboard.press('Escape');

    // A delete confirmation, from the shared dialog, in Filipino.
    await page.getByTestId('category-card').first().getByRole('button', { name: /^Burahin / }).click();
    const confirm = page.getByRole('dialog', { name: 'Sigurado ka ba?' });
    await confirm.getByRole('button', { name: 'Oo, burahin!' }).waitFor();
    await screenshot(page, 'filipino-administration-confirm-1280');
    await confirm.getByRole('button', { name: 'Kanselahin' }).click();
    await context.close();
  });

  it('Resources, Site Settings and Reports show no English of their areas, and fit at 375 px', async () => {
    const { context, page } = await administrator();
    await page.goto('/resources');
    await page.getByRole('heading', { name: 'Mga Resource' }).waitFor();
    await page.getByTestId('resource-card').first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'resources'))).toEqual([]);
    await atBothWidths(page, 'resources');
    await page.getByRole('button', { name: 'Magdagdag ng Resource' }).click();
    const modal = page.getByRole('dialog', { name: 'Magdagdag ng Resource' });
    await modal.getByText('Nilalaman').waitFor();
    expect(await englishIn(page, 'dialog[open]', englishOnly('common', 'resources'))).toEqual([]);
    await atBothWidths(page, 'resource-form');
    await modal.getByRole('button', { name: 'Kanselahin' }).click();
    await page.getByTestId('resource-card').first().getByRole('link', { name: /^Basahin pa/ }).click();
    await page.getByRole('link', { name: 'Bumalik sa mga Resource' }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'resources'))).toEqual([]);
    await atBothWidths(page, 'resource');

    await page.goto('/settings/site');
    await page.getByRole('heading', { name: 'Mga Setting ng Site' }).waitFor();
    await page.getByLabel('Pangalan ng Site').waitFor();
    await page.getByRole('heading', { name: 'Mga case note' }).waitFor();
    await page.getByRole('heading', { name: 'Mga Abiso sa Email' }).waitFor();
    await page.getByRole('button', { name: 'I-save ang mga Setting sa Kaligtasan' }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'settings'))).toEqual([]);
    await atBothWidths(page, 'site-settings');

    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Mga Ulat ng Appointment (Araw-araw)' }).waitFor();
    await page.getByRole('heading', { name: 'Ayon sa Kategorya' }).waitFor();
    await page.getByRole('region', { name: 'No-show Rate' }).getByRole('table').first().waitFor();
    await atBothWidths(page, 'reports');
    // The screen's own words (a failing report's alert carries the server's message, not the screen's).
    expect(await englishIn(page, 'main :is(h1, h2, h3, label, option, th, caption, p, button)', englishOnly('common', 'reports'))).toEqual([]);
    await context.close();
  });

  it("the counselor's Clients, a client file and its case notes, and the privacy officer's Files to purge and Access log, show no English of their areas", async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Mga Kliyente' }).waitFor();
    await page.getByTestId('client-row').first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('common', 'clients'))).toEqual([]);
    await atBothWidths(page, 'clients');
    await page.getByTestId('client-row').first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    // The timeline's entries are the server's words: the screen's own are its headings, controls and banners.
    expect(await englishIn(page, 'main h1, main h2, main button, main label, main legend, main [role="status"], main figcaption', englishOnly('common', 'clients'))).toEqual([]);
    await atBothWidths(page, 'client-file');
    await page.getByRole('button', { name: 'I-refer' }).click();
    const refer = page.getByRole('dialog', { name: 'I-refer sa ibang counselor' });
    await refer.getByLabel('Dahilan').waitFor();
    expect(await englishIn(page, 'dialog[open]', englishOnly('common', 'clients'))).toEqual([]);
    await screenshot(page, 'filipino-administration-refer-1280');
    await refer.getByRole('button', { name: 'Kanselahin' }).click();
    await page.getByRole('link', { name: 'Mga case note' }).first().click();
    await page.getByRole('heading', { name: 'Mga case note ng kliyente' }).waitFor();
    await page.getByRole('button', { name: 'Bagong contact note' }).waitFor();
    expect(await englishIn(page, 'main h1, main h2, main button, main [data-testid="case-note"]', englishOnly('common', 'caseNotes'))).toEqual([]);
    await atBothWidths(page, 'case-notes');
    await context.close();

    const officer = await newPage(browser, server.baseURL);
    await signIn(officer.page, 'privacy@demo.kalinga.test');
    await officer.page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
    await officer.page.goto('/files-to-purge');
    await officer.page.getByRole('heading', { name: 'Mga file na buburahin' }).waitFor();
    await officer.page.locator('[data-testid="purge-row"], main h3').first().waitFor();
    expect(await englishIn(officer.page, 'main', englishOnly('common', 'clients'))).toEqual([]);
    await atBothWidths(officer.page, 'files-to-purge');
    await officer.page.goto('/access-log');
    await officer.page.getByRole('heading', { name: 'Talaan ng pagbukas' }).waitFor();
    await officer.page.locator('[data-testid="access-row"], main h3').first().waitFor();
    expect(await englishIn(officer.page, 'main', englishOnly('common', 'accessLog'))).toEqual([]);
    await atBothWidths(officer.page, 'access-log');
    await officer.context.close();
  });
});
