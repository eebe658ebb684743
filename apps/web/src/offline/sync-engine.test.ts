import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLendingServer } from '../test/fake-lending-server';
import { fakeNetwork } from '../test/fake-network';
import { serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { db } from './database';
import { updateLoanNotes } from '../features/lending/book/lending-actions';
import { runQueue } from './queue-runner';
import { setSyncHooks, startSync, stopSync, syncNow } from './sync-engine';
import { startQueueTest } from '../test/queue-fixtures';

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const loan = serverLoan();
let server: ReturnType<typeof fakeLendingServer>;

beforeEach(async () => {
  server = await startQueueTest(net.fetchMock, { categories: [serverCategory()], customers: [serverCustomer()], loans: [loan] }, { signedIn: false });
  setSyncHooks({ pull: async () => {} });
});
afterEach(() => stopSync());

async function settled(): Promise<void> {
  // Lets the engine's event-started run finish (it is not awaited by the writer).
  await vi.waitFor(async () => expect(await db.syncQueue.where('status').equals('pending').count()).toBe(0));
  await runQueue();
}

describe('when the queue runs', () => {
  it('an entry queued while online is sent without being asked', async () => {
    startSync();
    await updateLoanNotes(loan.uuid, 'x');
    await settled();
    expect(server.seen).toHaveLength(1);
  });

  it('offline nothing is sent; coming online sends it', async () => {
    net.online = false;
    startSync();
    await updateLoanNotes(loan.uuid, 'offline note');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.seen).toHaveLength(0);
    net.setOnline(true);
    await vi.waitFor(async () => expect((await db.syncQueue.toArray())[0].status).toBe('completed'));
    expect(server.seen).toHaveLength(1);
  });

  it('coming online retries entries that wait on back-off at once', async () => {
    await updateLoanNotes(loan.uuid, 'x');
    server.answer('network');
    await runQueue();
    expect((await db.syncQueue.toArray())[0]).toMatchObject({ status: 'failed', error_kind: 'retry' });
    startSync();
    net.setOnline(true);
    await vi.waitFor(async () => expect((await db.syncQueue.toArray())[0].status).toBe('completed'));
    expect(server.seen).toHaveLength(2);
  });

  it('stopSync: entries stay queued and unsent', async () => {
    startSync();
    stopSync();
    await updateLoanNotes(loan.uuid, 'x');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.seen).toHaveLength(0);
    expect(await db.syncQueue.count()).toBe(1);
  });

  it('Sync now sends entries waiting on back-off, then pulls', async () => {
    const pull = vi.fn(async () => {});
    setSyncHooks({ pull });
    await updateLoanNotes(loan.uuid, 'x');
    server.answer({ status: 503, body: { message: 'Busy.' } });
    await runQueue();
    expect((await db.syncQueue.toArray())[0].status).toBe('failed');
    await syncNow();
    expect((await db.syncQueue.toArray())[0].status).toBe('completed');
    expect(pull).toHaveBeenCalled();
  });
});

describe('the start-up pull (decision 0374)', () => {
  it("asks for a pull whose request leaves from the start on, so a pull the stream's opening started meanwhile is it", async () => {
    const asked: (number | undefined)[] = [];
    setSyncHooks({ pull: async (neededFrom) => void asked.push(neededFrom) });
    const startedAt = Date.now();
    try {
      startSync();
      // The book's opening and the queue's run come first: the clock moves on meanwhile.
      vi.setSystemTime(startedAt + 5_000);
      await vi.waitFor(() => expect(asked).toHaveLength(1));
      expect(asked).toEqual([startedAt]);
    } finally {
      vi.setSystemTime(startedAt);
    }
  });
});
