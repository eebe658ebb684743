import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLendingServer } from '../test/fake-lending-server';
import { fakeNetwork } from '../test/fake-network';
import { serverCategory, serverCustomer, serverItem, serverLoan } from '../test/lending-fixtures';
import { db } from './database';
import type { SyncQueueEntry } from './db';
import { addItem, createLoan, extendLoan, forfeitLoan, markItemSold, processForfeitedItem, redeemLoan, renewLoan, saveCustomer, updateItem, updateLoanNotes } from '../features/lending/book/lending-actions';
import { backoffMs } from './queue-failures';
import { isQueuePaused, resumeQueue, retryEntries, runQueue } from './queue-runner';
import { announceQueued, clientId, enqueue } from './sync-queue';
import { startQueueTest } from '../test/queue-fixtures';

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const category = serverCategory();
const customer = serverCustomer();
const loan = serverLoan();
const itemUuid = loan.items[0].uuid;
const forfeitedLoan = serverLoan({ uuid: '00000000-0000-4000-8000-0000000000b2', id: 22, status: 'forfeited', items: [serverItem({ uuid: '00000000-0000-4000-8000-0000000000a2', loan_uuid: '00000000-0000-4000-8000-0000000000b2', status: 'forfeited' })] });
const forSaleLoan = serverLoan({ uuid: '00000000-0000-4000-8000-0000000000b3', id: 23, status: 'forfeited', items: [serverItem({ uuid: '00000000-0000-4000-8000-0000000000a3', loan_uuid: '00000000-0000-4000-8000-0000000000b3', status: 'for_sale', selling_price: 4000 })] });
let server: ReturnType<typeof fakeLendingServer>;

beforeEach(async () => {
  server = await startQueueTest(net.fetchMock, { categories: [category], customers: [customer], loans: [loan, forfeitedLoan, forSaleLoan] });
});

async function onlyEntry(): Promise<SyncQueueEntry> {
  const all = await db.syncQueue.toArray();
  expect(all).toHaveLength(1);
  return all[0];
}

const ops: [string, () => Promise<unknown>, { method: string; path: string; body?: Record<string, unknown> }][] = [
  ['CREATE_CUSTOMER', () => saveCustomer({ uuid: '00000000-0000-4000-8000-00000000c012', first_name: 'Juan', last_name: 'Cruz' }), { method: 'POST', path: '/api/customers', body: { uuid: '00000000-0000-4000-8000-00000000c012', first_name: 'Juan', last_name: 'Cruz' } }],
  ['UPDATE_CUSTOMER', () => saveCustomer({ uuid: customer.uuid, first_name: 'Maria', last_name: 'Reyes' }), { method: 'PUT', path: `/api/customers/${customer.uuid}`, body: { last_name: 'Reyes', was: { last_name: 'Santos' } } }],
  ['CREATE_LOAN', () => createLoan({ customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 1000, items: [{ description: 'Ring', appraisal_value: 900 }, { description: 'Ring', appraisal_value: 600 }] }), { method: 'POST', path: '/api/loans' }],
  ['UPDATE_LOAN', () => updateLoanNotes(loan.uuid, 'In safe 2'), { method: 'PUT', path: `/api/loans/${loan.uuid}`, body: { notes: 'In safe 2', was: { notes: null } } }],
  ['RENEW_LOAN', () => renewLoan(loan.uuid, '2026-11-23'), { method: 'POST', path: `/api/loans/${loan.uuid}/renew` }],
  ['EXTEND_LOAN', () => extendLoan(loan.uuid, '2026-11-23'), { method: 'POST', path: `/api/loans/${loan.uuid}/extend`, body: { from_maturity_date: '2026-12-01', extension_date: '2026-11-23' } }],
  ['REDEEM_LOAN', () => redeemLoan(loan.uuid, '2026-11-20'), { method: 'POST', path: `/api/loans/${loan.uuid}/redeem`, body: { redemption_date: '2026-11-20' } }],
  ['FORFEIT_LOAN', async () => {
    vi.setSystemTime(new Date('2027-03-05T08:00:00Z'));
    return forfeitLoan(loan.uuid);
  }, { method: 'POST', path: `/api/loans/${loan.uuid}/forfeit`, body: { forfeiture_date: '2027-03-05' } }],
  ['CREATE_ITEM', () => addItem(loan.uuid, { description: 'Watch', appraisal_value: 700 }), { method: 'POST', path: '/api/items' }],
  ['UPDATE_ITEM', () => updateItem(itemUuid, { market_value: 5500 }), { method: 'PUT', path: `/api/items/${itemUuid}`, body: { market_value: 5500, was: { market_value: null } } }],
  ['PROCESS_FORFEITED_ITEM', () => processForfeitedItem(forfeitedLoan.items[0].uuid, 4500), { method: 'PUT', path: `/api/items/${forfeitedLoan.items[0].uuid}/process-forfeited`, body: { selling_price: 4500 } }],
  ['MARK_ITEM_SOLD', () => markItemSold(forSaleLoan.items[0].uuid, { final_selling_price: 4200, buyer_name: 'Pedro' }), { method: 'POST', path: `/api/items/${forSaleLoan.items[0].uuid}/mark-as-sold`, body: { final_selling_price: 4200, buyer_name: 'Pedro', sold_at: NOW.toISOString() } }],
  ['CREATE_CATEGORY', async () => db.transaction('rw', db.syncQueue, () => enqueue('CREATE_CATEGORY', { uuid: '00000000-0000-4000-8000-0000000000c8', title: 'Gadgets', image: 'data:image/png;base64,AAAA' })), { method: 'POST', path: '/api/categories', body: { uuid: '00000000-0000-4000-8000-0000000000c8', title: 'Gadgets', image: 'data:image/png;base64,AAAA' } }],
  ['UPDATE_CATEGORY', async () => db.transaction('rw', db.syncQueue, () => enqueue('UPDATE_CATEGORY', { uuid: category.uuid, title: 'Fine jewelry' })), { method: 'PUT', path: `/api/categories/${category.uuid}`, body: { title: 'Fine jewelry' } }],
];

