import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeLendingServer } from '../test/fake-lending-server';
import { fakeNetwork } from '../test/fake-network';
import { serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { startQueueTest } from '../test/queue-fixtures';
import { db } from './database';
import type { SyncOperation, SyncQueueEntry } from './db';
import { runQueue } from './queue-runner';
import { enqueue } from './sync-queue';

// A queued write is recorded at the branch the device acted at when the clerk made it, not at the branch picked
// when the queue is sent (decision 0322): the entry keeps its branch and is sent with it, alone or in a batch.

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const customer = serverCustomer();
const loan = serverLoan();
const other = serverLoan({ uuid: '00000000-0000-4000-8000-00000000a002', id: 2 });
let server: ReturnType<typeof fakeLendingServer>;

beforeEach(async () => {
  server = await startQueueTest(net.fetchMock, { categories: [serverCategory()], customers: [customer], loans: [loan, other] });
  localStorage.removeItem('branch_id');
});

async function queueAt(branch: string | null, operation: SyncOperation, data: SyncQueueEntry['data']): Promise<SyncQueueEntry> {
  if (branch === null) localStorage.removeItem('branch_id');
  else localStorage.setItem('branch_id', branch);
  return db.transaction('rw', db.syncQueue, () => enqueue(operation, data));
}

describe('the branch of a queued write', () => {
  it('an entry keeps the branch the device acted at when it was queued', async () => {
    const entry = await queueAt('7', 'UPDATE_LOAN', { uuid: loan.uuid, notes: 'At Makati' });
    expect(entry.branch_id).toBe(7);
    expect((await db.syncQueue.get(entry.id!))?.branch_id).toBe(7);
    // No branch picked (one-branch company, or an older device): nothing is kept, the server takes the user's own.
    expect((await queueAt(null, 'UPDATE_LOAN', { uuid: other.uuid, notes: 'Nowhere' })).branch_id).toBeUndefined();
  });

  it('sent alone, the entry names its own branch, not the one picked since', async () => {
    await queueAt('7', 'REDEEM_LOAN', { uuid: loan.uuid, redemption_date: '2026-11-23' });
    localStorage.setItem('branch_id', '9');
    await runQueue();
    expect(server.seen.map((r) => [r.path, r.branch])).toEqual([[`/api/loans/${loan.uuid}/redeem`, '7']]);
  });

  it('in a batch, each mutation carries the branch it was written at', async () => {
    await queueAt('7', 'UPDATE_LOAN', { uuid: loan.uuid, notes: 'At Makati' });
    await queueAt('9', 'UPDATE_LOAN', { uuid: other.uuid, notes: 'At Cebu' });
    await queueAt(null, 'UPDATE_CUSTOMER', { uuid: customer.uuid, last_name: 'Cruz' });
    localStorage.setItem('branch_id', '3');
    await runQueue();
    expect(server.batches).toHaveLength(1);
    // The one without a branch is recorded where the request is sent from (the header), as before.
    expect(server.batches[0].map((r) => r.branch)).toEqual(['7', '9', '3']);
    expect((await db.syncQueue.toArray()).map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
  });
});
