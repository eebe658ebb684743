import 'fake-indexeddb/auto';
import { syncDeltaReplySchema, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { updateLoanNotes } from '../features/lending/book/lending-actions';
import { fakeNetwork } from '../test/fake-network';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { db } from './database';
import { STATE_ALL, syncStateOf } from './initial-sync';
import { pullChanges } from './pull';

// A server restored from a backup (decision 0190): its change counter went back and the device's cursor is refused.
// The device starts again from the epoch, keeps its unsent change, and ends with the server's rows: a row the restore
// lost goes, a row whose version counts the undone history takes the server's copy under the unsent change.

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const EMPTY = { customers: [], loans: [], items: [], transactions: [], categories: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };
const category = serverCategory();
const customer = serverCustomer();
const lost = serverCustomer({ id: 12, uuid: '00000000-0000-4000-8000-00000000c012', first_name: 'Lost', version: 7 });
const loan = serverLoan({ notes: 'redeemed after the backup?', version: 8 });
const REFUSED = { message: 'The given data was invalid.', errors: { since: ['This cursor is from before the server was restored from a backup; sync again from the epoch.'] } };

function delta(data: Partial<SyncDeltaReply['data']>, cursor: string): SyncDeltaReply {
  return syncDeltaReplySchema.parse({ data: { ...EMPTY, ...data }, meta: { cursor, server_time: '2026-11-23T08:00:00.000Z', total_changes: 3, recommendation: null } });
}

beforeEach(async () => {
  localStorage.clear();
  await clearStore();
  localStorage.setItem('token', 't0k');
  localStorage.setItem('company_id', '3');
  await keepSynced({ categories: [category], customers: [customer, lost], loans: [loan] });
  await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c8', lastId: 0, dataVersion: 1, totalRecords: 0 });
});

describe('a device meets a restored server', () => {
  it('starts again from the epoch: the lost row goes, the unsent change stays on the restored copy', async () => {
    await updateLoanNotes(loan.uuid, 'unsent note');
    const asked = net.answerPulls((since) => {
      if (since === 'c8') return net.json(422, REFUSED);
      const restoredLoan = serverLoan({ notes: null, version: 5 });
      return net.json(200, delta({ categories: [category], customers: [customer], loans: [restoredLoan], items: restoredLoan.items }, 'c5rq1w2e3r4t5'));
    });
    await pullChanges();
    expect(asked).toEqual(['c8', '1970-01-01T00:00:00.000Z']);
    expect(await db.customers.get(lost.uuid)).toBeUndefined();
    expect(await db.customers.get(customer.uuid)).toMatchObject({ first_name: 'Maria', sync_status: 'synced' });
    const kept = await db.loans.get(loan.uuid);
    expect(kept).toMatchObject({ notes: 'unsent note', sync_status: 'pending' });
    const base = (kept as unknown as { _base: { version: number; notes?: string | null } })._base;
    expect(base.version).toBe(5);
    expect(base.notes ?? null).toBeNull();
    expect(await db.items.count()).toBe(1);
    expect(await db.syncQueue.where('status').equals('pending').count()).toBe(1);
    expect((await syncStateOf(STATE_ALL))?.lastSyncTime).toBe('c5rq1w2e3r4t5');
  });
});
