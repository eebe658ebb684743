import 'fake-indexeddb/auto';
import { loanCreateSchema } from '@kalinga/contracts/lending/schemas';
import { LOAN_AMOUNT_TOO_HIGH, LOAN_DATE_IN_FUTURE, NOT_RENEWABLE, RENEW_AFTER_EXPIRY, inRedemptionPeriod, ITEM_NOT_FOR_SALE, ITEM_NOT_FORFEITED, LOW_LOAN_NEEDS_REQUEST } from '@kalinga/contracts/lending/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { settingsKey, writeLocalSettings } from '../../../offline/settings-local';
import { KYC_NEEDED } from '@kalinga/contracts/lending/kyc-rules';
import { addItem, createLoan, forfeitLoan, markItemSold, processForfeitedItem, redeemLoan, renewLoan, saveCustomer, updateItem, updateLoanNotes } from './lending-actions';

const NOW = new Date('2026-11-23T08:00:00.000Z'); // 16:00 in Manila
const category = serverCategory();
const customer = serverCustomer();
const loan = serverLoan();
const itemUuid = loan.items[0].uuid;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await clearStore();
  await keepSynced({ categories: [category], customers: [customer], loans: [loan] });
  return () => vi.useRealTimers();
});

async function entries() {
  return (await db.syncQueue.toArray()).map((e) => ({ operation: e.operation, data: e.data, status: e.status }));
}

describe('customers', () => {
  it('a new customer is pending with its CREATE_CUSTOMER entry; an edit queues UPDATE_CUSTOMER', async () => {
    const created = await saveCustomer({ first_name: ' Juan ', last_name: 'Dela Cruz', phone_number: '0918' });
    expect(created).toMatchObject({ first_name: 'Juan', sync_status: 'pending', searchTerms: ['juan', 'dela', 'cruz', '0918'] });
    const edited = await saveCustomer({ uuid: created.uuid, first_name: 'Juan', last_name: 'Cruz' });
    expect(edited.searchTerms).toEqual(['juan', 'cruz', '0918']);
    expect(await entries()).toEqual([
      { operation: 'CREATE_CUSTOMER', status: 'pending', data: expect.objectContaining({ uuid: created.uuid, first_name: 'Juan', last_name: 'Dela Cruz' }) },
      { operation: 'UPDATE_CUSTOMER', status: 'pending', data: expect.objectContaining({ uuid: created.uuid, last_name: 'Cruz' }) },
    ]);
  });

  it('refuses a customer without a first name, writing nothing', async () => {
    await expect(saveCustomer({ first_name: ' ', last_name: 'X' })).rejects.toThrow('The first name field is required.');
    expect(await db.customers.count()).toBe(1);
    expect(await db.syncQueue.count()).toBe(0);
  });
});

