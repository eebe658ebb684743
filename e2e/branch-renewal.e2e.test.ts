import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { go, localRows, manilaToday, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Renewing at another branch offline, then online (decisions 0302, 0322): a clerk acting at Makati renews a Quezon
// City ticket with the network cut (context.setOffline: the service worker's requests fail too), switches the
// device to Quezon City before the network returns; the renewal reaches the server once, the register records it
// at Makati, where it was written, and the item stays in Quezon City's vault until Quezon City sends it to Makati
// and the clerk receives it on the Transfers screen.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});


interface CashRow { branch_id: number; name: string; entries: number; cash_in: number }
interface ServerItem { uuid: string; branch_id?: number | null; in_transit?: boolean }
interface ServerLoan { uuid: string; status: string; new_loan: string | null; renewed_from: string | null; branch_id?: number | null; items: ServerItem[] }

/** A 40×30 gold PNG (a camera's file arrives the same way: chosen in the file input). */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAK0lEQVR42u3NMQ0AAAgDsLlCNmYQhAw4mvRvputExGKxWCwWi8VisVj8N16QRxhZUThicgAAAABJRU5ErkJggg==',
  'base64',
);

describe('renewing at another branch', () => {
  it('offline at Makati, a Quezon City ticket renewed: sent once when the network returns, recorded at Makati, the item still in Quezon City’s vault', async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const branches = (await apiCall<{ data: { id: number; name: string }[] }>(server, admin, 'GET', '/api/branches/mine')).data.sort((a, b) => a.id - b.id);
    const quezonCity = branches.find((b) => b.name.endsWith('Quezon City'))!;
    const makati = branches.find((b) => b.name.endsWith('Makati'))!;
    const category = crypto.randomUUID();
    const customer = crypto.randomUUID();
    const loan = crypto.randomUUID();
    const ring = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Branch Renewal Gold', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Rosario', last_name: 'Sangay', phone_number: '09170004141', address: '12 Kalayaan Ave, Quezon City' });
    // Written with no branch named: at the administrator's oldest branch, Quezon City, in its series and vault.
    const written = await apiCall<{ data: ServerLoan & { pawn_ticket_number: string } }>(server, admin, 'POST', '/api/loans', {
      uuid: loan, customer_uuid: customer, category_uuid: category, loan_date: manilaToday(), loan_amount: 4000,
      items: [{ uuid: ring, description: 'Branch renewal ring 18k', appraisal_value: 6000 }],
    });
    expect(written.data.branch_id).toBe(quezonCity.id);
    expect(written.data.pawn_ticket_number).toMatch(/^PT-/);
    const cashBefore = (await apiCall<{ data: CashRow[] }>(server, admin, 'GET', `/api/branches/cash?day=${manilaToday()}`)).data;

    // The clerk works at Quezon City and Makati; this device acts at Makati.
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.clerk);
    await page.evaluate((id) => localStorage.setItem('branch_id', String(id)), makati.id);
    // The branch switcher reads the device's branch when it is drawn: drawn again, it does not ask which branch.
    await page.reload();
    await waitForBook(page);
    await expect.poll(async () => (await localRows<{ uuid: string }>(page, 'loans')).some((l) => l.uuid === loan), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const pushes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && (r.url().includes('/renew') || r.url().includes('/api/sync/push'))) pushes.push(r.url());
    });
    await go(page, `/lending/loans/${loan}`);
    await page.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Renew for/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    const queued = (await localRows<{ operation: string; status: string; branch_id?: number }>(page, 'syncQueue')).filter((e) => e.operation === 'RENEW_LOAN');
    expect(queued.map((e) => [e.status, e.branch_id])).toEqual([['pending', makati.id]]);
    await screenshot(page, 'branch-renewal-offline-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'branch-renewal-offline-375');
    await page.setViewportSize(DESKTOP);

    // The device moves to Quezon City before the network returns: the renewal stays Makati's.
    await page.evaluate((id) => localStorage.setItem('branch_id', String(id)), quezonCity.id);
    await context.setOffline(false);
    await waitForQueue(page);

    const old = (await apiCall<{ data: ServerLoan }>(server, admin, 'GET', `/api/loans/${loan}`)).data;
    expect(old.status).toBe('renewed');
    const renewals = (await apiCall<{ data: ServerLoan[] }>(server, admin, 'GET', `/api/loans?customer_uuid=${customer}&per_page=100`)).data.filter((l) => l.renewed_from === loan);
    expect(renewals.map((l) => l.uuid)).toEqual([old.new_loan]);
    // Sent once: one request carried it (its own route or a batch).
    expect(pushes).toHaveLength(1);
    // The new ticket stays in Quezon City's book, and so does the item, in its vault, not travelling.
    const next = (await apiCall<{ data: ServerLoan }>(server, admin, 'GET', `/api/loans/${old.new_loan}`)).data;
    expect(next.branch_id).toBe(quezonCity.id);
    expect(next.items.map((i) => [i.uuid, i.branch_id, i.in_transit])).toEqual([[ring, quezonCity.id, false]]);
    // The register: the money the pawner paid is in Makati's day, none of it in Quezon City's.
    const cashAfter = (await apiCall<{ data: CashRow[] }>(server, admin, 'GET', `/api/branches/cash?day=${manilaToday()}`)).data;
    const moved = (id: number) => {
      const before = cashBefore.find((c) => c.branch_id === id);
      const after = cashAfter.find((c) => c.branch_id === id);
      return { entries: (after?.entries ?? 0) - (before?.entries ?? 0), cashIn: (after?.cash_in ?? 0) - (before?.cash_in ?? 0) };
    };
    expect(moved(makati.id).entries).toBeGreaterThan(0);
    expect(moved(makati.id).cashIn).toBeGreaterThan(0);
    expect(moved(quezonCity.id)).toEqual({ entries: 0, cashIn: 0 });

    // At Quezon City the clerk sends the ring to Makati from its page (decision 0303); back at Makati, she receives
    // it on the Transfers screen.
    await go(page, `/lending/items/${ring}`);
    await page.getByRole('heading', { name: 'Send to another branch' }).waitFor();
    await page.getByLabel('To which branch').selectOption({ label: makati.name });
    await page.getByLabel('Note (optional)').fill('For the Makati vault');
    await screenshot(page, 'branch-item-send-1280');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('item-sent').waitFor();
    expect(await page.getByTestId('item-sent').innerText()).toBe(`Sent: in transit until ${makati.name} receives it.`);
    await page.evaluate((id) => localStorage.setItem('branch_id', String(id)), makati.id);
    await go(page, '/lending/transfers');
    const row = page.getByTestId('transfer-row').filter({ hasText: 'Branch renewal ring 18k' });
    await row.waitFor();
    expect(await row.innerText()).toContain('From Kalinga Pawnshop Quezon City to Kalinga Pawnshop Makati');
    await screenshot(page, 'branch-transfers-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'branch-transfers-375');
    await row.getByRole('button', { name: 'Receive Branch renewal ring 18k at Kalinga Pawnshop Makati' }).click();
    await row.waitFor({ state: 'detached' });
    const received = (await apiCall<{ data: ServerLoan }>(server, admin, 'GET', `/api/loans/${old.new_loan}`)).data;
    expect(received.items.map((i) => [i.branch_id, i.in_transit])).toEqual([[makati.id, false]]);
    await context.close();
  }, 120_000);

  it('a photo taken at intake on a new ticket written offline reaches the server once, after the ticket', async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const branches = (await apiCall<{ data: { id: number; name: string }[] }>(server, admin, 'GET', '/api/branches/mine')).data;
    const makati = branches.find((b) => b.name.endsWith('Makati'))!;
    const category = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await apiCall(server, admin, 'POST', '/api/categories', { uuid: category, kind: 'lending', title: 'Intake Photo Gold', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true });
    await apiCall(server, admin, 'POST', '/api/customers', { uuid: customer, first_name: 'Imelda', last_name: 'Larawan', phone_number: '09170004242', address: '8 Jupiter St, Makati City' });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    const photoPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/photos')) photoPosts.push(r.url());
    });
    await signIn(page, DEMO.clerk);
    await page.evaluate((id) => localStorage.setItem('branch_id', String(id)), makati.id);
    // The branch switcher reads the device's branch when it is drawn: drawn again, it does not ask which branch.
    await page.reload();
    await waitForBook(page);
    await expect.poll(async () => (await localRows<{ uuid: string }>(page, 'customers')).some((c) => c.uuid === customer), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await localRows<{ uuid: string }>(page, 'categories')).some((c) => c.uuid === category), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await go(page, '/lending/loans/new');
    await page.getByLabel('Description of item 1').fill('Intake ring 18k');
    await page.getByLabel('Category of item 1').selectOption({ label: 'Intake Photo Gold' });
    await page.getByLabel('Appraised value of item 1 (PHP)').fill('10,000');
    await page.getByLabel('Photos of item 1 (camera or file)').setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await page.getByRole('group', { name: '1 photo of item 1' }).waitFor();
    await page.getByLabel('Loan amount (PHP)').fill('5,000');
    await page.getByRole('searchbox', { name: 'Find customer' }).fill('Imelda Larawan');
    await page.getByRole('button', { name: /Larawan, Imelda/ }).first().click();
    await screenshot(page, 'intake-photo-form-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'intake-photo-form-375');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Save Pawn Ticket' }).click();
    await page.getByRole('heading', { name: 'Pawn Ticket' }).waitFor();
    const findItem = async () => (await localRows<{ uuid: string; description: string }>(page, 'items')).find((i) => i.description === 'Intake ring 18k');
    await expect.poll(findItem).toBeDefined();
    const item = (await findItem())!;
    expect(photoPosts).toEqual([]);

    await context.setOffline(false);
    await waitForQueue(page);
    await expect
      .poll(async () => (await apiCall<{ data: { width: number; height: number }[] }>(server, admin, 'GET', `/api/items/${item.uuid}/photos`)).data.map((p) => [p.width, p.height]), { timeout: 30_000 })
      .toEqual([[40, 30]]);
    expect(photoPosts).toHaveLength(1);
    await context.close();
  }, 120_000);
});
