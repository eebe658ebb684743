import 'fake-indexeddb/auto';
import { ITEM_IN_TRANSIT } from '@kalinga/contracts/lending/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverItem, serverLoan } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { forfeitLoan, markItemSold, processForfeitedItem, redeemLoan } from './lending-actions';

// Offline, the counter refuses as the server does (decision 0323): a ticket whose item travels between vaults is
// not redeemed or forfeited, and such an item is not put up for sale or sold; nothing is written or queued.

const NOW = new Date('2026-11-23T08:00:00.000Z');
const travelling = { branch_id: 1, in_transit: true };

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await clearStore();
  return () => vi.useRealTimers();
});

const nothingQueued = async () => expect(await db.syncQueue.count()).toBe(0);

describe('an item in transit on this device', () => {
  it('refuses the redemption of its ticket; once received, the ticket is redeemed', async () => {
    const loan = serverLoan({ items: [serverItem(), serverItem({ uuid: '00000000-0000-4000-8000-0000000000a2', ...travelling })] });
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [loan] });
    await expect(redeemLoan(loan.uuid, '2026-11-23')).rejects.toThrow(ITEM_IN_TRANSIT);
    expect((await db.loans.get(loan.uuid))?.status).toBe('active');
    await nothingQueued();
    await db.items.update('00000000-0000-4000-8000-0000000000a2', { in_transit: false, branch_id: 2 });
    expect((await redeemLoan(loan.uuid, '2026-11-23')).status).toBe('redeemed');
  });

  it('refuses the forfeiture of its ticket', async () => {
    const loan = serverLoan({ loan_date: '2026-08-01', maturity_date: '2026-09-01', expiry_date: '2026-10-01', notice_sent_at: '2026-09-15T00:00:00.000Z', items: [serverItem(travelling)] });
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [loan] });
    await expect(forfeitLoan(loan.uuid, '2026-11-23')).rejects.toThrow(ITEM_IN_TRANSIT);
    await nothingQueued();
  });

  it('refuses putting a forfeited item up for sale, and selling one for sale', async () => {
    const forfeited = serverLoan({ status: 'forfeited', items: [serverItem({ status: 'forfeited', ...travelling })] });
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [forfeited] });
    await expect(processForfeitedItem(forfeited.items[0].uuid, 900)).rejects.toThrow(ITEM_IN_TRANSIT);
    await db.items.update(forfeited.items[0].uuid, { status: 'for_sale', selling_price: 900 });
    await expect(markItemSold(forfeited.items[0].uuid, { final_selling_price: 900, buyer_name: 'Juana Bili' })).rejects.toThrow(ITEM_IN_TRANSIT);
    await nothingQueued();
  });
});