describe('each of the 13 operations against the server', () => {
  it.each(ops)('%s: its call, Idempotency-Key, the reply applied, the entry completed', async (operation, act, call) => {
    const completed: unknown[] = [];
    const listener = (e: Event) => completed.push((e as CustomEvent).detail);
    window.addEventListener('sync-operation-completed', listener);
    await act();
    const entry = await onlyEntry();
    expect(entry.operation).toBe(operation);
    await runQueue();
    window.removeEventListener('sync-operation-completed', listener);

    expect(server.seen).toHaveLength(1);
    const [req] = server.seen;
    expect({ method: req.method, path: req.path }).toEqual({ method: call.method, path: call.path });
    if (call.body) expect(req.body).toEqual(call.body);
    expect(req.key).toBe(`${await clientId()}-${entry.id}`);
    expect(net.fetchMock.mock.calls[0][1]?.headers).toSatisfy((h: Headers) => h.get('Authorization') === 'Bearer t0k' && h.get('X-Company-Id') === '3');
    expect(await db.syncQueue.get(entry.id!)).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect(completed).toEqual([expect.objectContaining({ operation, timestamp: expect.any(String) })]);
    const uuid = entry.data.uuid;
    const table = operation.endsWith('CUSTOMER') ? db.customers : operation.endsWith('CATEGORY') ? db.categories : operation.endsWith('LOAN') ? db.loans : db.items;
    const row = (await table.get(uuid)) as { sync_status: string; server_id?: number } | undefined;
    // Every operation's row, written on the device or from the server's reply (a new category), comes back synced.
    expect(row).toMatchObject({ sync_status: 'synced', server_id: expect.any(Number) });
  });

  it('CREATE_LOAN: the ticket number and the item ids come back matched by uuid, never by position or description', async () => {
    const written = await createLoan({ customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 1000, items: [{ description: 'Ring', appraisal_value: 900 }, { description: 'Ring', appraisal_value: 600 }] });
    await runQueue();
    const stored = await db.loans.get(written.uuid);
    expect(stored?.pawn_ticket_number).toMatch(/^PT-2026-\d{6}$/);
    const sentItems = server.seen[0].body.items as { uuid: string }[];
    for (const item of stored!.items) {
      const local = await db.items.get(item.uuid);
      expect(local?.id).toBe(item.id);
      expect(sentItems.map((i) => i.uuid)).toContain(item.uuid);
    }
    expect(new Set(stored!.items.map((i) => i.id)).size).toBe(2);
  });

  it('RENEW_LOAN: both loans and the server-made transactions are stored', async () => {
    const next = await renewLoan(loan.uuid, '2026-11-23');
    await runQueue();
    expect(await db.loans.get(next.uuid)).toMatchObject({ pawn_ticket_number: 'PT-2026-000777', status: 'active', sync_status: 'synced' });
    expect(await db.loans.get(loan.uuid)).toMatchObject({ status: 'renewed', new_loan: next.uuid, sync_status: 'synced' });
    expect((await db.transactions.toArray()).map((t) => [t.type, t.amount]).sort()).toEqual([['interest', 90], ['renewal', 5]]);
  });

  it('MARK_ITEM_SOLD and PROCESS_FORFEITED_ITEM fire item-sold and item-processed', async () => {
    const fired: string[] = [];
    const sold = () => fired.push('item-sold');
    const processed = () => fired.push('item-processed');
    window.addEventListener('item-sold', sold);
    window.addEventListener('item-processed', processed);
    await processForfeitedItem(forfeitedLoan.items[0].uuid, 4500);
    await markItemSold(forSaleLoan.items[0].uuid, { final_selling_price: 4200, buyer_name: 'Pedro' });
    await runQueue();
    window.removeEventListener('item-sold', sold);
    window.removeEventListener('item-processed', processed);
    expect(fired).toEqual(['item-processed', 'item-sold']);
  });

  it('an unknown operation is an error on its entry, never sent', async () => {
    await db.syncQueue.add({ operation: 'DELETE_EVERYTHING' as never, data: { uuid: 'x' }, status: 'pending', created_at: NOW.toISOString(), retry_count: 0, priority: 0 });
    await runQueue();
    expect(server.seen).toHaveLength(0);
    expect(await onlyEntry()).toMatchObject({ status: 'failed', error_kind: 'rejected', error: 'Unknown sync operation: DELETE_EVERYTHING' });
  });
});

