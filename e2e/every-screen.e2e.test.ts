import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { overflowing } from './support/checks';
import { checkScreen, go, violationTargets, waitForBook } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Every screen each demo role can open, at 1280 and 375 px: axe finds no serious or critical issue and nothing sticks
// out past the right edge. One browser and one server; each role signs in once and moves between its screens in the
// app (no reload), resizing the page for the phone pass. Every finding is gathered, so one run names them all.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});


/** A screen is up: its heading is shown and nothing in the main area is still loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('main .loading, main [aria-busy="true"], main .skeleton').count(), { timeout: 20_000 }).toBe(0);
}

async function visitAll(page: Page, role: string, paths: readonly string[], findings: string[]): Promise<void> {
  for (const [viewport, width] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      const where = `${role} ${path} at ${width}`;
      try {
        await go(page, path);
        await page.waitForURL((url) => url.pathname === path);
        await settled(page);
        const wide = await overflowing(page);
        if (wide.length > 0) findings.push(`${where}: sticks out: ${wide.join('; ')}`);
        await checkScreen(page, `every-screen-${role}${path.replaceAll('/', '-')}-${width}`);
      } catch (error) {
        // The axe findings by rule and element, when it was axe that failed.
        const axe = await violationTargets(page).catch(() => []);
        findings.push(`${where}: ${axe.length > 0 ? axe.join(' | ') : error instanceof Error ? error.message.split('\n').slice(0, 12).join(' | ') : String(error)}`);
      }
    }
  }
}

describe('every screen of every demo role', () => {
  it('is axe clean and fits at 1280 and 375 px', { timeout: 600_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const resources = await apiCall<{ data: { id: number }[] }>(server, admin, 'GET', '/api/resources');
    const resource = `/resources/${resources.data[0].id}`;
    const clerkApi = await apiLogin(server, DEMO.clerk);
    const loans = await apiCall<{ data: { uuid: string; customer_uuid?: string; customer?: { uuid: string } }[] }>(server, clerkApi, 'GET', '/api/loans?per_page=1');
    const customers = await apiCall<{ data: { uuid: string }[] }>(server, clerkApi, 'GET', '/api/customers?per_page=1');
    const loan = `/lending/loans/${loans.data[0].uuid}`;
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const triage = await apiCall<{ data: { client_id: number }[] }>(server, counselorApi, 'GET', '/api/triage');

    const roles: { name: string; email: string; paths: string[]; book?: boolean }[] = [
      { name: 'admin', email: DEMO.admin, paths: ['/appointments', '/waitlist', '/categories', '/resources', resource, '/reports', '/sync', '/profile', '/settings/users', '/settings/roles', '/settings/site'] },
      { name: 'counselor', email: DEMO.counselor, paths: ['/appointments', '/waitlist', '/categories', '/resources', resource, '/reports', '/triage', `/clients/${triage.data[0].client_id}/screenings`, '/schedule', '/profile'] },
      { name: 'personnel', email: DEMO.personnel, paths: ['/appointments', '/waitlist', '/resources', resource, '/intake', '/profile'] },
      { name: 'student', email: DEMO.student, paths: ['/appointments', '/waitlist', '/resources', resource, '/intake', '/profile'] },
      { name: 'privacy', email: 'privacy@demo.kalinga.test', paths: ['/access-log', '/profile'] },
      {
        name: 'clerk',
        email: DEMO.clerk,
        book: true,
        paths: ['/lending/loans', '/lending/loans/new', loan, `${loan}/ticket`, '/lending/customers', `/lending/customers/${customers.data[0].uuid}`, '/lending/items', '/lending/notices', '/lending/auction', '/sync', '/profile'],
      },
    ];
    const findings: string[] = [];
    for (const role of roles) {
      const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
      await signIn(page, role.email);
      if (role.book) await waitForBook(page);
      await visitAll(page, role.name, role.paths, findings);
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});
