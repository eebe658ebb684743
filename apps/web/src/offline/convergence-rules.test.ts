import 'fake-indexeddb/auto';
import { syncDeltaReplySchema, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLendingServer } from '../test/fake-lending-server';
import { fakeNetwork } from '../test/fake-network';
import { clearStore, serverCategory, serverCustomer, serverLoan } from '../test/lending-fixtures';
import { openBook } from './book-key';
import { toBase64Url } from './book-seal';
import { bookName, db } from './database';
import { createLoan, forfeitLoan, processForfeitedItem, redeemLoan, renewLoan, saveCustomer, updateLoanNotes } from '../features/lending/book/lending-actions';
import { pullChanges } from './pull';
import { runQueue } from './queue-runner';
import { correctEntry, dropEntry } from './refusals';
import { startQueueTest } from '../test/queue-fixtures';

// The convergence rules of decisions 0110-0112, each with the defect it closes: a refused change is
// taken back and the device shows the server's rows; dependants wait for every earlier entry of their record; a
// replayed old reply never replaces a newer copy; a pull reaches rows with unsent changes; the book is one
// user's in one company; a refused create can be corrected or discarded; a refused cursor starts again.

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const category = serverCategory();
const customer = serverCustomer();
const loan = serverLoan();
const itemUuid = loan.items[0].uuid;
let server: ReturnType<typeof fakeLendingServer>;

beforeEach(async () => {
  localStorage.clear();
  server = await startQueueTest(net.fetchMock, { categories: [category], customers: [customer], loans: [loan] });
});

const conflict = (message: string) => ({ status: 409, body: { message } });

describe('a refused change is taken back (defect 2)', () => {
  it('a renewal refused because another counter renewed first: no phantom ticket, items back, dependants closed', async () => {
    const phantom = await renewLoan(loan.uuid, '2026-11-23');
    await redeemLoan(phantom.uuid, '2026-11-23');
    expect(await db.loans.count()).toBe(2);
    server.answer(conflict('This loan is renewed, not active.'));
    const result = await runQueue();
    expect(result.refused).toBe(1);
    // Only the renewal went out: the redemption of its new ticket was closed with it.
    expect(server.seen.map((r) => r.path)).toEqual([`/api/loans/${loan.uuid}/renew`]);
    expect(await db.loans.get(phantom.uuid)).toBeUndefined();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ status: 'active', sync_status: 'synced', pawn_ticket_number: loan.pawn_ticket_number });
    expect(await db.items.get(itemUuid)).toMatchObject({ loan_uuid: loan.uuid, status: 'pawned', sync_status: 'synced' });
    expect((await db.loans.get(loan.uuid))?.items.map((i) => i.uuid)).toEqual([itemUuid]);
    const entries = await db.syncQueue.orderBy('id').toArray();
    expect(entries.map((e) => e.status)).toEqual(['refused', 'refused']);
    expect(entries[0]).toMatchObject({ error: 'This loan is renewed, not active.', reverted: expect.stringContaining('renewal undone') });
    expect(entries[0].reverted).toContain('removed');
    // The panel names the ticket as the clerk knew it when renewing.
    expect(entries[0].subject).toBe(loan.pawn_ticket_number);
  });

  it('a forfeit refused because the loan was redeemed no longer shows forfeited', async () => {
    vi.setSystemTime(new Date('2027-03-02T08:00:00Z'));
    await forfeitLoan(loan.uuid);
    server.answer(conflict('This loan is redeemed, not active.'));
    await runQueue();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ status: 'active', sync_status: 'synced' });
    expect((await db.items.get(itemUuid))?.status).toBe('pawned');
    vi.useRealTimers();
  });

  it('an unrelated later change of the same record stays and is sent', async () => {
    await redeemLoan(loan.uuid, '2026-11-23');
    await updateLoanNotes(loan.uuid, 'kept in safe 2');
    server.answer(conflict('This loan is forfeited, not active.'));
    await runQueue();
    expect(server.seen.map((r) => r.path)).toEqual([`/api/loans/${loan.uuid}/redeem`, `/api/loans/${loan.uuid}`]);
    expect((await db.syncQueue.orderBy('id').toArray()).map((e) => e.status)).toEqual(['refused', 'completed']);
    expect(await db.loans.get(loan.uuid)).toMatchObject({ status: 'active', notes: 'kept in safe 2' });
  });
});

describe('order per record (defect 8)', () => {
  it('a forfeit answered 503 holds back the sale preparation of its items', async () => {
    vi.setSystemTime(new Date('2027-03-02T08:00:00Z'));
    await forfeitLoan(loan.uuid);
    await processForfeitedItem(itemUuid, 4500);
    server.answer({ status: 503, body: { message: 'Busy.' } });
    await runQueue();
    expect(server.seen.map((r) => r.path)).toEqual([`/api/loans/${loan.uuid}/forfeit`]);
    vi.setSystemTime(new Date('2027-03-02T08:01:00Z'));
    await runQueue();
    expect(server.seen.map((r) => r.path).slice(1)).toEqual([`/api/loans/${loan.uuid}/forfeit`, `/api/items/${itemUuid}/process-forfeited`]);
    vi.useRealTimers();
  });
});

