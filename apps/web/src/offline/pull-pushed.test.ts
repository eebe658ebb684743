import 'fake-indexeddb/auto';
import type { PushedDelta } from '@kalinga/contracts/live-changes';
import { syncDeltaReplySchema, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { updateLoanNotes } from '../features/lending/book/lending-actions';
import { db } from './database';
import { STATE_ALL, STATE_DOWNLOAD, syncStateOf } from './initial-sync';
import { applyPushedDelta, pullChanges } from './pull';

// A delta the live stream carried (decision 0360): applied as a pull's reply only when it starts at the book's
// cursor, with the same rules (unsent changes kept, tombstones, the cursor advanced); any other is refused, so the
// device pulls. Nothing is fetched for it.

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const EMPTY = { customers: [], loans: [], items: [], transactions: [], categories: [], cash_days: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };

function pushed(from: string, to: string, data: Partial<SyncDeltaReply['data']>): PushedDelta {
  const reply = syncDeltaReplySchema.parse({ data: { ...EMPTY, ...data }, meta: { cursor: to, server_time: '2026-11-23T08:00:00.000Z', total_changes: 2, recommendation: null } });
  return { from, to, ...reply };
}

const cursor = async () => (await syncStateOf(STATE_ALL))?.lastSyncTime;

beforeEach(async () => {
  await clearStore();
  await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [serverLoan()] });
  await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c42r0a1b2c3d4e', lastId: 0, dataVersion: 1, totalRecords: 3 });
});

describe('a delta carried by the live signal', () => {
  it('starting at the cursor is applied as a pull reply: rows stored, unsent changes kept, tombstones, the cursor advanced; nothing fetched', async () => {
    await updateLoanNotes(serverLoan().uuid, 'typed offline');
    const delta = pushed('c42r0a1b2c3d4e', 'c44r0a1b2c3d4e', {
      customers: [serverCustomer({ first_name: 'Mariah', updated_at: '2026-11-23T07:00:00.000Z' })],
      loans: [serverLoan({ notes: 'from the server', updated_at: '2026-11-23T07:00:00.000Z' })],
      deleted: { ...EMPTY.deleted, categories: [serverCategory().uuid] },
    });
    expect(await applyPushedDelta(delta)).toBe(true);
    expect(await db.customers.get(serverCustomer().uuid)).toMatchObject({ first_name: 'Mariah', sync_status: 'synced' });
    expect(await db.loans.get(serverLoan().uuid)).toMatchObject({ notes: 'typed offline', sync_status: 'pending' });
    expect(await db.categories.count()).toBe(0);
    expect(await cursor()).toBe('c44r0a1b2c3d4e');
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['behind the cursor', 'c41r0a1b2c3d4e'],
    ['ahead of it', 'c43r0a1b2c3d4e'],
    ['of another restore tag', 'c42rzzzzzzzzzz'],
    ['without the tag', 'c42'],
  ])('starting %s is refused and changes nothing', async (_what, from) => {
    const delta = pushed(from, 'c45r0a1b2c3d4e', { customers: [serverCustomer({ first_name: 'Not me' })] });
    expect(await applyPushedDelta(delta)).toBe(false);
    expect((await db.customers.get(serverCustomer().uuid))?.first_name).not.toBe('Not me');
    expect(await cursor()).toBe('c42r0a1b2c3d4e');
  });

  it('is refused on a book still at the epoch and during a chunked download', async () => {
    await db.syncState.clear();
    expect(await applyPushedDelta(pushed('1970-01-01T00:00:00.000Z', 'c45', { customers: [serverCustomer({ first_name: 'Not me' })] }))).toBe(false);
    await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c42r0a1b2c3d4e', lastId: 0, dataVersion: 1, totalRecords: 3 });
    await db.syncState.add({ table_name: STATE_DOWNLOAD, lastSyncTime: 'c40r0a1b2c3d4e', lastId: 0, dataVersion: 1, totalRecords: 0 });
    expect(await applyPushedDelta(pushed('c42r0a1b2c3d4e', 'c45r0a1b2c3d4e', { customers: [serverCustomer({ first_name: 'Not me' })] }))).toBe(false);
    expect((await db.customers.get(serverCustomer().uuid))?.first_name).not.toBe('Not me');
  });

  it('arriving during a pull waits for it, then is applied only if the pull ended at its start', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    net.answerPulls(async () => {
      await held;
      return net.json(200, syncDeltaReplySchema.parse({ data: EMPTY, meta: { cursor: 'c43r0a1b2c3d4e', server_time: '2026-11-23T08:00:00.000Z', total_changes: 1, recommendation: null } }));
    });
    const pulling = pullChanges();
    // Built from the cursor the pull started at: by the time it may apply, the book is past it.
    const stale = applyPushedDelta(pushed('c42r0a1b2c3d4e', 'c43r0a1b2c3d4e', { customers: [serverCustomer({ first_name: 'Stale' })] }));
    const next = applyPushedDelta(pushed('c43r0a1b2c3d4e', 'c44r0a1b2c3d4e', { customers: [serverCustomer({ first_name: 'Next' })] }));
    release();
    await pulling;
    expect(await stale).toBe(false);
    expect(await next).toBe(true);
    expect((await db.customers.get(serverCustomer().uuid))?.first_name).toBe('Next');
    expect(await cursor()).toBe('c44r0a1b2c3d4e');
  });
});