describe('failures, retry and back-off', () => {
  it('back-off doubles from 2 s to a 5-minute cap, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(20, () => 1)).toBe(300_000);
    expect(backoffMs(3, () => 0)).toBe(4000);
  });

  it('a network failure keeps the entry for later; it is not sent again before its time, then completes', async () => {
    await updateLoanNotes(loan.uuid, 'x');
    server.answer('network');
    const first = await runQueue();
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ status: 'failed', error_kind: 'retry', retry_count: 1, error: expect.stringContaining('offline') });
    expect(first.nextAttemptAt).toBe(NOW.getTime() + 1500);
    await runQueue();
    expect(server.seen).toHaveLength(1);
    vi.setSystemTime(NOW.getTime() + 1500);
    await runQueue();
    expect(server.seen).toHaveLength(2);
    expect(await onlyEntry()).toMatchObject({ status: 'completed' });
    expect((await db.loans.get(loan.uuid))?.sync_status).toBe('synced');
  });

  it('5xx and 429 are retried (Retry-After respected); the record stays pending', async () => {
    await updateLoanNotes(loan.uuid, 'x');
    server.answer({ status: 503, body: { message: 'Down for maintenance' } });
    await runQueue();
    expect(await onlyEntry()).toMatchObject({ status: 'failed', error_kind: 'retry', error: 'Down for maintenance' });
    expect((await db.loans.get(loan.uuid))?.sync_status).toBe('pending');
    vi.setSystemTime(NOW.getTime() + 10_000);
    server.answer({ status: 429, body: { message: 'Too many requests.' }, headers: { 'retry-after': '60' } });
    const result = await runQueue();
    expect(result.nextAttemptAt).toBe(NOW.getTime() + 10_000 + 60_000);
    expect((await onlyEntry()).retry_count).toBe(2);
  });

  it('a 409/422 is rejected with the server sentence on the entry and the record, and waits for Retry', async () => {
    await saveCustomer({ uuid: customer.uuid, first_name: 'Maria', last_name: 'Reyes' });
    server.answer({ status: 422, body: { message: 'The given data was invalid.', errors: { last_name: ['The last name may not be greater than 100 characters.'] } } });
    await runQueue();
    const sentence = 'The last name may not be greater than 100 characters.';
    expect(await onlyEntry()).toMatchObject({ status: 'failed', error_kind: 'rejected', error: sentence });
    expect(await db.customers.get(customer.uuid)).toMatchObject({ sync_status: 'failed', sync_error: sentence });
    vi.setSystemTime(NOW.getTime() + 3_600_000);
    await retryEntries('retry');
    await runQueue();
    expect(server.seen).toHaveLength(1);
    await retryEntries((await onlyEntry()).id!);
    expect((await db.customers.get(customer.uuid))?.sync_status).toBe('pending');
    await runQueue();
    expect(await onlyEntry()).toMatchObject({ status: 'completed' });
    expect(await db.customers.get(customer.uuid)).toMatchObject({ sync_status: 'synced' });
    expect((await db.customers.get(customer.uuid))?.sync_error).toBeUndefined();
  });

  it('a 401 pauses the queue (entry untouched) until sign-in resumes it', async () => {
    await updateLoanNotes(loan.uuid, 'x');
    server.answer({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await runQueue()).paused).toBe(true);
    expect(isQueuePaused()).toBe(true);
    await runQueue();
    expect(server.seen).toHaveLength(1);
    expect(await onlyEntry()).toMatchObject({ status: 'pending', retry_count: 0 });
    resumeQueue();
    await runQueue();
    expect(await onlyEntry()).toMatchObject({ status: 'completed' });
  });
});

