import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage } from './support/browser';
import { atBothWidths as photographed, englishIn, englishOnly, signInInFilipino } from './support/languages';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The booking side in Filipino (decisions 0245, 0248): a student and a counselor who chose Filipino walk their
// screens (appointments, the waitlist, the intake questionnaire, the notifications, My Schedule, Triage and a
// client's screenings) and find none of those areas' English messages, and nothing overflows at 375 px.
// Screenshots at 1280 and 375 px in Filipino.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const atBothWidths = (page: Page, name: string) => photographed(page, 'filipino-booking-side', name);

describe('the booking side in Filipino', () => {
  it('a student: Appointments, the waitlist, the intake questionnaire and the notifications show no English', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signInInFilipino(page, DEMO.student);

    await page.goto('/appointments');
    await page.getByRole('heading', { name: 'Mga Appointment' }).waitFor();
    await page.getByRole('tab', { name: /Naghihintay/ }).waitFor();
    await page.getByRole('tab', { name: /Paparating/ }).click();
    // The demo's coming weeks are drawn at random each day: the tab may hold appointments, only group sessions, or nothing.
    await page.locator('main').getByText(/Walang nakitang appointment|Kanselahin|Ilipat ang oras|Session ng grupo/).first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('appointments', 'intake'))).toEqual([]);
    await atBothWidths(page, 'appointments-student');
    const book = page.getByRole('button', { name: 'Mag-book ng Appointment' });
    if (await book.count()) {
      await book.click();
      await page.getByRole('dialog', { name: 'Mag-book ng Appointment' }).waitFor();
      await page.getByRole('dialog').getByText('Dahilan', { exact: true }).waitFor();
      expect(await englishIn(page, '[role="dialog"]', englishOnly('appointments'))).toEqual([]);
      await atBothWidths(page, 'booking-form');
      await page.keyboard.press('Escape');
    }

    await page.goto('/waitlist');
    await page.getByRole('heading', { name: 'Waitlist', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Sumali sa waitlist' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect(await englishIn(page, 'main', englishOnly('waitlist'))).toEqual([]);
    await atBothWidths(page, 'waitlist-student');

    await page.goto('/intake');
    await page.getByRole('heading', { name: 'Intake questionnaire' }).waitFor();
    await page.getByText('Sa nakaraang 2 linggo, gaano kadalas kang nagambala ng alinman sa mga sumusunod na problema?').waitFor();
    await page.getByRole('button', { name: 'Ipadala ang mga sagot ko' }).click();
    await page.getByRole('alert').getByText('Pakisagot ang bawat tanong (16 pa ang natitira).').waitFor();
    expect(await englishIn(page, 'main', englishOnly('intake'))).toEqual([]);
    await atBothWidths(page, 'intake');

    await page.goto('/waitlist');
    await page.getByRole('heading', { name: 'Sumali sa waitlist' }).waitFor();
    await page.getByTestId('notification-bell').click();
    await page.getByRole('heading', { name: 'Mga Abiso' }).waitFor();
    await page.getByRole('dialog').getByText(/Wala pang abiso|Markahang nabasa/).first().waitFor();
    expect(await englishIn(page, '[role="dialog"]', englishOnly('notifications'))).toEqual([]);
    await atBothWidths(page, 'notifications');
    await context.close();
  });

  it('a counselor: Appointments, the booking form, the calendar, My Schedule, Triage, the staff waitlist and a client\'s screenings show no English', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signInInFilipino(page, DEMO.counselor);

    await page.goto('/appointments');
    await page.getByRole('heading', { name: 'Mga Appointment' }).waitFor();
    await page.getByRole('tab', { name: /Naghihintay/ }).waitFor();
    await page.locator('main').getByText(/Walang nakitang appointment|Kumpirmahin|ESTUDYANTE|EMPLEYADO/).first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('appointments'))).toEqual([]);
    await atBothWidths(page, 'appointments-counselor');
    await page.getByRole('button', { name: 'Mag-book ng Appointment' }).click();
    await page.getByRole('dialog', { name: 'Mag-book ng Appointment' }).waitFor();
    await page.getByRole('dialog').getByText('Bagong Estudyante').first().waitFor();
    expect(await englishIn(page, '[role="dialog"]', englishOnly('appointments'))).toEqual([]);
    await atBothWidths(page, 'booking-form-counselor');
    await page.keyboard.press('Escape');
    await page.goto('/appointments?view=calendar');
    await page.getByRole('group', { name: 'Ipakita ang mga appointment bilang' }).waitFor();
    await page.getByRole('button', { name: 'Ngayon' }).waitFor();
    await page.locator('.fc').waitFor();
    expect(await englishIn(page, 'main', englishOnly('appointments'))).toEqual([]);
    await atBothWidths(page, 'calendar');

    await page.goto('/schedule');
    await page.getByRole('heading', { name: 'Aking Iskedyul' }).waitFor();
    await page.getByText('Lunes', { exact: true }).waitFor();
    expect(await englishIn(page, 'main', englishOnly('schedule'))).toEqual([]);
    await atBothWidths(page, 'schedule-weekly');
    await page.getByRole('tab', { name: 'Walang Booking' }).click();
    await page.getByRole('button', { name: 'Magdagdag ng Petsa' }).click();
    await page.getByRole('dialog', { name: 'Magdagdag ng Petsang Walang Booking' }).waitFor();
    expect(await englishIn(page, 'main, [role="dialog"]', englishOnly('schedule'))).toEqual([]);
    await atBothWidths(page, 'schedule-excluded');
    await page.keyboard.press('Escape');

    await page.goto('/triage');
    await page.getByRole('heading', { name: 'Triage', exact: true }).waitFor();
    await page.getByText(/Nauuna ang mga urgent na kaso/).waitFor();
    await page.locator('main').getByText(/Walang kailangang i-triage|Mga screening/).first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('triage'))).toEqual([]);
    await atBothWidths(page, 'triage');

    const screenings = page.getByRole('link', { name: 'Mga screening' }).first();
    if (await screenings.count()) {
      await screenings.click();
      await page.getByRole('heading', { name: /: mga screening$/ }).waitFor();
      expect(await englishIn(page, 'main', englishOnly('triage', 'intake'))).toEqual([]);
      await atBothWidths(page, 'client-screenings');
    }

    await page.goto('/waitlist');
    await page.getByRole('heading', { name: 'Waitlist', exact: true }).waitFor();
    await page.getByText(/Mga kliyenteng naghihintay ng oras/).waitFor();
    await page.locator('main').getByText(/Walang naghihintay|Sumali/).first().waitFor();
    expect(await englishIn(page, 'main', englishOnly('waitlist'))).toEqual([]);
    await atBothWidths(page, 'waitlist-staff');
    await context.close();
  });
});
