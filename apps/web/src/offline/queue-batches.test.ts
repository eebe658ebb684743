import 'fake-indexeddb/auto';
import { SYNC_PUSH_LIMIT } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLendingServer } from '../test/fake-lending-server';
import { fakeNetwork } from '../test/fake-network';
import { serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { db } from './database';
import type { SyncOperation, SyncQueueEntry } from './db';
import { PUSH_BYTES, runQueue } from './queue-runner';
import { clientId, enqueue } from './sync-queue';
import { startQueueTest } from '../test/queue-fixtures';

// The queue sends the entries free to go in batches (POST /api/sync/push, decision 0130) and applies each result
// exactly as the single route's reply: the outcomes of queue-runner.test.ts, here with the transport in view.

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const customer = serverCustomer();
const loan = serverLoan();
let server: ReturnType<typeof fakeLendingServer>;

beforeEach(async () => {
  server = await startQueueTest(net.fetchMock, { categories: [serverCategory()], customers: [customer], loans: [loan] });
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function queue(operation: SyncOperation, data: SyncQueueEntry['data']): Promise<SyncQueueEntry> {
  return db.transaction('rw', db.syncQueue, () => enqueue(operation, data));
}

const newCustomer = (n: number) => queue('CREATE_CUSTOMER', { uuid: uuid(n), first_name: 'Batch', last_name: `Pawner ${n}` });
const requests = () => net.fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
const statuses = async () => (await db.syncQueue.orderBy('id').toArray()).map((e) => e.status);

describe('batches', () => {
  it('entries free to go share one request, each with its own key; the results are applied as single replies', async () => {
    for (let n = 1; n <= 5; n++) await newCustomer(n);
    const notes = await queue('UPDATE_LOAN', { uuid: loan.uuid, notes: 'In safe 2' });
    await runQueue();
    expect(requests()).toEqual(['POST /api/sync/push']);
    const client = await clientId();
    const entries = await db.syncQueue.orderBy('id').toArray();
    expect(server.batches[0].map((c) => c.key)).toEqual(entries.map((e) => `${client}-${e.id}`));
    expect(server.batches[0][5]).toMatchObject({ method: 'PUT', path: `/api/loans/${loan.uuid}`, body: { notes: 'In safe 2' } });
    expect(await statuses()).toEqual(Array(6).fill('completed'));
    expect(await db.customers.get(uuid(3))).toMatchObject({ sync_status: 'synced', server_id: expect.any(Number) });
    expect(await db.loans.get(notes.data.uuid as string)).toMatchObject({ notes: 'In safe 2', sync_status: 'synced' });
  });

  it('an entry that must wait stays out of the batch and goes in the next one, after its record’s earlier entry', async () => {
    await newCustomer(1);
    await queue('UPDATE_CUSTOMER', { uuid: uuid(1), last_name: 'Cruz' });
    await queue('UPDATE_LOAN', { uuid: loan.uuid, notes: 'a' });
    await queue('UPDATE_LOAN', { uuid: loan.uuid, notes: 'b' });
    await runQueue();
    expect(server.batches.map((b) => b.map((c) => `${c.method} ${c.path}`))).toEqual([
      ['POST /api/customers', `PUT /api/loans/${loan.uuid}`],
      [`PUT /api/customers/${uuid(1)}`, `PUT /api/loans/${loan.uuid}`],
    ]);
    expect(await statuses()).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect((await db.loans.get(loan.uuid))?.notes).toBe('b');
  });

  it(`at most ${SYNC_PUSH_LIMIT} entries a request`, async () => {
    await db.transaction('rw', db.syncQueue, async () => {
      for (let n = 1; n <= SYNC_PUSH_LIMIT + 20; n++) await enqueue('CREATE_CUSTOMER', { uuid: uuid(n), first_name: 'Batch', last_name: `Pawner ${n}` });
    });
    const result = await runQueue();
    expect(result.sent).toBe(SYNC_PUSH_LIMIT + 20);
    expect(server.batches.map((b) => b.length)).toEqual([SYNC_PUSH_LIMIT, 20]);
  });

  it('the next batch goes out while the one before is stored; a refusal in the first still lets the second be applied', async () => {
    await queue('REDEEM_LOAN', { uuid: loan.uuid, redemption_date: '2026-11-20' });
    await db.transaction('rw', db.syncQueue, async () => {
      for (let n = 1; n < SYNC_PUSH_LIMIT + 20; n++) await enqueue('CREATE_CUSTOMER', { uuid: uuid(n), first_name: 'Batch', last_name: `Pawner ${n}` });
    });
    server.answer({ status: 409, body: { message: 'This loan is forfeited.' } });
    const result = await runQueue();
    expect(server.batches.map((b) => b.length)).toEqual([SYNC_PUSH_LIMIT, 20]);
    expect(result).toMatchObject({ sent: SYNC_PUSH_LIMIT + 19, refused: 1 });
    expect((await statuses()).filter((s) => s === 'completed')).toHaveLength(SYNC_PUSH_LIMIT + 19);
  });

  it('a batch ends before the entry that would take it past the size budget; a large entry goes alone, through its own route', async () => {
    await newCustomer(1);
    await newCustomer(2);
    await queue('CREATE_CATEGORY', { uuid: uuid(900), title: 'Photos', image: `data:image/png;base64,${'A'.repeat(PUSH_BYTES)}` });
    await newCustomer(3);
    await newCustomer(4);
    await runQueue();
    expect(requests()).toEqual(['POST /api/sync/push', 'POST /api/categories', 'POST /api/sync/push']);
    expect(server.batches.map((b) => b.map((c) => c.body.last_name))).toEqual([['Pawner 1', 'Pawner 2'], ['Pawner 3', 'Pawner 4']]);
    expect(await statuses()).toEqual(Array(5).fill('completed'));
  });

  it('a refusal in the middle: that change is taken back, the others completed', async () => {
    await newCustomer(1);
    await queue('REDEEM_LOAN', { uuid: loan.uuid, redemption_date: '2026-11-20' });
    await newCustomer(2);
    server.answer({ status: 201, body: { data: serverCustomer({ uuid: uuid(1), id: 51 }) } });
    server.answer({ status: 409, body: { message: 'This loan is forfeited.' } });
    await runQueue();
    expect(requests()[0]).toBe('POST /api/sync/push');
    const [first, redeem, last] = await db.syncQueue.orderBy('id').toArray();
    expect(first.status).toBe('completed');
    expect(redeem).toMatchObject({ status: 'refused', error: 'This loan is forfeited.' });
    expect(last.status).toBe('completed');
    expect(await db.customers.get(uuid(2))).toMatchObject({ sync_status: 'synced' });
  });

  it('a 422 and a 503 of one mutation: rejected and retried, each on its own entry', async () => {
    await newCustomer(1);
    await newCustomer(2);
    await newCustomer(3);
    server.answer({ status: 422, body: { message: 'The given data was invalid.', errors: { last_name: ['The last name field is required.'] } } });
    server.answer({ status: 503, body: { message: 'Busy.' } });
    const result = await runQueue();
    const [a, b, c] = await db.syncQueue.orderBy('id').toArray();
    expect(a).toMatchObject({ status: 'failed', error_kind: 'rejected', error: 'The last name field is required.' });
    expect(b).toMatchObject({ status: 'failed', error_kind: 'retry', error: 'Busy.', retry_count: 1 });
    expect(c.status).toBe('completed');
    expect(result.nextAttemptAt).toBe(NOW.getTime() + 1500);
  });

  it('no reply to the batch: every entry retries with back-off and the run ends; the resend carries the same keys', async () => {
    for (let n = 1; n <= 3; n++) await newCustomer(n);
    server.answer('network');
    const result = await runQueue();
    expect(result.nextAttemptAt).toBe(NOW.getTime() + 1500);
    for (const e of await db.syncQueue.toArray()) expect(e).toMatchObject({ status: 'failed', error_kind: 'retry', retry_count: 1 });
    await runQueue();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(NOW.getTime() + 1500);
    await runQueue();
    expect(await statuses()).toEqual(['completed', 'completed', 'completed']);
  });

  it('a batch’s reply lost after the server applied it: sent again with the same keys, each applied once', async () => {
    for (let n = 1; n <= 3; n++) await newCustomer(n);
    server.answer('lost-reply');
    await runQueue();
    vi.setSystemTime(NOW.getTime() + 5000);
    await runQueue();
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1].map((c) => c.key)).toEqual(server.batches[0].map((c) => c.key));
    expect(await statuses()).toEqual(['completed', 'completed', 'completed']);
    expect(await db.customers.where('uuid').anyOf(uuid(1), uuid(2), uuid(3)).count()).toBe(3);
  });

  it('429 or 5xx for the whole batch: every entry retries, Retry-After respected', async () => {
    await newCustomer(1);
    await newCustomer(2);
    server.answer({ status: 429, body: { message: 'Too many requests.' }, headers: { 'retry-after': '60' } });
    const result = await runQueue();
    expect(result.nextAttemptAt).toBe(NOW.getTime() + 60_000);
    for (const e of await db.syncQueue.toArray()) expect(e).toMatchObject({ status: 'failed', error_kind: 'retry', error: 'Too many requests.' });
  });

  it('401 for the batch pauses the queue with every entry untouched', async () => {
    await newCustomer(1);
    await newCustomer(2);
    server.answer({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await runQueue()).paused).toBe(true);
    expect(await statuses()).toEqual(['pending', 'pending']);
  });

  it('a server without the batch route (404 for the request): each entry goes through its own route', async () => {
    await newCustomer(1);
    await queue('UPDATE_LOAN', { uuid: loan.uuid, notes: 'x' });
    server.answer({ status: 404, body: { message: 'Not found.' }, headers: {} });
    await runQueue();
    expect(requests()).toEqual(['POST /api/sync/push', 'POST /api/customers', `PUT /api/loans/${loan.uuid}`]);
    expect(await statuses()).toEqual(['completed', 'completed']);
  });
});

describe('one entry', () => {
  it('goes through its own route, as before batches', async () => {
    await queue('UPDATE_CUSTOMER', { uuid: customer.uuid, address: 'Cebu' });
    await runQueue();
    expect(requests()).toEqual([`PUT /api/customers/${customer.uuid}`]);
  });
});
