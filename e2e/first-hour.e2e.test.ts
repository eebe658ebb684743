import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { overflowing, toast } from './support/checks';
import { axeViolations, DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The first minutes of each kind of user on a device: where sign-in lands them, that nothing on the screen is
// refused by the server, and what the frame offers them (decision 0145).
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const READER = 'reports-reader@demo.kalinga.test';
const VOLUNTEER = 'volunteer@demo.kalinga.test';
const PASSWORD = 'first-hour-pass-1';

/** The server's refusals (401, 403) the page met, and the errors it logged. */
function watchRefusals(page: Page): { refused: string[]; errors: string[] } {
  const seen = { refused: [] as string[], errors: [] as string[] };
  page.on('response', (r) => {
    if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403)) seen.refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  return seen;
}

async function menuLabels(page: Page): Promise<string[]> {
  return page.locator('aside nav[aria-label="Main"] ul.menu > li').evaluateAll((items) => items.map((li) => (li.querySelector('a, span')?.textContent ?? '').trim()));
}

let extrasMade = false;
/** A reports-only reader (a custom role with 'view reports') and a volunteer whose role opens no screen. */
async function makeExtraUsers(): Promise<void> {
  if (extrasMade) return;
  extrasMade = true;
  const admin = await apiLogin(server, DEMO.admin);
  await apiCall(server, admin, 'POST', '/api/roles', { name: 'Report reader', permissions: ['view reports'] });
  await apiCall(server, admin, 'POST', '/api/roles', { name: 'Volunteer', permissions: [] });
  await apiCall(server, admin, 'POST', '/api/users', { name: 'Rhea Ulat', email: READER, user_type: 'personnel', roles: ['Report reader'], password: PASSWORD });
  await apiCall(server, admin, 'POST', '/api/users', { name: 'Vito Boluntaryo', email: VOLUNTEER, user_type: 'personnel', roles: ['Volunteer'], password: PASSWORD });
}

/**
 * What a screen still loading shows: a busy region, a skeleton, or the placeholder of a report whose data is on its
 * way (a report's CSV button is enabled in the drawing that takes it away; axe judging before caught the button's
 * colour mid-transition from disabled). Not the placeholder laid over a chart that is drawn once scrolled near
 * (`absolute`, decision 0314): below the fold it stays, and the button above it is at rest.
 */
const STILL_LOADING = 'main [aria-busy="true"], main .skeleton, main [data-testid="chart-placeholder"]:not(.absolute)';

const ROLES: { who: string; email: string; password?: string; lands: string; heading: string; menu: string[] }[] = [
  { who: 'admin', email: DEMO.admin, lands: '/appointments', heading: 'Appointments', menu: ['Appointments', 'Waitlist', 'Categories', 'Resources', 'Reports', 'Lending', 'Groups', 'Settings'] },
  { who: 'counselor', email: DEMO.counselor, lands: '/appointments', heading: 'Appointments', menu: ['Appointments', 'Waitlist', 'Categories', 'Resources', 'Reports', 'Triage', 'My Schedule', 'Groups', 'Clients', 'Notes to review'] },
  { who: 'student', email: DEMO.student, lands: '/appointments', heading: 'Appointments', menu: ['Appointments', 'Waitlist', 'Workshops', 'Categories', 'Resources'] },
  { who: 'clerk', email: DEMO.clerk, lands: '/lending/loans', heading: 'Loans', menu: ['Lending'] },
  { who: 'reader', email: READER, password: PASSWORD, lands: '/reports', heading: 'Appointment Reports (Daily Series)', menu: ['Reports'] },
  { who: 'volunteer', email: VOLUNTEER, password: PASSWORD, lands: '/profile', heading: 'My Profile', menu: [] },
];

describe('the first screen after sign-in', () => {
  for (const role of ROLES) {
    it(`lands the ${role.who} on ${role.lands}, with nothing refused and only their own menu`, async () => {
      await makeExtraUsers();
      for (const viewport of [DESKTOP, PHONE]) {
        const { context, page } = await newPage(browser, server.baseURL, viewport);
        const seen = watchRefusals(page);
        await signIn(page, role.email, role.password);
        await page.waitForURL((url) => url.pathname === role.lands);
        await page.getByRole('heading', { level: 1, name: role.heading }).waitFor();
        await expect.poll(() => page.locator(STILL_LOADING).count(), { timeout: 20_000 }).toBe(0);
        expect(await page.getByText('This action is unauthorized.').count()).toBe(0);
        if (viewport === DESKTOP) expect(await menuLabels(page)).toEqual(role.menu);
        // Reloaded at '/', the device takes the user to the same screen without asking for what they may not see.
        await page.goto('/');
        await page.waitForURL((url) => url.pathname === role.lands || (role.lands === '/appointments' && url.pathname === '/'));
        await page.getByRole('heading', { level: 1, name: role.heading }).waitFor();
        // The screen is judged as the user reads it: once its sections have loaded, as before the reload.
        await expect.poll(() => page.locator(STILL_LOADING).count(), { timeout: 20_000 }).toBe(0);
        expect(seen.refused).toEqual([]);
        expect(seen.errors.filter((e) => /403|unauthori[sz]ed/i.test(e))).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `first-hour-landing-${role.who}-${viewport.width}`);
        await context.close();
      }
    }, 180_000);
  }

  it("a clerk who opens Appointments by its address is told it is not theirs, and nothing is asked of the server", async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    const seen = watchRefusals(page);
    await signIn(page, DEMO.clerk);
    await page.waitForURL('**/lending/loans');
    await page.goto('/appointments');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    expect(await page.getByRole('button', { name: 'Book Appointment' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to your start page' }).click();
    await page.waitForURL('**/lending/loans');
    expect(seen.refused).toEqual([]);
    await context.close();
  });
});

/** axe's serious and critical findings on the toasts alone, once they have stopped moving. */
async function toastContrast(page: Page): Promise<{ id: string; nodes: number }[]> {
  const toastNode = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await toastNode.waitFor();
  // A pointer over it holds the toast (sonner pauses its timer), so it stays while axe reads it.
  await toastNode.hover();
  await expect.poll(() => toastNode.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run('[data-sonner-toaster]', { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.length }));
  });
}

