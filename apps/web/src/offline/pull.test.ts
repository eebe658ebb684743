import 'fake-indexeddb/auto';
import { syncChunkReplySchema, syncDeltaReplySchema, USE_TABLE_ENDPOINTS, type SyncDeltaReply, type SyncTable } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverItem, serverLoan, serverTransaction } from '../test/lending-fixtures';
import { db } from './database';
import { downloadProgress, needsInitialSync, STATE_ALL, subscribeDownload, syncStateOf } from './initial-sync';
import { updateLoanNotes } from '../features/lending/book/lending-actions';
import { setUser } from '../session/auth-store';
import { pullChanges } from './pull';
import type { AuthUser } from '@kalinga/contracts/auth';

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const EMPTY = { customers: [], loans: [], items: [], transactions: [], categories: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };

function delta(data: Partial<SyncDeltaReply['data']>, cursor: string, recommendation: string | null = null): SyncDeltaReply {
  return syncDeltaReplySchema.parse({ data: { ...EMPTY, ...data }, meta: { cursor, server_time: '2026-11-23T08:00:00.000Z', total_changes: 3, recommendation } });
}

const asked: URLSearchParams[] = [];

/** GET /api/sync at the fetch edge: `answer` decides per query. */
function syncServer(answer: (q: URLSearchParams) => unknown) {
  net.fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    // The branch picker's list, read with every pull (decision 0341): not a pull of the book.
    if (url.pathname === '/api/branches/mine') return net.json(200, { data: [] });
    asked.push(url.searchParams);
    const body = answer(url.searchParams);
    if (body instanceof Error) throw body;
    return net.json(200, body);
  });
}

beforeEach(async () => {
  await clearStore();
  asked.length = 0;
});

describe('the first pull', () => {
  it('sends the epoch, stores every table (loan items with their loan uuid) and the sync state with the server cursor', async () => {
    const loan = serverLoan();
    syncServer(() => delta({ categories: [serverCategory()], customers: [serverCustomer()], loans: [loan], items: loan.items, transactions: [serverTransaction()] }, 'c42'));
    expect(await needsInitialSync()).toBe(true);
    await pullChanges();
    expect(asked[0].get('since')).toBe('1970-01-01T00:00:00.000Z');
    expect(await db.customers.get(serverCustomer().uuid)).toMatchObject({ sync_status: 'synced', server_id: 11, searchTerms: ['maria', 'santos', '09171234567'] });
    expect((await db.loans.get(loan.uuid))?.items[0]).toMatchObject({ loan_uuid: loan.uuid, sync_status: 'synced' });
    expect(await db.items.count()).toBe(1);
    expect(await db.transactions.count()).toBe(1);
    expect(await syncStateOf(STATE_ALL)).toMatchObject({ lastSyncTime: 'c42', dataVersion: 1 });
    expect(await needsInitialSync()).toBe(false);
  });
});

describe('a user without the lending book', () => {
  it('is not asked for when the signed-in user lacks view lending (no 403 on every load)', async () => {
    const counselor: AuthUser = { id: 3, name: 'C', username: 'c', email: 'c@x.test', avatar: null, role: 'counselor', roles: ['counselor'], permissions: ['view appointments'], user_type: 'counselor', student_id: null, department: null, birth_date: null, status: 'active' };
    setUser(counselor);
    try {
      syncServer(() => delta({}, 'c1'));
      await pullChanges();
      expect(asked).toHaveLength(0);
      setUser({ ...counselor, permissions: ['view lending'] });
      await pullChanges();
      expect(asked).toHaveLength(1);
    } finally {
      // Later tests are pulled for a user who may see the book.
      setUser({ ...counselor, permissions: ['view lending'] });
    }
  });


  it('is answered 403 and the pull ends quietly, storing nothing', async () => {
    net.fetchMock.mockResolvedValue(net.json(403, { message: 'This action is unauthorized.' }));
    await expect(pullChanges()).resolves.toBeUndefined();
    expect(await needsInitialSync()).toBe(true);
  });
});

