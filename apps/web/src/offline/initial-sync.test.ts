import 'fake-indexeddb/auto';
import { syncChunkReplySchema, type SyncTable } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { clearStore, keepSynced, serverCustomer } from '../test/lending-fixtures';
import { db } from './database';
import { beginDownload, downloadProgress, runDownload } from './initial-sync';

// A first download skips comparing a chunk with the device's rows while the table holds only the download's own
// earlier chunks (decision 0131); any row that got there otherwise (a queue reply, an earlier book) is compared.

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const CUSTOMERS = 2500;
/** Called before a chunk is answered (as a queue reply landing between two chunks). */
let beforeChunk: (table: SyncTable, lastId: number) => Promise<void> = async () => {};

beforeEach(async () => {
  await clearStore();
  beforeChunk = async () => {};
  net.fetchMock.mockImplementation(async (input) => {
    const q = new URL(String(input), 'http://localhost').searchParams;
    const table = q.get('table') as SyncTable;
    const from = Number(q.get('last_id'));
    await beforeChunk(table, from);
    const total = table === 'customers' ? CUSTOMERS : 0;
    const ids = Array.from({ length: total }, (_, i) => i + 1).filter((id) => id > from).slice(0, Number(q.get('chunk_size')));
    const last = ids.at(-1) ?? from;
    const data = ids.map((n) => serverCustomer({ id: n, uuid: `cus-${n}`, first_name: `F${n}`, version: 5 }));
    return net.json(200, syncChunkReplySchema.parse({ data, meta: { table, cursor: 'c10', server_time: 'x', has_more: last < total, next_chunk_id: last < total ? last : null, total } }));
  });
});

async function download(): Promise<void> {
  await beginDownload('c10', CUSTOMERS);
  await runDownload();
}

describe('the chunked download into an empty table', () => {
  it('stores every row', async () => {
    await download();
    expect(await db.customers.count()).toBe(CUSTOMERS);
    expect((await db.customers.get('cus-2500'))?.first_name).toBe('F2500');
  });

  it('a newer row stored between two chunks (a queue reply) is compared and kept', async () => {
    beforeChunk = async (table, lastId) => {
      if (table === 'customers' && lastId === 1000) await keepSynced({ customers: [serverCustomer({ id: 1500, uuid: 'cus-1500', first_name: 'Renamed', version: 9 })] });
    };
    await download();
    expect((await db.customers.get('cus-1500'))?.first_name).toBe('Renamed');
    expect(await db.customers.count()).toBe(CUSTOMERS);
  });

  it('a table that was not empty is compared from the first chunk', async () => {
    await keepSynced({ customers: [serverCustomer({ id: 3, uuid: 'cus-3', first_name: 'Newer', version: 9 })] });
    await download();
    expect((await db.customers.get('cus-3'))?.first_name).toBe('Newer');
  });
});

describe('the download progress', () => {
  it('names the table whose first chunk is in flight, not the last table written (chunks are fetched ahead)', async () => {
    const inFlight: string[] = [];
    beforeChunk = async (table, lastId) => {
      if (lastId === 0) inFlight.push(`${table}:${downloadProgress().table}`);
    };
    await download();
    expect(inFlight).toEqual(['categories:categories', 'customers:customers', 'loans:loans', 'items:items', 'transactions:transactions']);
  });
});