/** Which appointment card holds the focus ('BODY' when focus fell back to the page). */
const focusedCard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-testid="appointment-card"]')?.dataset.uuid ?? document.activeElement?.tagName ?? 'none');

describe("focus after a counselor's status change", () => {
  it('goes to the next card on the list after Confirm and after Cancel from the Status menu, never to the page body', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByRole('tab', { name: /Pending/ }).waitFor();
    const cards = page.getByTestId('appointment-card');
    await cards.nth(2).waitFor();
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).getAttribute('data-uuid')));
    // axe goes into the page beforehand: the toast it is to read lasts 3 s.
    await page.evaluate(fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
    await cards.first().getByRole('button', { name: 'Confirm' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Appointment confirmed successfully');
    await expect.poll(() => focusedCard(page)).toBe(second);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Confirm');
    // The success toast, once it has finished coming in, reads at 4.5:1 or better.
    expect(await toastContrast(page)).toEqual([]);
    expect(first).not.toBe(second);

    // The Status menu's Cancel asks first; the card leaves Pending and focus goes to the one that took its place.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: /Cancel/ }).waitFor();
    await page.getByRole('menuitem', { name: /Cancel/ }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, 'Appointment cancelled successfully');
    await expect.poll(() => focusedCard(page)).toBe(third);
    await screenshot(page, 'first-hour-focus-after-cancel-1280');
    await context.close();
  });
});

describe('the warning colour', () => {
  it("Site Settings' offline warning reads at 4.5:1 or better, at both widths", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/site');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => page.locator('main .skeleton, main [aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
      await context.setOffline(true);
      const warning = page.locator('.alert-warning');
      await warning.first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `first-hour-site-settings-offline-${viewport.width}`);
      await context.close();
    }
  });
});

describe('typing a date in Book Appointment', () => {
  it('asks for the free times only once the whole date is typed', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    const asked: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/appointments/available-')) asked.push(`${r.status()} ${url.searchParams.get('date') ?? url.searchParams.get('month')}`);
    });
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Counselor').selectOption({ index: 1 });
    const thisMonth = new Date().toISOString().slice(0, 7);
    await expect.poll(() => asked.some((a) => a.endsWith(thisMonth))).toBe(true);
    asked.length = 0;
    const next = new Date(Date.now() + 20 * 86_400_000);
    const [y, m, d] = [next.getFullYear(), next.getMonth() + 1, next.getDate()];
    const date = dialog.getByLabel('Date', { exact: true });
    await date.click();
    await page.keyboard.type(`${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${y}`, { delay: 80 });
    const whole = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    await expect.poll(() => date.inputValue()).toBe(whole);
    await expect.poll(() => asked.some((a) => a === `200 ${whole}`)).toBe(true);
    expect(asked.filter((a) => !a.startsWith('200'))).toEqual([]);
    expect(asked.filter((a) => !a.endsWith(whole) && !a.endsWith(whole.slice(0, 7)))).toEqual([]);
    await context.close();
  });
});