describe('later pulls', () => {
  beforeEach(async () => {
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [serverLoan()] });
    await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c42', lastId: 0, dataVersion: 1, totalRecords: 3 });
  });

  it('send the kept cursor and never overwrite a row with unsent changes', async () => {
    await updateLoanNotes(serverLoan().uuid, 'typed offline');
    syncServer(() => delta({ loans: [serverLoan({ notes: 'from the server', updated_at: '2026-11-23T07:00:00.000Z' })], customers: [serverCustomer({ first_name: 'Mariah', updated_at: '2026-11-23T07:00:00.000Z' })] }, 'c50'));
    await pullChanges();
    expect(asked[0].get('since')).toBe('c42');
    expect(await db.loans.get(serverLoan().uuid)).toMatchObject({ notes: 'typed offline', sync_status: 'pending' });
    expect(await db.customers.get(serverCustomer().uuid)).toMatchObject({ first_name: 'Mariah', sync_status: 'synced' });
    expect((await syncStateOf(STATE_ALL))?.lastSyncTime).toBe('c50');
  });

  it('leave a row newer than the pulled one (a queue reply applied while the pull was under way)', async () => {
    await db.customers.update(serverCustomer().uuid, { first_name: 'Newer', version: 9 });
    syncServer(() => delta({ customers: [serverCustomer({ first_name: 'Older', version: 8 })] }, 'c51'));
    await pullChanges();
    expect((await db.customers.get(serverCustomer().uuid))?.first_name).toBe('Newer');
  });

  it('apply tombstones, except to rows with unsent changes', async () => {
    await updateLoanNotes(serverLoan().uuid, 'keep me');
    syncServer(() => delta({ deleted: { ...EMPTY.deleted, customers: [serverCustomer().uuid], loans: [serverLoan().uuid], categories: [serverCategory().uuid] } }, 'c60'));
    await pullChanges();
    expect(await db.customers.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
    expect(await db.loans.count()).toBe(1);
  });

  it('apply the tombstones of a reply that recommends the chunked download (chunks carry no deletions)', async () => {
    const deleted = { ...EMPTY.deleted, customers: [serverCustomer().uuid], categories: [serverCategory().uuid] };
    syncServer((q) =>
      q.get('table')
        ? syncChunkReplySchema.parse({ data: [], meta: { table: q.get('table'), cursor: 'c70', server_time: 'x', has_more: false, next_chunk_id: null, total: 0 } })
        : delta({ deleted }, 'c70', USE_TABLE_ENDPOINTS),
    );
    await pullChanges();
    expect(await db.customers.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
    expect(await db.loans.count()).toBe(1);
  });
});

// Thousands of rows through fake-indexeddb: slow on a loaded machine.
const DOWNLOAD_MS = 30_000;