describe('versions (defect 4)', () => {
  it('a stored first reply replayed after another device renamed the customer does not make the device stale', async () => {
    await saveCustomer({ uuid: customer.uuid, first_name: 'Maria', last_name: 'Reyes', phone_number: '0917' });
    // Another device's rename arrives by a pull while this change waits (version 7).
    server.answer('network');
    await runQueue();
    const pulled = serverCustomer({ first_name: 'Marian', last_name: 'Reyes', phone_number: '0917', version: 7 });
    net.fetchMock.mockImplementationOnce(async () => net.json(200, delta({ customers: [pulled] }, 'c7')));
    await pullChanges();
    expect(await db.customers.get(customer.uuid)).toMatchObject({ first_name: 'Maria', sync_status: 'pending', _base: expect.objectContaining({ first_name: 'Marian' }) });
    // The resend is answered with the stored first reply, of version 5.
    vi.setSystemTime(NOW.getTime() + 10_000);
    server.answer({ status: 200, body: { data: serverCustomer({ first_name: 'Maria', last_name: 'Reyes', version: 5 }) } });
    await runQueue();
    expect(await db.customers.get(customer.uuid)).toMatchObject({ first_name: 'Marian', sync_status: 'synced', version: 7 });
  });
});

function delta(data: Partial<SyncDeltaReply['data']>, cursor: string): SyncDeltaReply {
  const empty = { customers: [], loans: [], items: [], transactions: [], categories: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };
  return syncDeltaReplySchema.parse({ data: { ...empty, ...data }, meta: { cursor, server_time: NOW.toISOString(), total_changes: 1, recommendation: null } });
}

describe('pulls and unsent changes', () => {
  it('a row with an unsent change takes the pulled copy once the change is settled, never skipped for good', async () => {
    await updateLoanNotes(loan.uuid, 'mine');
    net.fetchMock.mockImplementationOnce(async () => net.json(200, delta({ loans: [serverLoan({ notes: 'theirs', version: 9, interest_rate: 4 })] }, 'c9')));
    await pullChanges();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ notes: 'mine', interest_rate: 3 });
    server = fakeLendingServer(net.fetchMock);
    server.answer(conflict('This loan is forfeited, not active.'));
    await runQueue();
    expect(await db.loans.get(loan.uuid)).toMatchObject({ notes: 'theirs', interest_rate: 4, sync_status: 'synced' });
  });

  it('a cursor the server refuses starts the pull again from the epoch, keeping unsent work (defect 6)', async () => {
    await db.syncState.add({ table_name: 'all', lastSyncTime: 'c999', lastId: 0, dataVersion: 1, totalRecords: 0 });
    await updateLoanNotes(loan.uuid, 'unsent');
    const asked = net.answerPulls((since) => {
      if (since === 'c999') return net.json(422, { message: 'The given data was invalid.', errors: { since: ['This cursor is ahead of the server; sync again from the epoch.'] } });
      return net.json(200, delta({ customers: [serverCustomer({ first_name: 'Fresh', version: 3 })] }, 'c3'));
    });
    await pullChanges();
    expect(asked).toEqual(['c999', '1970-01-01T00:00:00.000Z']);
    expect((await db.customers.get(customer.uuid))?.first_name).toBe('Fresh');
    expect(await db.loans.get(loan.uuid)).toMatchObject({ notes: 'unsent', sync_status: 'pending' });
    expect(await db.syncQueue.where('status').equals('pending').count()).toBe(1);
  });
});

describe('a refused create can be corrected or discarded (defect 7)', () => {
  const input = { customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 500, items: [{ description: 'Phone', appraisal_value: 800 }] };

  it('corrected: sent again with the corrected field; its renewal waited behind it', async () => {
    const written = await createLoan(input);
    await renewLoan(written.uuid, '2026-11-23');
    server.answer({ status: 422, body: { message: 'The given data was invalid.', errors: { loan_amount: ['The loan amount is too high for this shop.'] } } });
    await runQueue();
    expect(server.seen).toHaveLength(1);
    const [create] = await db.syncQueue.orderBy('id').toArray();
    expect(create).toMatchObject({ status: 'failed', error_kind: 'rejected' });
    expect(await db.loans.get(written.uuid)).toMatchObject({ sync_status: 'failed' });
    await correctEntry(create.id!, { loan_amount: 400 });
    expect(await db.loans.get(written.uuid)).toMatchObject({ loan_amount: 400 });
    await runQueue();
    expect(server.seen.slice(1).map((r) => r.path)).toEqual(['/api/loans', `/api/loans/${written.uuid}/renew`]);
    expect(server.seen[1].body.loan_amount).toBe(400);
  });

  it('discarded: the ticket and its renewal leave the device, nothing is sent', async () => {
    const written = await createLoan(input);
    const next = await renewLoan(written.uuid, '2026-11-23');
    server.answer({ status: 422, body: { message: 'The given data was invalid.', errors: { loan_amount: ['Too high.'] } } });
    await runQueue();
    const [create] = await db.syncQueue.orderBy('id').toArray();
    const reverted = await dropEntry(create.id!, 'discarded', 'Discarded on this device.');
    expect(reverted).toContain('removed');
    expect(await db.loans.get(written.uuid)).toBeUndefined();
    expect(await db.loans.get(next.uuid)).toBeUndefined();
    expect((await db.syncQueue.orderBy('id').toArray()).map((e) => e.status)).toEqual(['discarded', 'discarded']);
    await runQueue();
    expect(server.seen).toHaveLength(1);
  });
});