/** Width and height of each element the locator finds, rounded to whole pixels. */
const sizes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; }));

describe('one format for times, and the small things', () => {
  it("the calendar says '8:00 AM' like the lists, and its booking form's month buttons are at least 24×24", async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await page.locator('.fc-timegrid-slot-label-cushion').first().waitFor();
    const labels = await page.locator('.fc-timegrid-slot-label-cushion').allTextContents();
    expect(labels.filter(Boolean).every((l) => /^\d{1,2}:\d{2} (AM|PM)$/.test(l)), labels.join(' | ')).toBe(true);
    const times = await page.locator('.fc-event .cal-event-time, .fc-event .block.truncate').first().textContent();
    expect(times).toMatch(/^\d{1,2}:\d{2}( AM| PM)? – \d{1,2}:\d{2} (AM|PM)$/);
    await screenshot(page, 'first-hour-calendar-1280');

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Next month' }).waitFor();
    for (const [w, h] of await sizes(page, '[aria-label="Previous month"], [aria-label="Next month"]')) {
      expect(w).toBeGreaterThanOrEqual(24);
      expect(h).toBeGreaterThanOrEqual(24);
    }
    await screenshot(page, 'first-hour-booking-form-1280');
    await context.close();
  });

  it("at 375 px the top bar says 'Online' or 'Offline' in words, and the toast's close button is 24×24", async () => {
    for (const email of [DEMO.admin, DEMO.student]) {
      const { context, page } = await newPage(browser, server.baseURL, PHONE);
      await signIn(page, email);
      const state = page.locator('header').getByText('Online', { exact: true });
      await state.waitFor();
      expect(await state.isVisible()).toBe(true);
      await context.setOffline(true);
      await page.locator('header').getByText('Offline', { exact: true }).waitFor();
      await screenshot(page, `first-hour-topbar-offline-${email === DEMO.admin ? 'admin' : 'student'}-375`);
      expect(await overflowing(page, 'header *')).toEqual([]);
      await context.setOffline(false);
      await state.waitFor();
      await context.close();
    }
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.getByTestId('appointment-card').first().getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Appointment confirmed successfully');
    await page.locator('[data-sonner-toast]').first().hover();
    const [[w, h]] = await sizes(page, '[data-sonner-toast] [data-close-button]');
    expect([w, h]).toEqual([24, 24]);
    await screenshot(page, 'first-hour-toast-375');
    await context.close();
  });
});

describe('landlord and tenant', () => {
  it('are not offered on the Users screen (filter, form) nor on Roles & Permissions', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/users');
      await page.locator('[data-testid="user-row"]:visible, [data-testid="user-card"]:visible').first().waitFor();
      const filter = await page.getByLabel('Filter by role').locator('option').allTextContents();
      expect(filter).toContain('counselor');
      expect(filter.filter((o) => /landlord|tenant/.test(o))).toEqual([]);
      await page.getByRole('button', { name: 'Add User' }).first().click();
      const drawer = page.getByTestId('drawer');
      await drawer.getByRole('heading', { name: 'Add User' }).waitFor();
      const roles = await drawer.locator('fieldset label').allTextContents();
      expect(roles.map((r) => r.trim())).toContain('student');
      expect(roles.filter((r) => /landlord|tenant/.test(r))).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `first-hour-user-form-${viewport.width}`);
      await page.goto('/settings/roles');
      await page.locator('[data-testid^="role-"]:visible').first().waitFor();
      expect(await page.locator('[data-testid="role-row-admin"]:visible, [data-testid="role-card-admin"]:visible').count()).toBe(1);
      expect(await page.locator('[data-testid$="-landlord"], [data-testid$="-tenant"]').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `first-hour-roles-${viewport.width}`);
      await context.close();
    }
  }, 180_000);
});
