import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { go, localRows, manilaToday, overflowing, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The vault (decisions 0308-0310): an item tagged and placed on its page, a photo taken offline that reaches the
// server once when the network returns, and a vault count that finds one item missing.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A 40×30 gold PNG (a camera's file arrives the same way: chosen in the file input). */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAK0lEQVR42u3NMQ0AAAgDsLlCNmYQhAw4mvRvputExGKxWCwWi8VisVj8N16QRxhZUThicgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the vault', () => {
  it('tags and places an item, sends a photo taken offline once, and counts the vault with one item missing', async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const category = crypto.randomUUID();
    const customer = crypto.randomUUID();
    const [ring, watch, chain] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Vault Jewellery', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Vilma', last_name: 'Vault', phone_number: '09170008080', address: '3 Iznart St, Iloilo City', id_type: 'PhilSys ID', id_number: '8888-0001-0003' });
    const loan = crypto.randomUUID();
    // The loan is written at the branch the device will act at (the oldest, which the server takes for a call that
    // names none, as the count list read below does), so its book holds the items.
    const [branch] = (await apiCall<{ data: { id: number }[] }>(server, admin, 'GET', '/api/branches/mine')).data.sort((a, b) => Number(a.id) - Number(b.id));
    const atBranch = await fetch(`${server.baseURL}/api/loans`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json', Accept: 'application/json', 'x-kalinga-branch': String(branch.id) },
      body: JSON.stringify({
      uuid: loan, customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 6000,
        items: [{ uuid: ring, description: 'Vault ring 18k', appraisal_value: 5000 }, { uuid: watch, description: 'Vault watch', appraisal_value: 3000 }, { uuid: chain, description: 'Vault chain 14k', appraisal_value: 2000 }],
      }),
    });
    expect(atBranch.status).toBe(201);
    await apiCall(server, admin, 'POST', `/api/items/${watch}/place`, { tag_number: 'VAULT-W1', place_kind: 'tray', place_name: 'T-2' });
    await apiCall(server, admin, 'POST', `/api/items/${chain}/place`, { tag_number: 'VAULT-C1', place_kind: 'tray', place_name: 'T-2' });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    const photoPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/photos')) photoPosts.push(r.url());
    });
    await signIn(page, DEMO.admin);
    await page.evaluate((id) => localStorage.setItem('branch_id', String(id)), branch.id);
    // The ring arrives with the first download of the book (waiting for the whole book would take longer).
    await expect.poll(async () => (await localRows<{ uuid: string }>(page, 'items')).some((i) => i.uuid === ring), { timeout: 30_000 }).toBe(true);

    // Tag and place the ring on its page (the tag proposed from its uuid), sent by the queue.
    await go(page, `/lending/items/${ring}`);
    await page.getByRole('heading', { name: 'Vault ring 18k' }).waitFor();
    const tag = await page.getByLabel('Tag number').inputValue();
    expect(tag).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await page.getByLabel('Place', { exact: true }).selectOption('drawer');
    await page.getByLabel('Which one').fill('D-1');
    await page.getByRole('button', { name: 'Save tag and place' }).click();
    await page.getByText(`Tag ${tag}`).waitFor();
    await waitForQueue(page);
    const moves = await apiCall<{ data: { to_kind: string; to_name: string; tag_number: string }[] }>(server, admin, 'GET', `/api/items/${ring}/moves`);
    expect(moves.data).toEqual([expect.objectContaining({ to_kind: 'drawer', to_name: 'D-1', tag_number: tag })]);

    // A photo taken with the network off waits on the device, then reaches the server once.
    await context.setOffline(true);
    await page.getByLabel('Take or choose a photo').setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await page.locator('[data-testid="item-photo"][data-status="pending"]').waitFor();
    await expect(page.getByText('Waiting to be sent')).toBeDefined();
    expect(photoPosts).toEqual([]);
    await context.setOffline(false);
    await page.locator('[data-testid="item-photo"][data-status="sent"]').waitFor({ timeout: 20_000 });
    const photos = await apiCall<{ data: { uuid: string; width: number; height: number; url: string }[] }>(server, admin, 'GET', `/api/items/${ring}/photos`);
    expect(photos.data).toHaveLength(1);
    expect([photos.data[0].width, photos.data[0].height]).toEqual([40, 30]);
    expect(photoPosts).toHaveLength(1);
    // The photo is served to the signed-in company through its signed URL only.
    expect((await fetch(`${server.baseURL}${photos.data[0].url}`)).status).toBe(200);
    expect((await fetch(`${server.baseURL}${photos.data[0].url.split('?')[0]}`)).status).toBe(404);
    await screenshot(page, 'vault-item-1280');
    // The loan's page shows its items' photos too.
    await go(page, `/lending/loans/${loan}`);
    await page.locator('[data-testid="loan-photo"]').first().waitFor();
    expect(await page.locator('[data-testid="loan-photo"]').count()).toBe(1);

    await go(page, `/lending/items/${ring}/label`);
    await page.getByRole('img', { name: `QR code of tag ${tag}` }).waitFor();
    await screenshot(page, 'vault-label-1280');

    // The count: the ring and the chain are found, the watch is missing, one unknown tag is not expected.
    await go(page, '/lending/vault-count');
    const input = page.getByLabel('Tag number (type it, or scan with a handheld scanner)');
    for (const found of [tag.toLowerCase(), 'VAULT-C1', 'NOPE-0000']) {
      await input.fill(found);
      await input.press('Enter');
    }
    await page.getByRole('button', { name: 'Save count' }).click();
    await page.getByRole('heading', { name: 'Count saved' }).waitFor();
    await expect.poll(() => page.getByTestId('missing-list').innerText()).toContain('VAULT-W1');
    expect(await page.getByTestId('missing-list').locator('li').count()).toBe(1);
    expect(await page.getByTestId('unexpected-list').innerText()).toContain('NOPE-0000');
    expect(await page.getByTestId('count-summary').innerText()).toContain('2 of 3');
    await page.getByText('2 of 3 found · 1 missing · 1 not expected').waitFor();
    const counts = await apiCall<{ data: { missing_count: number; unexpected_count: number }[] }>(server, admin, 'GET', '/api/vault-counts');
    expect(counts.data.map((c) => [c.missing_count, c.unexpected_count])).toEqual([[1, 1]]);
    await screenshot(page, 'vault-count-1280');

    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'vault-count-375');
    await go(page, `/lending/items/${ring}`);
    await page.locator('[data-testid="item-photo"]').first().waitFor();
    expect(await page.locator('[data-testid="item-photo"]').count()).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'vault-item-375');
    await context.close();
  });
});
