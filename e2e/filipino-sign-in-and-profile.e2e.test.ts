import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, DESKTOP, newPage, PHONE, screenshot } from './support/browser';
import { expectAccessible } from './support/checks';
import { atBothWidths as photographed, englishIn, englishOnly } from './support/languages';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Filipino and English (decisions 0245, 0246): Filipino chosen on the sign-in screen carries through the sign-in,
// the signed-in frame and the crisis screen with no English outside names and data; My Profile switches to English
// and back, and the choice is kept on the profile. Screenshots at 1280 and 375 px in Filipino.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const atBothWidths = (page: Parameters<typeof photographed>[0], name: string) => photographed(page, 'filipino-sign-in', name);

describe('Filipino and English', () => {
  it('signs in in Filipino: the sign-in screen, the frame and the crisis screen show no English; My Profile switches to English and back', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fil');
    await page.getByRole('heading', { name: 'Mag-sign in sa iyong account' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect(await englishIn(page, 'main', englishOnly('auth'))).toEqual([]);
    await atBothWidths(page, 'sign-in');

    // A wrong password is refused in Filipino by the server.
    await page.getByPlaceholder('Email').fill(DEMO.student);
    await page.getByPlaceholder('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Mag-sign in' }).click();
    await page.getByRole('alert').getByText('Hindi tugma ang email at password na ito sa aming talaan.').waitFor();

    await page.getByPlaceholder('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Mag-sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('navigation', { name: 'Pangunahing menu' }).waitFor();
    const frameEnglish = [...englishOnly('frame'), ...englishOnly('crisis')];
    expect(await englishIn(page, 'nav, header', frameEnglish)).toEqual([]);
    await page.getByTestId('username').click();
    await page.getByRole('menuitem', { name: 'Aking Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Mag-sign out' }).waitFor();
    expect(await englishIn(page, 'header', frameEnglish)).toEqual([]);
    await page.keyboard.press('Escape');
    await atBothWidths(page, 'frame');
    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: 'Kailangan ko ng tulong ngayon' }).waitFor();
    await page.getByRole('button', { name: 'Buksan ang menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await englishIn(page, '[role="dialog"] nav', frameEnglish)).toEqual([]);
    await screenshot(page, 'filipino-sign-in-frame-menu-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);

    await page.goto('/crisis');
    await page.getByRole('heading', { name: 'Hindi ka nag-iisa. May tutulong sa iyo ngayon.' }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('crisis'))).toEqual([]);
    expect(await page.title()).toBe('Humingi ng tulong ngayon · Kalinga');
    await atBothWidths(page, 'crisis');
    await expectAccessible(page);

    // My Profile: Filipino; English from the Language choice (saved on the profile), then Filipino again.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Aking Profile' }).waitFor();
    await page.getByRole('heading', { name: 'Mga Abiso' }).waitFor();
    await page.getByRole('heading', { name: 'Ang aking record' }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('profile'))).toEqual([]);
    await atBothWidths(page, 'profile');
    await page.getByRole('combobox', { name: 'Wika' }).selectOption('en');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fil');
    await page.getByRole('heading', { name: 'Aking Profile' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Aking Profile' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('opens the crisis screen offline in Filipino: both languages\' catalogs are precached', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fil');
    await page.getByRole('heading', { name: 'Mag-sign in sa iyong account' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/crisis');
    await page.getByRole('heading', { name: 'Hindi ka nag-iisa. May tutulong sa iyo ngayon.' }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('crisis'))).toEqual([]);
    await screenshot(page, 'filipino-sign-in-crisis-offline-375');
    await context.close();
  });
});