describe('the chunked download', () => {
  const TOTALS: Record<SyncTable, number> = { categories: 1, customers: 2500, loans: 1200, items: 1200, transactions: 0 };
  const rowOf: Record<SyncTable, (n: number) => unknown> = {
    categories: (n) => serverCategory({ id: n, uuid: `cat-${n}` }),
    customers: (n) => serverCustomer({ id: n, uuid: `cus-${n}`, first_name: `F${n}` }),
    loans: (n) => serverLoan({ id: n, uuid: `loan-${n}`, items: [serverItem({ id: n, uuid: `item-${n}`, loan_uuid: 'wrong' })] }),
    items: (n) => serverItem({ id: n, uuid: `item-${n}`, loan_uuid: `loan-${n}` }),
    transactions: (n) => serverTransaction({ id: n }),
  };
  let failAt: string | null = null;

  function chunk(q: URLSearchParams) {
    const table = q.get('table') as SyncTable;
    const size = Number(q.get('chunk_size'));
    const from = Number(q.get('last_id'));
    if (failAt === `${table}:${from}`) return new TypeError('Failed to fetch');
    const ids = Array.from({ length: TOTALS[table] }, (_, i) => i + 1).filter((id) => id > from).slice(0, size);
    const last = ids.at(-1) ?? from;
    const has_more = last < TOTALS[table];
    return syncChunkReplySchema.parse({ data: ids.map(rowOf[table]), meta: { table, cursor: 'c9000', server_time: 'x', has_more, next_chunk_id: has_more ? last : null, total: TOTALS[table] } });
  }

  beforeEach(() => {
    failAt = null;
    syncServer((q) => (q.get('table') ? chunk(q) : q.get('since') === 'c9000' ? delta({}, 'c9000') : delta({}, 'c9000', USE_TABLE_ENDPOINTS)));
  });

  it('downloads every table in chunks of 1000 pinned to the first cursor, with progress, then stores the sync state', async () => {
    const seen: number[] = [];
    const tables: string[] = [];
    const unsubscribe = subscribeDownload(() => {
      const p = downloadProgress();
      seen.push(p.loaded);
      tables.push(String(p.table));
    });
    await pullChanges();
    unsubscribe();
    // The table in flight, for the screens that say how far the first sync is ("table 2 of 5 (customers)").
    expect(tables.filter((t, n) => t !== tables[n - 1])).toEqual(['null', 'categories', 'customers', 'loans', 'items', 'transactions', 'null']);
    expect(downloadProgress()).toMatchObject({ running: false, table: null });
    const chunks = asked.slice(1).map((q) => `${q.get('table')}:${q.get('last_id')}:${q.get('chunk_size')}:${q.get('until')}:${q.get('since')}`);
    expect(chunks).toEqual([
      'categories:0:1000:c9000:1970-01-01T00:00:00.000Z',
      ...[0, 1000, 2000].map((id) => `customers:${id}:1000:c9000:1970-01-01T00:00:00.000Z`),
      ...[0, 1000].map((id) => `loans:${id}:1000:c9000:1970-01-01T00:00:00.000Z`),
      ...[0, 1000].map((id) => `items:${id}:1000:c9000:1970-01-01T00:00:00.000Z`),
      'transactions:0:1000:c9000:1970-01-01T00:00:00.000Z',
    ]);
    expect(await db.customers.count()).toBe(2500);
    expect((await db.loans.get('loan-7'))?.items[0].loan_uuid).toBe('loan-7');
    expect(await syncStateOf(STATE_ALL)).toMatchObject({ lastSyncTime: 'c9000', dataVersion: 1 });
    expect(await db.syncState.count()).toBe(1);
    expect(seen.at(-1)).toBe(4901);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }, DOWNLOAD_MS);

  it('resumes after a cut from the last stored chunk: refetches only the chunk that was in flight', async () => {
    failAt = 'customers:2000';
    await expect(pullChanges()).rejects.toThrow();
    expect(await db.customers.count()).toBe(2000);
    expect(await needsInitialSync()).toBe(true);
    failAt = null;
    asked.length = 0;
    await pullChanges();
    expect(`${asked[0].get('table')}:${asked[0].get('last_id')}`).toBe('customers:2000');
    // After the download, the delta since its pinned cursor.
    expect(asked.at(-1)?.get('since')).toBe('c9000');
    expect(asked.filter((q) => q.get('table') === 'customers')).toHaveLength(1);
    expect(await db.customers.count()).toBe(2500);
    expect(await syncStateOf(STATE_ALL)).toMatchObject({ lastSyncTime: 'c9000', dataVersion: 1 });
  }, DOWNLOAD_MS);
});

describe('pulls asked for at the same time (decision 0374)', () => {
  /** Answers each pull with an empty delta at c1 once `release` is called; resolves `sent` as the first leaves. */
  function heldServer() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const left = new Promise<void>((resolve) => (sent = resolve));
    const since = net.answerPulls(async () => {
      sent();
      await held;
      return net.json(200, delta({}, 'c1'));
    });
    return { release, left, since };
  }

  beforeEach(async () => {
    await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c1', lastId: 0, dataVersion: 1, totalRecords: 0 });
  });

  it('share one request when the second is asked for before the first has left', async () => {
    const server = heldServer();
    const first = pullChanges();
    const second = pullChanges();
    server.release();
    await Promise.all([first, second]);
    expect(server.since).toEqual(['c1']);
  });

  it('share one request when what the second needs is older than the request under way (a start-up pull meeting the stream\'s)', async () => {
    const server = heldServer();
    const startedAt = Date.now();
    const first = pullChanges(startedAt);
    await server.left;
    const second = pullChanges(startedAt);
    server.release();
    await Promise.all([first, second]);
    expect(server.since).toEqual(['c1']);
  });

  it('pull once more after it when the second needs what happened after the request under way left', async () => {
    const server = heldServer();
    const first = pullChanges();
    await server.left;
    const second = pullChanges(Date.now() + 1);
    const third = pullChanges(Date.now() + 2);
    server.release();
    await Promise.all([first, second, third]);
    expect(server.since).toEqual(['c1', 'c1']);
  });
});
