import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DEMO, DESKTOP, newPage, PHONE, SCREENSHOT_DIR, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SECTIONS = ['category', 'age', 'department'] as const;

/**
 * Waits until `count` sections have drawn their chart. A chart is built only when it comes near the viewport and
 * shows a placeholder of its size until it has drawn, so each section with a chart is scrolled to and its
 * placeholder must be gone.
 */
async function chartsDrawn(page: Page, count = 3): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('section canvas').length === n, count, { timeout: 20_000 });
  for (const kind of SECTIONS) {
    const section = page.getByTestId(`report-${kind}`);
    if ((await section.locator('canvas').count()) === 0) continue;
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('chart-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
  }
}

/** The report calls the page makes: the three daily series, and the no-show rate and intake counts below them. */
function reportCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/reports/')) calls.push(r);
  });
  return calls;
}
const daily = (r: Request) => r.url().includes('-daily?');

describe('Appointment Reports', () => {
  it('shows three charts on the demo data, with Chart.js in its own chunk, and refetches when the period changes', async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signIn(page, DEMO.admin);
    const beforeReports = new Set(scripts);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    const calls = reportCalls(page);
    await page.getByRole('heading', { level: 1, name: 'Appointment Reports (Daily Series)' }).waitFor();
    await chartsDrawn(page);
    // Chart.js arrived only now, in a chunk the other screens never loaded.
    expect(scripts.filter((s) => !beforeReports.has(s)).length).toBeGreaterThan(0);
    expect(await page.getByLabel('Period', { exact: true }).inputValue()).toBe('last_30_days');
    expect(await page.getByLabel('Forecast', { exact: true }).inputValue()).toBe('30');
    for (const kind of SECTIONS) {
      const label = await page.getByTestId(`report-${kind}`).locator('canvas').getAttribute('aria-label');
      expect(label).toMatch(/^Daily Appointments by (Category|Age Group|Department): \d+ series/);
    }
    await screenshot(page, 'reports-1280');

    calls.length = 0;
    await page.getByLabel('Period', { exact: true }).selectOption('last_90_days');
    await chartsDrawn(page);
    await expect.poll(() => calls.filter((c) => daily(c) && c.url().includes('period=last_90_days')).length, { timeout: 10_000 }).toBe(3);
    // The no-show rate and the intake counts follow the period too.
    await expect.poll(() => calls.filter((c) => !daily(c) && c.url().includes('period=last_90_days')).length, { timeout: 10_000 }).toBe(2);
    calls.length = 0;
    await page.getByLabel('Forecast', { exact: true }).selectOption('7');
    await expect.poll(() => calls.filter((c) => daily(c) && c.url().includes('period=last_90_days') && c.url().includes('forecast_days=7')).length, { timeout: 10_000 }).toBe(3);
    await chartsDrawn(page);

    // Each section downloads its own series as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download by department series as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('appointments-by-department-daily_last_90_days_forecast_7.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('day,department,count,is_forecast,lower,upper');
    expect(csv.some((l) => /,true,\d+,\d+$/.test(l))).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps the other sections working when one call fails', async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await page.route('**/api/reports/appointments-by-age-daily*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Age report is unavailable right now.' }) }),
    );
    await signIn(page, DEMO.admin);
    await page.goto('/reports');
    const alert = page.getByTestId('report-age').getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('Age report is unavailable right now.');
    await chartsDrawn(page, 2);
    expect(await page.getByTestId('report-category').locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('report-department').locator('canvas').count()).toBe(1);

    // Retry works once the call succeeds again.
    await page.unroute('**/api/reports/appointments-by-age-daily*');
    await page.getByTestId('report-age').getByRole('button', { name: 'Retry' }).click();
    await chartsDrawn(page, 3);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.goto('/reports');
    await chartsDrawn(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reports-375');
    await context.close();
  });

  it('on a phone, draws the chart in view first, builds the ones below only when scrolled to, and moves nothing', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.admin);
    // Layout shifts of the reload below (CLS): the sections keep the chart's size while loading.
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/reports');
    const category = page.getByTestId('report-category');
    await category.locator('canvas').waitFor({ timeout: 20_000 });
    await category.getByTestId('chart-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
    const department = page.getByTestId('report-department');
    await department.locator('canvas').waitFor();
    await page.waitForTimeout(500);
    expect(await department.getByTestId('chart-placeholder').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    await department.scrollIntoViewIfNeeded();
    await department.getByTestId('chart-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`draws each forecast's 80 % range as a band, says it in the tooltip, and notes little data (${name} px)`, async () => {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      // The demo groups all have months of history; one group that started two days ago is added to the category
      // reply as the server would send it, to show the little-data note.
      await page.route('**/api/reports/appointments-by-category-daily*', async (route) => {
        const response = await route.fetch();
        const rows = (await response.json()) as { day: string; count: number; is_forecast: boolean; lower?: number; upper?: number; history_days?: number }[];
        const real = rows.filter((r) => !r.is_forecast);
        const days = [...new Set(real.map((r) => r.day))];
        const ahead = [...new Set(rows.filter((r) => r.is_forecast).map((r) => r.day))];
        const fresh = [
          ...days.map((day, i) => ({ day, count: i >= days.length - 2 ? 1 : 0, is_forecast: false, category_title: 'Walk-in (new)' })),
          ...ahead.map((day) => ({ day, count: 0.07, is_forecast: true, lower: 0, upper: 0, history_days: 2, category_title: 'Walk-in (new)' })),
        ];
        await route.fulfill({ response, json: [...rows, ...fresh] });
      });
      const replies: Promise<unknown>[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/reports/appointments-by-department-daily')) replies.push(r.json());
      });
      await signIn(page, DEMO.admin);
      await page.goto('/reports');
      await chartsDrawn(page);

      // The API's forecast rows carry non-negative 80 % ranges, their ends to at most two decimals (decision 0286:
      // an end near the line between two counts may lie between them).
      const department = (await replies[0]) as { count: number; is_forecast: boolean; lower?: number; upper?: number }[];
      const forecast = department.filter((r) => r.is_forecast);
      expect(forecast.length).toBeGreaterThan(0);
      const twoDecimals = (n: number | undefined) => typeof n === 'number' && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
      for (const r of forecast) {
        expect(twoDecimals(r.lower) && twoDecimals(r.upper)).toBe(true);
        expect(r.lower!).toBeGreaterThanOrEqual(0);
        expect(r.lower!).toBeLessThanOrEqual(r.upper!);
      }

      const section = page.getByTestId('report-category');
      const note = section.getByRole('note');
      expect(await note.textContent()).toContain('Walk-in (new) (2 days) rests on less than four weeks of appointments');
      await section.scrollIntoViewIfNeeded();
      const canvas = section.locator('canvas');
      const box = (await canvas.boundingBox())!;
      // The tooltip is drawn on the canvas: a box of near-black pixels, which nothing else on the chart has.
      const darkPixels = () =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && Math.max(data[i], data[i + 1], data[i + 2]) < 50) dark++;
          return dark;
        });
      expect(await darkPixels()).toBeLessThan(500);
      // A forecast day, right of the Today line: the tooltip opens there.
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.55);
      await expect.poll(darkPixels, { timeout: 10_000 }).toBeGreaterThan(3_000);
      // The section alone (a full-page screenshot resizes the page, which closes the tooltip).
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `reports-band-${name}.png`) });
      await context.close();
    });
  }

  it('is not offered to people without "view reports"', async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.student);
    expect(await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Reports' }).count()).toBe(0);
    await context.close();
  });
});