describe('order per record', () => {
  it('a loan waits for its customer create; the customer edit waits behind it; other records go on', async () => {
    const created = await saveCustomer({ first_name: 'Juan', last_name: 'Cruz' });
    await createLoan({ customer_uuid: created.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 500, items: [{ description: 'Phone', appraisal_value: 800 }] });
    await saveCustomer({ uuid: created.uuid, first_name: 'Juan', last_name: 'De la Cruz' });
    await updateLoanNotes(loan.uuid, 'unrelated');
    server.answer({ status: 500, body: { message: 'Server error.' } });
    await runQueue();
    expect(server.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/customers', `PUT /api/loans/${loan.uuid}`]);
    vi.setSystemTime(NOW.getTime() + 2000);
    await runQueue();
    expect(server.seen.slice(2).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/customers', 'POST /api/loans', `PUT /api/customers/${created.uuid}`]);
  });

  it('a renew of a loan written offline waits for the loan create, then goes with the server ticket', async () => {
    const written = await createLoan({ customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 500, items: [{ description: 'Phone', appraisal_value: 800 }] });
    const next = await renewLoan(written.uuid, '2026-11-23');
    server.answer({ status: 503, body: { message: 'Busy.' } });
    await runQueue();
    expect(server.seen).toHaveLength(1);
    vi.setSystemTime(NOW.getTime() + 2000);
    await runQueue();
    expect(server.seen.slice(1).map((r) => r.path)).toEqual(['/api/loans', `/api/loans/${written.uuid}/renew`]);
    expect(server.seen[2].body).toEqual({ new_uuid: next.uuid, renewal_date: '2026-11-23' });
  });
});

describe('applying replies', () => {
  it('a reply does not undo a later change of the same record still waiting to be sent', async () => {
    await updateLoanNotes(loan.uuid, 'first');
    await updateLoanNotes(loan.uuid, 'second');
    server.answer({ status: 200, body: { data: { ...serverLoan({ notes: 'first', pawn_ticket_number: 'PT-2026-000999' }) } } });
    server.answer({ status: 503, body: { message: 'Busy.' } });
    await runQueue();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ notes: 'second', sync_status: 'pending', pawn_ticket_number: 'PT-2026-000999' });
    vi.setSystemTime(NOW.getTime() + 2000);
    await runQueue();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ notes: 'second', sync_status: 'synced' });
  });
});

describe('exactly once', () => {
  it('a reply lost after the server committed: the resend carries the same key and the store ends with one of each', async () => {
    const next = await renewLoan(loan.uuid, '2026-11-23');
    server.answer('lost-reply');
    await runQueue();
    vi.setSystemTime(NOW.getTime() + 5000);
    await runQueue();
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1].key).toBe(server.seen[0].key);
    expect(await db.loans.where('uuid').anyOf(loan.uuid, next.uuid).count()).toBe(2);
    expect(await db.transactions.count()).toBe(2);
    expect(await onlyEntry()).toMatchObject({ status: 'completed' });
  });

  it('sent entries are kept a week, then dropped; open ones never', async () => {
    await updateLoanNotes(loan.uuid, 'a');
    await runQueue();
    await updateLoanNotes(loan.uuid, 'b');
    server.answer({ status: 422, body: { message: 'No.' } });
    vi.setSystemTime(NOW.getTime() + 7 * 86_400_000 - 1000);
    await runQueue();
    expect(await db.syncQueue.count()).toBe(2);
    vi.setSystemTime(NOW.getTime() + 7 * 86_400_000 + 1000);
    await runQueue();
    expect((await db.syncQueue.toArray()).map((e) => e.status)).toEqual(['failed']);
  });

  it('keys are unique per entry and per browser database', async () => {
    await updateLoanNotes(loan.uuid, 'a');
    await updateLoanNotes(loan.uuid, 'b');
    await runQueue();
    const keys = server.seen.map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}-\d+$/);
    expect((await db.loans.get(loan.uuid))?.notes).toBe('b');
  });

  it('runs asked for at once in one tab send every entry once', async () => {
    for (let n = 0; n < 5; n++) await updateItem(itemUuid, { market_value: 100 + n });
    announceQueued();
    await Promise.all([runQueue(), runQueue(), runQueue()]);
    expect(server.seen).toHaveLength(5);
    expect(new Set(server.seen.map((r) => r.key)).size).toBe(5);
  });
});
