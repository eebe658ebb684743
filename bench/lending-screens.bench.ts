// Lending screens bench (decision 0090): opening Loans with 10,000 loans in the browser's store.
// Headless Chromium against the built app (run `node scripts/build.mjs` first). Prints, for the Recent, Active and
// Expired tabs, the time from navigation to the first screen of rows (median of 7), and the ratio against a reference
// measured in the same page: the same 25 rows read by one Dexie query and rendered as a plain list.
// Target: the first screen in <= 300 ms. Asserts nothing. Alone: `npx tsx bench/lending-screens.bench.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const LOANS = 10_000;
const CUSTOMERS = 2_000;
const RUNS = 7;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// In-page code is passed as text: tsx would wrap functions with a helper the page does not have.
const SEED = `(async () => {
  const db = await new Promise((res, rej) => { const o = indexedDB.open('PawnshopDB-u' + localStorage.getItem('book_user') + '-c' + localStorage.getItem('company_id')); o.onsuccess = () => res(o.result); o.onerror = () => rej(o.error); });
  const tx = db.transaction(['customers', 'loans', 'items'], 'readwrite');
  const pad = (n) => String(n).padStart(12, '0');
  const T = '2026-01-01T00:00:00.000Z';
  const names = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Ramos'];
  for (let i = 0; i < ${CUSTOMERS}; i++) {
    const ln = names[i % 8] + (i % 97), fn = 'Client' + i;
    tx.objectStore('customers').put({ uuid: '00000000-0000-4000-8000-' + pad(i), id: 100000 + i, first_name: fn, last_name: ln, phone_number: '0917' + (1000000 + i), created_at: T, updated_at: T, sync_status: 'synced', searchTerms: [fn.toLowerCase(), ln.toLowerCase(), '0917' + (1000000 + i)] });
  }
  const statuses = ['active', 'active', 'active', 'redeemed', 'renewed', 'forfeited'];
  for (let i = 0; i < ${LOANS}; i++) {
    const uuid = '10000000-0000-4000-8000-' + pad(i), cu = '00000000-0000-4000-8000-' + pad(i % ${CUSTOMERS});
    const day = new Date(Date.UTC(2025, 0, 1 + (i % 690))).toISOString().slice(0, 10);
    const item = { uuid: '20000000-0000-4000-8000-' + pad(i), id: 200000 + i, loan_uuid: uuid, customer_uuid: cu, description: 'Gold ring ' + i, status: 'pawned', appraisal_value: 5000, created_at: T, updated_at: T, sync_status: 'synced' };
    tx.objectStore('items').put(item);
    tx.objectStore('loans').put({ uuid, id: 100000 + i, pawn_ticket_number: 'PT-B-' + pad(i), customer_uuid: cu, category_uuid: 'c', category_id: 1, status: statuses[i % 6], loan_date: day, maturity_date: day, expiry_date: day, appraisal_value: 5000, loan_amount: 3000 + i, service_charge: 5, interest_rate: 3, penalty_rate: 2, amount_disbursed: 2995 + i, paid_interest_amount: 0, paid_penalty_amount: 0, items: [item], created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(), updated_at: T, sync_status: 'synced' });
  }
  await new Promise((r, j) => { tx.oncomplete = r; tx.onerror = () => j(tx.error); });
  db.close();
})()`;

/** Navigates in the app (no reload) and resolves with the ms until the list's rows are on screen. */
const OPEN = (to: string) => `(async () => {
  window.history.pushState({}, '', '/profile'); window.dispatchEvent(new PopStateEvent('popstate'));
  await new Promise((r) => { const t = () => (document.querySelector('[data-testid="loan-row"]') ? requestAnimationFrame(t) : r()); t(); });
  await new Promise((r) => setTimeout(r, 50));
  const start = performance.now();
  window.history.pushState({}, '', '${to}'); window.dispatchEvent(new PopStateEvent('popstate'));
  await new Promise((r) => { const t = () => (document.querySelectorAll('[data-testid="loan-row"]').length >= 25 ? r() : requestAnimationFrame(t)); t(); });
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - start;
})()`;

/** The reference: one Dexie query for the same 25 rows, rendered as a plain list. */
const REFERENCE = (index: string, status: string | null, expiredBefore?: string) => `(async () => {
  const db = new Dexie('PawnshopDB-u' + localStorage.getItem('book_user') + '-c' + localStorage.getItem('company_id'));
  await db.open();
  const start = performance.now();
  const coll = ${status ? `db.table('loans').where('[status+loan_date]').between(['${status}', Dexie.minKey], ['${status}', Dexie.maxKey])` : `db.table('loans').orderBy('${index}')`};
  const rows = ${expiredBefore ? `await db.table('loans').where('[status+loan_date]').between(['active', Dexie.minKey], ['active', Dexie.maxKey]).filter((l) => l.expiry_date < '${expiredBefore}').limit(25).toArray()` : 'await coll.reverse().limit(25).toArray()'};
  const ul = document.createElement('ul');
  ul.innerHTML = rows.map((l) => '<li>' + l.pawn_ticket_number + ' ' + l.customer_uuid + ' ' + l.loan_amount + '</li>').join('');
  document.body.appendChild(ul);
  await new Promise((r) => requestAnimationFrame(() => r()));
  const ms = performance.now() - start;
  ul.remove();
  db.close();
  return ms;
})()`;

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    let started = Date.now();
    await page.evaluate(SEED);
    console.log(`seeded ${LOANS} loans and ${CUSTOMERS} customers in the browser's store in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await page.evaluate(fs.readFileSync(path.join(root, 'node_modules/dexie/dist/dexie.min.js'), 'utf8'));
    started = Date.now();
    await page.evaluate(OPEN('/lending/loans')); // warm-up: loads the screen's code once
    for (const [tab, to, reference] of [
      ['Recent', '/lending/loans', REFERENCE('created_at', null)],
      ['Active', '/lending/loans?tab=active', REFERENCE('', 'active')],
      // Expired filters the active loans by date inside IndexedDB's cursor (no date index in schema v15); its total is counted after.
      ['Expired', '/lending/loans?tab=expired', REFERENCE('', null, new Date().toISOString().slice(0, 10))],
    ] as const) {
      const screen: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        screen.push(await page.evaluate<number>(OPEN(to)));
        plain.push(await page.evaluate<number>(reference));
      }
      const s = median(screen);
      const p = median(plain);
      console.log(`Loans, ${tab} tab, ${LOANS} loans: first screen ${s.toFixed(0)} ms (target <= 300 ms); one Dexie query + plain list ${p.toFixed(0)} ms; ratio ${(s / p).toFixed(1)}x`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
