import 'fake-indexeddb/auto';
import type { CashDay } from '@kalinga/contracts/cash-days';
import { syncChunkReplySchema, syncDeltaReplySchema, USE_TABLE_ENDPOINTS, type SyncDeltaReply, type SyncTable } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { clearStore } from '../test/lending-fixtures';
import { cashDayOf, closeCashDay, refuseClosedDay } from '../features/lending/book/cash-day-actions';
import { db } from './database';
import { pullChanges } from './pull';

// The clerk's cash days come with the pull (decision 0193): the first download stores them, a later pull updates a
// day by its version, and a day with unsent changes (its close queued here) keeps them, the server's copy its base.

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const EMPTY = { customers: [], loans: [], items: [], transactions: [], categories: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };
const DAY_UUID = '5d1c7a52-0b7e-4c8e-9d55-3f1f0d1e0a01';
const position = { opening_float: 3000, disbursed: 0, interest: 0, penalties: 0, redemptions: 0, renewals: 0, sales: 0, reversals: 0, expected: 3000 };

function serverDay(over: Partial<CashDay> = {}): CashDay {
  return { id: 7, uuid: DAY_UUID, day: '2026-11-23', status: 'open', user_id: 5, opening_float: 3000, opened_at: '2026-11-23T00:30:00.000Z', closed_at: null, counted: null, difference: null, close_note: null, position, version: 10, ...over };
}

function delta(days: CashDay[], cursor: string, recommendation: string | null = null): SyncDeltaReply {
  return syncDeltaReplySchema.parse({ data: { ...EMPTY, cash_days: days }, meta: { cursor, server_time: '2026-11-23T08:00:00.000Z', total_changes: 1, recommendation } });
}

/** GET /api/sync: `answer` gives the delta; a table download answers empty chunks. */
function syncServer(answer: () => SyncDeltaReply) {
  net.fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const table = url.searchParams.get('table') as SyncTable | null;
    if (table) {
      const chunk = { data: [], meta: { table, cursor: url.searchParams.get('until') ?? 'c1', server_time: '2026-11-23T08:00:00.000Z', has_more: false, next_chunk_id: null, total: 0 } };
      return net.json(200, syncChunkReplySchema.parse(chunk));
    }
    return net.json(200, answer());
  });
}

beforeEach(async () => {
  await clearStore();
});

describe('cash days in the pull', () => {
  it('the first download stores the day opened on another device; a later pull closes it here, an older copy is ignored', async () => {
    syncServer(() => delta([serverDay()], 'c10'));
    await pullChanges();
    expect(await cashDayOf('2026-11-23')).toMatchObject({ uuid: DAY_UUID, status: 'open', opening_float: 3000, sync_status: 'synced' });
    await refuseClosedDay('2026-11-23');
    syncServer(() => delta([serverDay({ status: 'closed', counted: 2990, difference: -10, closed_at: '2026-11-23T09:00:00.000Z', version: 12 })], 'c12'));
    await pullChanges();
    expect(await db.cashDays.get(DAY_UUID)).toMatchObject({ status: 'closed', counted: 2990, difference: -10, version: 12 });
    await expect(refuseClosedDay('2026-11-23')).rejects.toThrow('closed');
    // A stale copy (a reply kept from before) does not reopen it.
    syncServer(() => delta([serverDay({ version: 10 })], 'c13'));
    await pullChanges();
    expect(await db.cashDays.get(DAY_UUID)).toMatchObject({ status: 'closed', version: 12 });
  });

  it('a pulled day is closed on this device; the next pull (still open on the server) keeps the unsent close', async () => {
    syncServer(() => delta([serverDay()], 'c10'));
    await pullChanges();
    const closed = await closeCashDay(DAY_UUID, '3,000');
    expect(closed).toMatchObject({ status: 'closed', sync_status: 'pending' });
    expect((await db.syncQueue.toArray()).map((e) => [e.operation, e.data.uuid])).toEqual([['CLOSE_CASH_DAY', DAY_UUID]]);
    // The pull runs before the close is sent: the day's open copy, with a newer position, becomes the close's base.
    syncServer(() => delta([serverDay({ version: 11, position: { ...position, disbursed: 500, expected: 2500 } })], 'c11'));
    await pullChanges();
    const local = (await db.cashDays.get(DAY_UUID)) as unknown as { status: string; counted: number; _base?: { version: number; status: string } };
    expect(local).toMatchObject({ status: 'closed', counted: 3000 });
    expect(local._base).toMatchObject({ version: 11, status: 'open' });
  });

  it('a reply recommending the chunked download still brings the days', async () => {
    syncServer(() => delta([serverDay()], 'c9000', USE_TABLE_ENDPOINTS));
    await pullChanges();
    expect(await cashDayOf('2026-11-23')).toMatchObject({ uuid: DAY_UUID, sync_status: 'synced' });
  });
});
