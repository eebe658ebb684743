import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';
import { acknowledgerOf } from '../screening/triage.repository';
import { closeEntryAsBooked, declineOpenOffer, offerState, offerStatus, takeOffer, withdrawOffer } from './waitlist-offers.repository';
import { closeEntryAsLeft, withdrawOpenOffers } from './waitlist.repository';

// Architecture rule 5 (decision 0266): a repository function over a company's rows takes the company id, so another
// company's id reaches none of them, even with the right row id.

let t: TestApp;
let a: WaitCentre;
let b: WaitCentre;

beforeAll(async () => {
  t = await createTestApp();
  a = await waitCentre(t, 'Scope Centre A');
  b = await waitCentre(t, 'Scope Centre B');
});
afterAll(async () => {
  await t.close();
});

/** A waiting entry of company A with an open offer held for a day. */
async function entryWithOffer(): Promise<{ entryId: number; offerId: number }> {
  const who = await client(t, a, 'Scope Client');
  const now = new Date().toISOString();
  const entry = await t.db
    .insertInto('waitlist_entries')
    .values({
      uuid: randomUUID(), company_id: a.admin.companyId, client_id: who.user.id, counselor_id: a.counselor.user.id, from_date: '2026-12-01', to_date: '2026-12-01',
      days: '["tuesday"]', time_from: '10:00', time_to: '11:00', reason: 'Scope', category_id: a.categoryId, location_type: 'online', location: null,
      appointment_id: null, created_at: now, closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await t.db
    .insertInto('waitlist_offers')
    .values({
      uuid: randomUUID(), company_id: a.admin.companyId, entry_id: entry.id, counselor_id: a.counselor.user.id, start_at: '2026-12-01T02:00:00.000Z',
      duration_minutes: 60, offered_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString(), answered_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { entryId: entry.id, offerId: offer.id };
}

const statusOf = async (offerId: number) => (await t.db.selectFrom('waitlist_offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;
const entryStatus = async (entryId: number) => (await t.db.selectFrom('waitlist_entries').select('status').where('id', '=', entryId).executeTakeFirstOrThrow()).status;

describe("another company's id reaches no waitlist row", () => {
  it('reads no offer, and withdraws, takes or declines none', async () => {
    const { offerId } = await entryWithOffer();
    const now = new Date().toISOString();
    const other = b.admin.companyId;
    expect(await offerStatus(t.db, other, offerId)).toBeUndefined();
    await expect(offerState(t.db, other, offerId)).rejects.toThrow();
    await withdrawOffer(t.db, other, offerId, now);
    expect(await takeOffer(t.db, other, offerId, now)).toBe(false);
    expect(await declineOpenOffer(t.db, other, offerId, now)).toBe(false);
    expect(await statusOf(offerId)).toBe('open');
    // The company's own id does.
    expect((await offerState(t.db, a.admin.companyId, offerId)).status).toBe('open');
    await withdrawOffer(t.db, a.admin.companyId, offerId, now);
    expect(await statusOf(offerId)).toBe('withdrawn');
  });

  it("closes no entry and withdraws no entry's offers", async () => {
    const { entryId, offerId } = await entryWithOffer();
    const now = new Date().toISOString();
    const other = b.admin.companyId;
    await withdrawOpenOffers(t.db, other, entryId, now);
    expect(await closeEntryAsLeft(t.db, other, entryId, now)).toBe(false);
    expect(await statusOf(offerId)).toBe('open');
    expect(await entryStatus(entryId)).toBe('waiting');
    await withdrawOpenOffers(t.db, a.admin.companyId, entryId, now);
    expect(await statusOf(offerId)).toBe('withdrawn');
    expect(await closeEntryAsLeft(t.db, a.admin.companyId, entryId, now)).toBe(true);
  });

  it('books no entry of another company', async () => {
    const { entryId } = await entryWithOffer();
    const now = new Date().toISOString();
    const appointment = await t.db.selectFrom('appointments').select('id').executeTakeFirst();
    await closeEntryAsBooked(t.db, b.admin.companyId, entryId, appointment?.id ?? 1, now);
    expect(await entryStatus(entryId)).toBe('waiting');
  });
});

describe("another company's id reaches no urgent case", () => {
  it("does not read who acknowledged another company's case", async () => {
    const who = await client(t, a, 'Urgent Client');
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto('urgent_cases')
      .values({ company_id: a.admin.companyId, client_id: who.user.id, source: 'button', created_at: now, escalate_at: now, escalated_at: null, acknowledged_by: a.counselor.user.id, acknowledged_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(acknowledgerOf(t.db, b.admin.companyId, row.id)).rejects.toThrow();
    expect((await acknowledgerOf(t.db, a.admin.companyId, row.id)).acknowledged_by).toBe(a.counselor.user.id);
  });
});
