import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('foundation: sign-in, registration, guards, menu, profile', () => {
  it('registers a new company and lands on /appointments as its administrator', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(page, 'register-desktop');
    await page.getByPlaceholder('Name').fill('Nora Head');
    await page.getByPlaceholder('Email').fill('nora@newschool.test');
    await page.getByPlaceholder('Password', { exact: true }).fill('nora-secret-1');
    await page.getByPlaceholder('Confirm password').fill('nora-secret-1');
    await page.getByPlaceholder('School or company (optional)').fill('New School Guidance');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/appointments');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
    // The administrator sees Settings in the menu.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Settings').waitFor();
    await context.close();
  });

  it('shows the spec texts on sign-in, refuses a wrong password, signs out and in again', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByText('Sign in to your account to continue').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-desktop');
    await page.getByPlaceholder('Email').fill(DEMO.personnel);
    await page.getByPlaceholder('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('These credentials do not match our records.');

    await signIn(page, DEMO.personnel);
    expect(new URL(page.url()).pathname).toBe('/appointments');
    // The service worker from /sw.js is registered on load: Workbox's, with the app precached (decision 0085).
    const sw = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL, caches: await caches.keys() };
    });
    expect(sw.scope).toBe(`${server.baseURL}/`);
    expect(sw.script).toBe(`${server.baseURL}/sw.js`);
    expect(sw.caches.some((name) => name.startsWith('workbox-precache'))).toBe(true);
    await page.getByRole('button', { name: /Paula Personnel/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await signIn(page, DEMO.personnel);
    expect(new URL(page.url()).pathname).toBe('/appointments');
    await context.close();
  });

  it('guards: a guest page sends the signed-in to /appointments, a signed-in page sends guests to /login', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await signIn(page, DEMO.student);
    await page.goto('/login');
    await page.waitForURL('**/appointments');
    await page.goto('/register');
    await page.waitForURL('**/appointments');
    // A route the student's role lacks shows a clear page, not a blank one.
    await page.goto('/settings/users');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    await context.close();
  });

  it("a student's menu lacks Settings and Reports; a counselor's has My Schedule and Reports", async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.student);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Appointments').waitFor();
    const studentMenu = await nav.locator('li').allTextContents();
    expect(studentMenu.join('|')).not.toMatch(/Settings|Reports|My Schedule/);
    expect(studentMenu.join('|')).toMatch(/Resources/);
    await page.getByRole('button', { name: /Sam Estudyante/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' }).count()).resolves.toBe(0);
    await context.close();

    const counselor = await newPage(browser, server.baseURL);
    await signIn(counselor.page, DEMO.counselor);
    const counselorNav = counselor.page.getByRole('navigation', { name: 'Main' });
    await counselorNav.getByText('My Schedule').waitFor();
    expect((await counselorNav.locator('li').allTextContents()).join('|')).toMatch(/Reports/);
    await counselor.context.close();
  });

  it('greys out the menu with "(Offline)" when the browser goes offline', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByText('Appointments').waitFor();
    await context.setOffline(true);
    const offlineEntry = page.getByRole('navigation', { name: 'Main' }).getByText('Appointments (Offline)');
    await offlineEntry.waitFor();
    expect(await offlineEntry.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'layout-offline-desktop');
    await context.setOffline(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).waitFor();
    await context.close();
  });

  it('changes the profile name and password', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor2);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'profile-desktop');
    await page.getByLabel('Full Name').fill('Jose R. Manalo');
    await page.getByLabel('Current Password').fill('kalinga-demo');
    await page.getByLabel('New Password').fill('a-new-password-9');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    expect(await page.getByLabel('Current Password').inputValue()).toBe('');
    await expect(page.getByTestId('username').textContent()).resolves.toBe('Jose R. Manalo');

    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password').fill('another-pass-9');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('The current password is incorrect.');
    await context.close();

    const again = await newPage(browser, server.baseURL);
    await signIn(again.page, DEMO.counselor2, 'a-new-password-9');
    expect(new URL(again.page.url()).pathname).toBe('/appointments');
    await again.context.close();
  });

  it('is usable at 375 px: the sidebar is a slide-over panel', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await page.goto('/login');
    await screenshot(page, 'login-phone');
    await signIn(page, DEMO.admin);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await screenshot(page, 'profile-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.getByText('Settings').waitFor();
    await screenshot(page, 'menu-phone');
    await page.getByRole('button', { name: 'Close menu' }).click({ position: { x: 360, y: 400 } });
    await expect(panel.count()).resolves.toBe(0);
    expect(DESKTOP.width).toBeGreaterThan(PHONE.width);
    await context.close();
  });
});
