import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
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

/** A small real PNG (solid colour), built here so the test needs no fixture files. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the user sees right now (a dialog over the page), rather than the whole scrolled page. */
async function viewShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

describe('library: categories', () => {
  it('a manager adds a category with an image, finds it by search, edits it and deletes it', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.goto('/categories');
    await page.getByRole('heading', { name: 'Categories', exact: true }).waitFor();
    expect(await visible(page, 'Organize and manage resource categories')).toBe(true);
    await page.getByTestId('category-card').first().waitFor();
    // The demo category without a description says so.
    expect(await visible(page, 'No description available')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'categories-desktop');

    // The drawer closes on an overlay click.
    await page.getByRole('button', { name: 'Add Category' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Category' });
    await drawer.waitFor();
    const box = await drawer.locator('> div:not([data-testid="toast-layer"])').boundingBox();
    expect(Math.round(box!.width)).toBe(512); // 32rem
    await page.mouse.click(100, 400);
    await drawer.waitFor({ state: 'hidden' });

    // A non-image is refused with the alert of product-rules.md#validation and cleared.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await drawer.waitFor();
    expect(await drawer.getByText('max 2MB, JPG, PNG, GIF').isVisible()).toBe(true);
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const fileInput = drawer.locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(() => alerts).toEqual(['Please select an image file']);
    expect(await fileInput.evaluate((el) => (el as HTMLInputElement).value)).toBe('');

    await drawer.getByLabel('Title').fill('Mindful Living');
    await drawer.getByLabel('Description').fill('Practices for calm, focus and everyday balance.');
    await fileInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(64, 36, [40, 140, 120]) });
    await drawer.getByTestId('image-preview').waitFor();
    await viewShot(page, 'categories-drawer-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Create Category' }).click();
    await toast(page, 'Category created successfully');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('Search categories...').fill('mindful');
    const card = page.getByTestId('category-card').filter({ hasText: 'Mindful Living' });
    await card.waitFor();
    await expect.poll(() => page.getByTestId('category-card').count()).toBe(1);
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);

    await card.getByRole('button', { name: /^Edit Category/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe('Mindful Living');
    await edit.getByLabel('Title').fill('Mindful Living and Balance');
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await toast(page, 'Category updated successfully');
    await page.getByTestId('category-card').filter({ hasText: 'Mindful Living and Balance' }).waitFor();

    await page.getByTestId('category-card').filter({ hasText: 'Mindful Living and Balance' }).getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('Are you sure you want to delete "Mindful Living and Balance"? This action cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await toast(page, 'Category deleted successfully');
    await page.getByText('No categories found', { exact: true }).waitFor();
    expect(await visible(page, 'Try adjusting your search terms')).toBe(true);

    // The clear button empties the search.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => page.getByTestId('category-card').count()).toBeGreaterThan(5);
    await context.close();
  });

  it('looks right at 375 px', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.goto('/categories');
    await page.getByTestId('category-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'categories-phone');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog', { name: 'Add Category' }).waitFor();
    await viewShot(page, 'categories-drawer-phone');
    await page.getByRole('dialog', { name: 'Add Category' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Add Category' }).waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('library: resources', () => {
  const TITLE = 'Coping with Homesickness in Your First Semester';
  const CONTENT = `Feeling homesick is common when you move away for school. ${'Keep a routine, stay in touch with family on a schedule, and join one campus group this month. '.repeat(3)}The last sentence of the article.`;

  it('a draft is hidden from students until it is published; a student reads it in full', async () => {
    const manager = await newPage(browser, server.baseURL);
    await signIn(manager.page, DEMO.counselor);
    const m = manager.page;
    await m.goto('/resources');
    await m.getByRole('heading', { name: 'Resources', exact: true }).waitFor();
    expect(await visible(m, 'Access mental health resources and guides')).toBe(true);
    await m.getByTestId('resource-card').first().waitFor();
    // Managers see the demo drafts, marked as such.
    expect(await m.getByTestId('resource-card').getByText('Draft', { exact: true }).count()).toBeGreaterThan(0);

    await m.getByRole('button', { name: 'Add Resource' }).click();
    const modal = m.getByRole('dialog', { name: 'Add Resource' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Anxiety' }).waitFor();
    expect(await modal.getByText('Please select at least one category').isVisible()).toBe(true);
    await modal.getByLabel('Title').fill(TITLE);
    await modal.getByLabel('Content').fill(CONTENT);
    await modal.getByRole('button', { name: 'Relationships' }).click();
    await modal.getByRole('button', { name: 'Stress Management' }).click();
    expect(await modal.getByRole('button', { name: /Relationships/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await modal.getByText('Please select at least one category').count()).toBe(0);
    await modal.getByLabel('Resource Image').setInputFiles({ name: 'home.png', mimeType: 'image/png', buffer: solidPng(64, 36, [200, 120, 60]) });
    await modal.getByTestId('image-preview').waitFor();
    expect(await modal.getByLabel('Publish Immediately?').isChecked()).toBe(false);
    await viewShot(m, 'resources-modal-desktop');
    expect(await axeViolations(m)).toEqual([]);
    await modal.getByRole('button', { name: 'Create Resource' }).click();
    await toast(m, 'Resource created successfully');
    const card = m.getByTestId('resource-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    // The card shows the content up to the last word's end within 150 characters and '...' (decision 0317).
    expect(await card.getByText('Feeling homesick is common when you move away for school. Keep a routine, stay in touch with family on a schedule, and join one campus group this...', { exact: true }).isVisible()).toBe(true);

    const student = await newPage(browser, server.baseURL);
    await signIn(student.page, DEMO.student);
    const s = student.page;
    await s.goto('/resources');
    await s.getByTestId('resource-card').first().waitFor();
    expect(await s.getByText('Draft', { exact: true }).count()).toBe(0);
    expect(await s.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await s.getByRole('button', { name: 'Add Resource' }).count()).toBe(0);
    await s.getByPlaceholder('Search resources...').fill('homesickness');
    await s.getByText('No resources found', { exact: true }).waitFor();
    expect(await visible(s, 'Try adjusting your filters')).toBe(true);
    expect(await s.getByRole('button', { name: 'Add Your First Resource' }).count()).toBe(0);

    // The manager publishes it.
    await card.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = m.getByRole('dialog', { name: 'Edit Resource' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe(TITLE);
    await edit.getByLabel('Publish Immediately?').check();
    await edit.getByRole('button', { name: 'Update Resource' }).click();
    await toast(m, 'Resource updated successfully');
    await card.getByText('Published', { exact: true }).waitFor();

    await s.reload();
    const seen = s.getByTestId('resource-card').filter({ hasText: TITLE });
    await seen.waitFor();
    expect(await seen.getByText('Relationships', { exact: true }).isVisible()).toBe(true);
    await seen.getByRole('link', { name: `Read more about ${TITLE}` }).click();
    await s.getByRole('heading', { name: TITLE }).waitFor();
    expect(await s.getByTestId('resource-content').textContent()).toBe(CONTENT);
    expect(await axeViolations(s)).toEqual([]);
    await screenshot(s, 'resource-detail-desktop');
    await student.context.close();

    // Clean-up through the screen: delete asks first.
    await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await m.getByText(`Are you sure you want to delete "${TITLE}"? This action cannot be undone.`).waitFor();
    await m.getByRole('button', { name: 'Yes, delete it!' }).click();
    await toast(m, 'Resource deleted successfully');
    await card.waitFor({ state: 'detached' });
    await manager.context.close();
  });

  it('filters by category and search, and Clear Filters resets them', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.student);
    await page.goto('/resources');
    await page.getByTestId('resource-card').first().waitFor();
    const all = await page.getByTestId('resource-card').count();
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resources-desktop');

    await page.getByLabel('Category').selectOption({ label: 'Grief and Loss' });
    await page.waitForURL(/category=/);
    await expect.poll(() => page.getByTestId('resource-card').count()).toBeLessThan(all);
    const cards = page.getByTestId('resource-card');
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) expect(await cards.nth(i).getByText('Grief and Loss', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Clear Filters' }).isVisible()).toBe(true);

    await page.getByPlaceholder('Search resources...').fill('friend');
    await page.waitForURL(/search=friend/);
    await expect.poll(() => page.getByTestId('resource-card').count()).toBe(1);
    expect(await page.getByTestId('resource-card').textContent()).toContain('Supporting a Friend Who Is Grieving');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.getByTestId('resource-card').count()).toBe(all);
    expect(await page.getByLabel('Category').inputValue()).toBe('');
    expect(await page.getByPlaceholder('Search resources...').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    await context.close();
  });

  it('pages scroll to the top, and the screens fit 375 px', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.goto('/resources');
    await page.getByTestId('resource-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'resources-phone');
    // The counselor sees all thirteen demo resources (drafts too): two pages.
    await page.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('resource-card').first().getByRole('link', { name: /^Read / }).click();
    await page.getByTestId('resource-content').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'resource-detail-phone');
    await page.getByRole('link', { name: /Back to Resources/ }).click();
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByRole('dialog', { name: 'Add Resource' }).getByRole('button', { name: 'Anxiety' }).waitFor();
    await viewShot(page, 'resources-modal-phone');
    await context.close();
  });
});