describe('a new ticket', () => {
  const input = { customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: '2026-11-23', loan_amount: 3000, items: [{ description: 'Gold ring', appraisal_value: 4000 }, { description: 'Watch', appraisal_value: 1000.5 }] };

  it('is written with the rules figures, pending items and one CREATE_LOAN entry a server accepts', async () => {
    const written = await createLoan(input);
    expect(written).toMatchObject({
      status: 'active', sync_status: 'pending', appraisal_value: 5000.5, loan_amount: 3000, service_charge: 5, amount_disbursed: 2995,
      maturity_date: '2026-12-23', expiry_date: '2027-03-23', interest_rate: 3, paid_interest_amount: 0,
    });
    expect(written.pawn_ticket_number ?? null).toBeNull();
    const items = await db.items.where('loan_uuid').equals(written.uuid).toArray();
    expect(items.map((i) => [i.description, i.status, i.sync_status, i.customer_uuid]).sort()).toEqual([
      ['Gold ring', 'pawned', 'pending', customer.uuid],
      ['Watch', 'pawned', 'pending', customer.uuid],
    ]);
    const [entry] = await db.syncQueue.toArray();
    expect(entry.operation).toBe('CREATE_LOAN');
    expect(loanCreateSchema.safeParse(entry.data).success).toBe(true);
    expect((entry.data.items as { uuid: string }[]).map((i) => i.uuid)).toEqual(written.items.map((i) => i.uuid));
    expect(items.map((i) => i.uuid).sort()).toEqual(written.items.map((i) => i.uuid).sort());
  });

  it('refuses an amount above the appraised value and a future date with the rules sentences', async () => {
    await expect(createLoan({ ...input, loan_amount: 6000 })).rejects.toThrow(LOAN_AMOUNT_TOO_HIGH);
    await expect(createLoan({ ...input, loan_date: '2026-11-24' })).rejects.toThrow(LOAN_DATE_IN_FUTURE);
    expect(await db.loans.count()).toBe(1);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('a loan below 30 % of the appraisal is refused offline without the written request and queued with it (decision 0182)', async () => {
    await expect(createLoan({ ...input, loan_amount: 1500 })).rejects.toThrow(LOW_LOAN_NEEDS_REQUEST);
    expect(await db.syncQueue.count()).toBe(0);
    const written = await createLoan({ ...input, loan_amount: 1500, written_request: true });
    expect(written).toMatchObject({ loan_amount: 1500, written_request: true });
    const [entry] = await db.syncQueue.toArray();
    expect(entry.data).toMatchObject({ loan_amount: 1500, written_request: true });
    expect(loanCreateSchema.safeParse(entry.data).success).toBe(true);
  });

  it('a first loan above the shop’s amount is refused offline until the customer’s record is full; nothing is queued (decision 0186)', async () => {
    await writeLocalSettings(settingsKey(null), { site_name: 'Kalinga', kyc_loan_threshold: 2000 });
    const fresh = await saveCustomer({ first_name: 'Ana', last_name: 'Reyes', address: 'Jaro' });
    await db.syncQueue.clear();
    const first = { ...input, customer_uuid: fresh.uuid };
    await expect(createLoan(first)).rejects.toThrow(KYC_NEEDED(200_000, ['photo ID type', 'ID number', 'date of birth', 'nationality', 'work', 'source of funds']));
    expect(await db.syncQueue.count()).toBe(0);
    // The fixture's customer has a loan already: their next one needs nothing more.
    await createLoan(input);
    await saveCustomer({ uuid: fresh.uuid, first_name: 'Ana', last_name: 'Reyes', address: 'Jaro', id_type: 'PhilSys ID', id_number: '1', birth_date: '1990-01-01', nationality: 'Filipino', occupation: 'Teacher', source_of_funds: 'Salary' });
    expect(await createLoan(first)).toMatchObject({ customer_uuid: fresh.uuid, loan_amount: 3000 });
  });

  it('writes the loan and its entry together or not at all', async () => {
    vi.spyOn(db.syncQueue, 'add').mockRejectedValueOnce(new Error('disk gone'));
    await expect(createLoan(input)).rejects.toThrow('disk gone');
    expect(await db.loans.count()).toBe(1);
    expect(await db.items.count()).toBe(1);
  });
});

describe('loan actions', () => {
  it('renew: the old loan is renewed, a new ticket takes the principal and the items, one RENEW_LOAN', async () => {
    const next = await renewLoan(loan.uuid, '2026-11-23');
    const old = await db.loans.get(loan.uuid);
    expect(old).toMatchObject({ status: 'renewed', renewal_date: '2026-11-23', new_loan: next.uuid, paid_interest_amount: 90, sync_status: 'pending' });
    expect(next).toMatchObject({ status: 'active', loan_date: '2026-11-23', loan_amount: 3000, service_charge: 5, amount_disbursed: 0, renewed_from: loan.uuid, maturity_date: '2026-12-23' });
    expect((await db.items.get(itemUuid))?.loan_uuid).toBe(next.uuid);
    expect(await entries()).toEqual([{ operation: 'RENEW_LOAN', status: 'pending', data: { uuid: loan.uuid, new_uuid: next.uuid, renewal_date: '2026-11-23' } }]);
  });

  it('renew is refused for a non-renewable category and after expiry', async () => {
    await db.categories.update(category.uuid, { is_renewable: false });
    await expect(renewLoan(loan.uuid)).rejects.toThrow(NOT_RENEWABLE);
    await db.categories.update(category.uuid, { is_renewable: true });
    vi.setSystemTime(new Date('2027-03-10T08:00:00Z'));
    await expect(renewLoan(loan.uuid)).rejects.toThrow(RENEW_AFTER_EXPIRY);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('redeem: principal, interest and penalty; loan and items redeemed', async () => {
    vi.setSystemTime(new Date('2026-12-05T08:00:00Z'));
    const redeemed = await redeemLoan(loan.uuid, '2026-12-05');
    expect(redeemed).toMatchObject({ status: 'redeemed', redemption_date: '2026-12-05', paid_interest_amount: 182.7, paid_penalty_amount: 61.8 });
    expect(redeemed.items.map((i) => i.status)).toEqual(['redeemed']);
    expect((await db.items.get(itemUuid))?.status).toBe('redeemed');
    expect(await entries()).toEqual([{ operation: 'REDEEM_LOAN', status: 'pending', data: { uuid: loan.uuid, redemption_date: '2026-12-05' } }]);
    await expect(redeemLoan(loan.uuid)).rejects.toThrow('This loan is redeemed, not active.');
  });

  it('forfeit only after expiry; then process and sell its item', async () => {
    vi.setSystemTime(new Date('2027-03-01T08:00:00Z'));
    await expect(forfeitLoan(loan.uuid, '2027-03-01')).rejects.toThrow(inRedemptionPeriod('2027-03-01'));
    await expect(markItemSold(itemUuid, { final_selling_price: 1, buyer_name: 'B' })).rejects.toThrow(ITEM_NOT_FOR_SALE('pawned'));
    await expect(processForfeitedItem(itemUuid, 4500)).rejects.toThrow(ITEM_NOT_FORFEITED('pawned'));
    vi.setSystemTime(new Date('2027-03-02T08:00:00Z'));
    expect(await forfeitLoan(loan.uuid)).toMatchObject({ status: 'forfeited', forfeiture_date: '2027-03-02' });
    expect(await processForfeitedItem(itemUuid, 4500)).toMatchObject({ status: 'for_sale', selling_price: 4500 });
    const sold = await markItemSold(itemUuid, { final_selling_price: 4400, buyer_name: 'Pedro', sale_notes: '' });
    expect(sold).toMatchObject({ status: 'sold', final_selling_price: 4400, buyer_name: 'Pedro', sold_at: '2027-03-02T08:00:00.000Z' });
    expect((await db.loans.get(loan.uuid))?.items[0]).toMatchObject({ status: 'sold' });
    expect((await entries()).map((e) => e.operation)).toEqual(['FORFEIT_LOAN', 'PROCESS_FORFEITED_ITEM', 'MARK_ITEM_SOLD']);
  });

  it('notes, new items and item edits each queue their entry', async () => {
    expect(await updateLoanNotes(loan.uuid, 'Keep in safe 2')).toMatchObject({ notes: 'Keep in safe 2', sync_status: 'pending' });
    const added = await addItem(loan.uuid, { description: 'Necklace', appraisal_value: 800 });
    expect(added).toMatchObject({ loan_uuid: loan.uuid, category_uuid: category.uuid, status: 'pawned', sync_status: 'pending' });
    expect((await db.loans.get(loan.uuid))?.items.map((i) => i.description)).toEqual(['Gold ring 18k', 'Necklace']);
    const edited = await updateItem(added.uuid, { market_value: null, description: 'Silver necklace' });
    expect(edited.description).toBe('Silver necklace');
    expect(await entries()).toEqual([
      { operation: 'UPDATE_LOAN', status: 'pending', data: { uuid: loan.uuid, notes: 'Keep in safe 2', was: { notes: null } } },
      { operation: 'CREATE_ITEM', status: 'pending', data: expect.objectContaining({ uuid: added.uuid, loan_uuid: loan.uuid, appraisal_value: 800 }) },
      // Only what changed travels, with the value the device had (the market value was already empty).
      { operation: 'UPDATE_ITEM', status: 'pending', data: { uuid: added.uuid, description: 'Silver necklace', was: { description: 'Necklace' } } },
    ]);
  });
});
