import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DEMO, newPage, PHONE, SCREENSHOT_DIR, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { toast } from './support/checks';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

// A 1×1 PNG, for the logo upload.
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The phone layout has no exceptions: the user-menu button carries its own label. */
async function phoneViolations(page: Page) {
  return axeViolations(page);
}

async function mainNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.first().waitFor();
  return nav.first();
}

describe('administration: users, roles, site settings', () => {
  it('the administrator creates a counselor, who then signs in and sets a schedule', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/settings');
    await page.waitForURL('**/settings/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByTestId('user-row').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-desktop');

    await page.getByRole('button', { name: 'Add User' }).first().click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByRole('heading', { name: 'Add User' }).waitFor();
    await drawer.getByLabel('Full Name').fill('Dr. Lea Salonga');
    await drawer.getByLabel('Email').fill('lea@demo.kalinga.test');
    await drawer.getByLabel('Password').fill('lea-counsels-1');
    await drawer.getByLabel('User Type').selectOption('counselor');
    await drawer.getByLabel('Department').fill('Guidance Office');
    await screenshot(page, 'admin-user-drawer-desktop');
    await drawer.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully');

    await page.getByLabel('Search users').fill('salonga');
    await page.getByText('Showing 1–1 of 1 users').waitFor();
    const row = page.getByTestId('user-row').filter({ hasText: 'Dr. Lea Salonga' });
    expect(await page.getByTestId('user-row').count()).toBe(1);
    await expect(row.textContent()).resolves.toContain('counselor');
    await context.close();

    const counselor = await newPage(browser, server.baseURL);
    await signIn(counselor.page, 'lea@demo.kalinga.test', 'lea-counsels-1');
    const nav = await mainNav(counselor.page);
    await nav.getByText('My Schedule').click();
    await counselor.page.waitForURL('**/schedule');
    await counselor.page.getByLabel('Monday available').check();
    await counselor.page.getByRole('button', { name: 'Save Schedule' }).click();
    await toast(counselor.page, 'Schedule updated successfully');
    await counselor.context.close();
  });

  it('keeps what was typed and shows field messages when the server refuses', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Add User' }).first().click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByLabel('Full Name').fill('Copy Cat');
    await drawer.getByLabel('Email').fill(DEMO.student);
    await drawer.getByLabel('Password').fill('copycat-123');
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    // The date input's max stops a picker, not a typed value; the server has the last word.
    await drawer.getByLabel('Birth Date').evaluate((el, v) => {
      const input = el as HTMLInputElement;
      input.removeAttribute('max');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, future);
    await drawer.getByRole('button', { name: 'Create User' }).click();
    // The field message; the same sentence also shows in the toast, which sits inside the open drawer (decision 0054).
    await drawer.locator('form').getByText('The birth date cannot be in the future.').waitFor();
    await page.locator('[data-sonner-toast]').getByText('The birth date cannot be in the future.').waitFor();
    expect(await drawer.getByLabel('Full Name').inputValue()).toBe('Copy Cat');
    expect(await drawer.getByLabel('Password').inputValue()).toBe('copycat-123');
    await drawer.getByLabel('Birth Date').fill('2001-06-19');
    await drawer.getByRole('button', { name: 'Create User' }).click();
    await drawer.locator('form').getByText('The email has already been taken.').waitFor();
    expect(await drawer.locator('form').getByText('The birth date cannot be in the future.').count()).toBe(0);
    expect(await drawer.getByLabel('Email').inputValue()).toBe(DEMO.student);
    await screenshot(page, 'admin-user-errors-desktop');
    await context.close();
  });

  it('deactivates and deletes with the spec confirmation', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Add User' }).first().click();
    const drawer = page.getByTestId('drawer');
    await drawer.getByLabel('Full Name').fill('Temporary Person');
    await drawer.getByLabel('Email').fill('temp@demo.kalinga.test');
    await drawer.getByLabel('Password').fill('temporary-1');
    await drawer.getByLabel('User Type').selectOption('personnel');
    await drawer.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully');
    await page.getByLabel('Search users').fill('temporary');
    const row = page.getByTestId('user-row').filter({ hasText: 'Temporary Person' });
    await row.waitFor();

    await row.getByLabel('Temporary Person is active').click();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'User deactivated successfully');
    await row.getByText('Inactive').waitFor();

    await row.getByRole('button', { name: 'Delete Temporary Person' }).click();
    await page.getByText('Are you sure you want to delete "Temporary Person"? This action cannot be undone.').waitFor();
    await screenshot(page, 'admin-user-delete-confirm-desktop');
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await toast(page, 'User deleted successfully');
    await page.getByText('No users found').waitFor();
    await context.close();
  });

  it('removing view reports from the counselor role hides Reports for counselors', async () => {
    const counselor = await newPage(browser, server.baseURL);
    await signIn(counselor.page, DEMO.counselor);
    expect(await (await mainNav(counselor.page)).getByText('Reports').count()).toBe(1);

    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/roles');
    const cell = page.getByLabel('counselor: view reports');
    await cell.waitFor();
    expect(await cell.isChecked()).toBe(true);
    // The admin role can never lose 'manage users'.
    expect(await page.getByLabel('admin: manage users').isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-roles-desktop');
    await cell.uncheck();
    await page.getByRole('button', { name: 'Save counselor' }).click();
    await toast(page, 'Permissions of "counselor" updated successfully');

    // The counselor's next page load has no Reports entry, and /reports is refused.
    await counselor.page.reload();
    const nav = await mainNav(counselor.page);
    await nav.getByText('Appointments').waitFor();
    expect(await nav.getByText('Reports').count()).toBe(0);
    const status = await counselor.page.evaluate(async () => {
      const res = await fetch('/api/reports/appointments-by-category-daily', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.status;
    });
    expect(status).toBe(403);

    // Put it back for the other tests.
    await page.getByLabel('counselor: view reports').check();
    await page.getByRole('button', { name: 'Save counselor' }).click();
    await toast(page, 'Permissions of "counselor" updated successfully');

    // Add a role from the screen.
    await page.getByRole('button', { name: 'Add Role' }).click();
    await page.getByLabel('Role Name').fill('Peer Facilitator');
    await page.getByRole('dialog').getByLabel('view resources').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Add Role' }).click();
    await toast(page, 'Role created successfully');
    expect(await page.getByLabel('Peer Facilitator: view resources').isChecked()).toBe(true);
    await context.close();
    await counselor.context.close();
  });

  it('changing the site name and logo shows in the sidebar and title for everyone', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/site');
    const name = page.getByLabel('Site Name');
    await name.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await name.fill('Bayanihan Guidance');
    await page.getByLabel('Site Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    await page.getByTestId('logo-preview').waitFor();
    await page.getByLabel('Appointment Length (minutes)').fill('45');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings updated successfully');
    await page.getByTestId('site-name').filter({ hasText: 'Bayanihan Guidance' }).waitFor();
    expect(await page.title()).toContain('Bayanihan Guidance');
    await screenshot(page, 'admin-site-settings-desktop');

    // A bad duration is refused by the server with its message; the form keeps the input.
    await page.getByLabel('Appointment Length (minutes)').fill('500');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Failed to update settings');
    await page.getByText('The appointment duration must be between 15 and 240 minutes.').waitFor();
    expect(await page.getByLabel('Appointment Length (minutes)').inputValue()).toBe('500');

    // Offline: the message of product-rules.md#screen-administration, nothing sent.
    await context.setOffline(true);
    await page.getByText('Cannot update settings while offline').first().waitFor();
    expect(await page.getByRole('button', { name: 'Save Settings' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await context.close();

    const student = await newPage(browser, server.baseURL);
    await signIn(student.page, DEMO.student);
    await student.page.getByTestId('site-name').filter({ hasText: 'Bayanihan Guidance' }).waitFor();
    expect(await student.page.title()).toContain('Bayanihan Guidance');
    const logo = await student.page.getByRole('navigation', { name: 'Main' }).first().locator('img').first().getAttribute('src');
    expect(logo).toMatch(/^\/uploads\/.+\.png$/);
    await student.context.close();
  });

  it('nobody without manage users reaches the settings screens', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    const nav = await mainNav(page);
    expect(await nav.getByText('Settings').count()).toBe(0);
    for (const path of ['/settings/users', '/settings/roles', '/settings/site']) {
      await page.goto(path);
      await page.getByText("You don't have access to this page").waitFor();
    }
    await context.close();
  });

  it('the three screens work on a 375 px phone', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/users');
    await page.getByTestId('user-card').first().waitFor();
    expect(await phoneViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-phone');
    await page.getByRole('button', { name: 'Add User' }).first().click();
    await page.getByTestId('drawer').getByLabel('Full Name').waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-user-drawer-phone.png` });
    await page.getByTestId('drawer').getByRole('button', { name: 'Close' }).click();
    await page.goto('/settings/roles');
    await page.getByTestId('role-card-counselor').waitFor();
    expect(await phoneViolations(page)).toEqual([]);
    await screenshot(page, 'admin-roles-phone');
    await page.goto('/settings/site');
    await page.getByLabel('Site Name').waitFor();
    await screenshot(page, 'admin-site-settings-phone');
    // Nothing wider than the screen on the form page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
