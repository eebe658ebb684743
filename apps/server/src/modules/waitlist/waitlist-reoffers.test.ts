// A client holds a given slot once (decision 0223): joining again after leaving or declining does not bring the same
// time back to them, so nobody can keep a slot from everyone by renewing the hold; and the site's pause after a
// client lets a held time go. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../../test/harness';
import { slotsOf } from '../../../test/schedule/schedule-helpers';
import { matchCompany } from './waitlist-match';
import { api, bookTen, cancel, client, freshDate, mine, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';

let t: TestApp;
let c: WaitCentre;
let holder: Actor;

beforeAll(async () => {
  t = await createTestApp();
  c = await waitCentre(t, 'Reoffer School');
  holder = await client(t, c, 'Slot Holder');
});
afterAll(async () => t?.close());

const join = (who: Actor, body: Record<string, unknown>) => api(t.app, who, 'POST', '/api/waitlist', body);
const waiting = async (who: Actor) => (await mine(t, who)).find((e) => e.status === 'waiting')!;
const setCooldown = (hours: number) => api(t.app, c.admin, 'POST', '/api/settings', { waitlist_cooldown_hours: hours });

/** A date whose 10:00 `who` is offered: booked by the holder, `who` joins, the booking is cancelled. */
async function offeredTen(who: Actor): Promise<{ date: string; offer: { uuid: string; appointment_date: string } }> {
  const date = freshDate();
  const booked = await bookTen(t, c, holder.user.id, date);
  expect((await join(who, waitBody(c, date))).statusCode).toBe(201);
  await cancel(t, c, booked);
  await matchCompany(t.db, c.admin.companyId);
  const entry = await waiting(who);
  expect(entry.offer, 'offered the freed 10:00').not.toBeNull();
  return { date, offer: entry.offer! };
}

describe('a client holds a given slot once', () => {
  it('join, leave, join again: the same time is not offered again, and staff can book it', async () => {
    const keeper = await client(t, c, 'Keeper One');
    const { date } = await offeredTen(keeper);
    const left = await api(t.app, keeper, 'DELETE', `/api/waitlist/${(await waiting(keeper)).uuid}`);
    expect(left.statusCode, left.body).toBe(204);
    const again = await join(keeper, waitBody(c, date));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.offer).toBeNull();
    await matchCompany(t.db, c.admin.companyId);
    expect((await waiting(keeper)).offer).toBeNull();
    expect((await slotsOf(t.app, c.admin, c.counselor.user.id, date)).json().slots).toContain('10:00');
  });

  it('declining and joining again does not bring it back either; another client waiting is offered it', async () => {
    const keeper = await client(t, c, 'Keeper Two');
    const next = await client(t, c, 'Next In Line');
    const { date, offer } = await offeredTen(keeper);
    expect((await join(next, waitBody(c, date))).statusCode).toBe(201);
    const declined = await api(t.app, keeper, 'POST', `/api/waitlist/offers/${offer.uuid}/decline`);
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await waiting(next)).offer?.appointment_date).toBe(offer.appointment_date);
    // Next leaves (the slot frees again) and keeper leaves and joins again: keeper is not offered that time.
    expect((await api(t.app, next, 'DELETE', `/api/waitlist/${(await waiting(next)).uuid}`)).statusCode).toBe(204);
    expect((await api(t.app, keeper, 'DELETE', `/api/waitlist/${(await waiting(keeper)).uuid}`)).statusCode).toBe(204);
    expect((await join(keeper, waitBody(c, date))).json().data.offer).toBeNull();
  });

  it('the pause: after letting a held time go, a client is offered nothing else until it has passed', async () => {
    expect((await setCooldown(24)).statusCode).toBe(200);
    try {
      const keeper = await client(t, c, 'Keeper Three');
      const { date, offer } = await offeredTen(keeper);
      expect((await api(t.app, keeper, 'POST', `/api/waitlist/offers/${offer.uuid}/decline`)).statusCode).toBe(204);
      // Another 10:00 in the range frees: not offered during the pause, offered after it.
      const entry = await waiting(keeper);
      const later = freshDate();
      const booked = await bookTen(t, c, holder.user.id, later);
      expect((await api(t.app, keeper, 'DELETE', `/api/waitlist/${entry.uuid}`)).statusCode).toBe(204);
      expect((await join(keeper, waitBody(c, date, { to_date: later, days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], time_to: '11:00' }))).statusCode).toBe(201);
      await cancel(t, c, booked);
      await matchCompany(t.db, c.admin.companyId);
      expect((await waiting(keeper)).offer).toBeNull();
      await matchCompany(t.db, c.admin.companyId, Date.now() + 25 * 3_600_000);
      const after = (await waiting(keeper)).offer;
      expect(after).not.toBeNull();
      expect(after!.appointment_date).not.toBe(offer.appointment_date);
    } finally {
      expect((await setCooldown(0)).statusCode).toBe(200);
    }
  });

  it('the pause setting: 0 to 168 whole hours, administrators only', async () => {
    for (const bad of [-1, 169, 2.5]) {
      const res = await setCooldown(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.waitlist_cooldown_hours).toEqual(['The waitlist pause must be a whole number of hours from 0 to 168.']);
    }
    expect((await api(t.app, c.counselor, 'POST', '/api/settings', { waitlist_cooldown_hours: 2 })).statusCode).toBe(403);
    const saved = await setCooldown(6);
    expect(saved.json().waitlist_cooldown_hours).toBe(6);
    expect((await setCooldown(0)).statusCode).toBe(200);
  });
});