describe('the book is one user’s in one company (defect 1)', () => {
  it('another user signed in on the same browser neither sees nor sends the first user’s book', async () => {
    localStorage.setItem('book_user', '1');
    localStorage.setItem('company_id', '3');
    await clearStore();
    localStorage.setItem('company_id', '4');
    localStorage.setItem('book_user', '2');
    await clearStore();
    localStorage.setItem('book_user', '1');
    localStorage.setItem('company_id', '3');
    // The book's key (decision 0375): its ID numbers are kept sealed.
    expect(await openBook(() => Promise.resolve({ current: 'k', keys: [{ id: 'k', key: toBase64Url(crypto.getRandomValues(new Uint8Array(32))) }] }))).toBe(true);
    const mine = await saveCustomer({ first_name: 'Ana', last_name: 'Lim', address: 'Calle 1', id_number: 'X-1' });
    expect(db.name).toBe(bookName({ userId: 1, companyId: 3 }));
    // User 1 signs out; user 2 of company 4 signs in on the same browser.
    localStorage.setItem('book_user', '2');
    localStorage.setItem('company_id', '4');
    expect(db.name).toBe(bookName({ userId: 2, companyId: 4 }));
    expect(await db.customers.get(mine.uuid)).toBeUndefined();
    expect(await db.customers.count()).toBe(0);
    await runQueue();
    expect(server.seen).toHaveLength(0);
    // User 1 signs in again: the change is theirs, sent to their company.
    localStorage.setItem('book_user', '1');
    localStorage.setItem('company_id', '3');
    await runQueue();
    expect(server.seen.map((r) => r.path)).toEqual(['/api/customers']);
    expect(server.seen[0].body.id_number).toBe('X-1');
    const headers = new Headers(net.fetchMock.mock.calls.at(-1)?.[1]?.headers);
    expect(headers.get('X-Company-Id')).toBe('3');
    expect((await db.syncQueue.toArray())[0]).toMatchObject({ user_id: 1, company_id: 3, status: 'completed' });
  });

  it('a reply that arrives after another user signed in is kept for its owner, never written into the other book', async () => {
    localStorage.setItem('book_user', '2');
    await clearStore();
    localStorage.setItem('book_user', '1');
    await clearStore();
    const mine = await saveCustomer({ first_name: 'Ana', last_name: 'Lim' });
    // The server commits; before its reply is read, user 2 signs in on this browser.
    net.fetchMock.mockImplementationOnce(async () => {
      localStorage.setItem('book_user', '2');
      return net.json(201, { data: serverCustomer({ uuid: mine.uuid, id: 77, first_name: 'Ana', last_name: 'Lim' }) });
    });
    await runQueue();
    expect(await db.customers.count()).toBe(0);
    expect(await db.syncQueue.count()).toBe(0);
    localStorage.setItem('book_user', '1');
    expect((await db.syncQueue.toArray()).map((e) => e.status)).toEqual(['pending']);
    expect(await db.customers.get(mine.uuid)).toMatchObject({ sync_status: 'pending' });
  });

  it('an entry of another user in the same book is never sent with this session', async () => {
    localStorage.setItem('book_user', '1');
    await clearStore();
    await saveCustomer({ first_name: 'Ana', last_name: 'Lim' });
    await db.syncQueue.toCollection().modify({ user_id: 99 });
    await runQueue();
    expect(server.seen).toHaveLength(0);
  });
});

describe('a book kept by an earlier version', () => {
  it('moves into the book of the user whose session the device kept, with its unsent entries and their keys', async () => {
    const { adoptLegacyBook } = await import('./legacy-book');
    const { deviceDatabase } = await import('./database');
    const { storeSignIn } = await import('./auth-local');
    // Written by the earlier version: no book user, everything in PawnshopDB.
    const old = await saveCustomer({ first_name: 'Old', last_name: 'Book' });
    const [entry] = await db.syncQueue.toArray();
    await storeSignIn('t0k', { id: 5 } as never);
    localStorage.setItem('book_user', '6');
    expect(await adoptLegacyBook()).toBe(0);
    localStorage.setItem('book_user', '5');
    await clearStore();
    expect(await adoptLegacyBook()).toBeGreaterThan(0);
    expect(await db.customers.get(old.uuid)).toMatchObject({ first_name: 'Old' });
    expect(await db.syncQueue.get(entry.id!)).toMatchObject({ user_id: 5, company_id: 3, status: 'pending' });
    expect(await deviceDatabase().customers.count()).toBe(0);
    expect(await deviceDatabase().auth.count()).toBe(1);
  });
});
