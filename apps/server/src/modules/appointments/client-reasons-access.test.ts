// The other reasons a client types are the care team's too (decision 0377, "Waitlist and status history"): the
// reason given when joining the waitlist (it becomes the booked appointment's reason) and a cancellation's reason in
// the status history and the bell. A manager outside the care team reads neither; the counselor does; another
// company sees nothing; a user without the permission is refused. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { api, bookTen, cancel, client, freshDate, mine, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';
import { matchCompany } from '../waitlist/waitlist-match';

let t: TestApp;
let c: WaitCentre;
let other: WaitCentre;
let noRights: Actor;
let waiter: Actor;
let booked: string;

const WAITING = 'Waiting words: panic on the jeepney';
const CANCELLING = 'Cancelling words: my father is in hospital';
const WORDS = /jeepney|father is in hospital/;

beforeAll(async () => {
  t = await createTestApp();
  c = await waitCentre(t, 'Reasons School');
  other = await waitCentre(t, 'Other Reasons School');
  noRights = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: [] });
  waiter = await client(t, c, 'Wanda Waiting');
});
afterAll(async () => t?.close());

describe("the waitlist's reason", () => {
  it('a manager and the counselor list the client waiting without it; once booked from the waitlist the manager reads the appointment without it, the counselor and the client with it', async () => {
    const date = freshDate();
    const held = await bookTen(t, c, (await client(t, c, 'Holder Client')).user.id, date);
    expect((await api(t.app, waiter, 'POST', '/api/waitlist', waitBody(c, date, { reason: WAITING }))).statusCode).toBe(201);
    for (const staff of [c.admin, c.counselor]) {
      const res = await api(t.app, staff, 'GET', '/api/waitlist');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Wanda Waiting');
      expect(res.body).not.toMatch(WORDS);
    }
    // Triage's waitlist part names the client and what was done, never why they wait (decision 0164).
    const triage = await api(t.app, c.counselor, 'GET', '/api/triage');
    expect(triage.statusCode, triage.body).toBe(200);
    expect(triage.body).toContain('Wanda Waiting');
    expect(triage.body).not.toMatch(WORDS);

    await cancel(t, c, held);
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(1);
    const [entry] = await mine(t, waiter);
    const accepted = await api(t.app, waiter, 'POST', `/api/waitlist/offers/${entry.offer!.uuid}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    booked = accepted.json().appointment_uuid as string;
    expect((await api(t.app, c.admin, 'GET', `/api/appointments/${booked}`)).json().data).toMatchObject({ uuid: booked, reason: null });
    expect((await api(t.app, c.admin, 'GET', '/api/appointments?per_page=100')).body).not.toMatch(WORDS);
    expect((await api(t.app, c.counselor, 'GET', `/api/appointments/${booked}`)).json().data).toMatchObject({ reason: WAITING });
    expect((await api(t.app, waiter, 'GET', `/api/appointments/${booked}`)).json().data).toMatchObject({ reason: WAITING });
  });

  it("another company's manager sees none of it, and a user without the permission is refused", async () => {
    expect((await api(t.app, other.admin, 'GET', '/api/waitlist')).json().data).toEqual([]);
    expect((await api(t.app, other.admin, 'GET', `/api/appointments/${booked}`)).statusCode).toBe(404);
    expect((await api(t.app, noRights, 'GET', '/api/waitlist')).statusCode).toBe(403);
  });
});

describe("a client's cancellation reason", () => {
  it('the status history and the bell give it to the counselor; a manager reads the cancellation with the reason withheld and is told of it in no notification', async () => {
    const cancelled = await api(t.app, waiter, 'POST', `/api/appointments/${booked}/cancel`, { reason: CANCELLING });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const managers = await api(t.app, c.admin, 'GET', `/api/appointments/${booked}/history`);
    expect(managers.statusCode).toBe(200);
    expect(managers.body).not.toMatch(WORDS);
    expect(managers.json().data.at(-1)).toMatchObject({ to_status: 'cancelled', reason: null, reason_withheld: true, changed_by: { id: waiter.user.id } });
    // Rows that are no cancellation say nothing withheld.
    expect(managers.json().data.filter((r: { to_status: string; reason_withheld: boolean }) => r.to_status !== 'cancelled' && r.reason_withheld)).toEqual([]);

    const counselors = await api(t.app, c.counselor, 'GET', `/api/appointments/${booked}/history`);
    expect(counselors.json().data.at(-1)).toMatchObject({ to_status: 'cancelled', reason: CANCELLING, reason_withheld: false });

    // The bell: the counselor is told with the reason (decision 0123); no one outside the care team has it.
    expect((await api(t.app, c.counselor, 'GET', '/api/notifications')).body).toContain(CANCELLING);
    expect((await api(t.app, c.admin, 'GET', '/api/notifications')).body).not.toMatch(WORDS);
    const told = await t.db.selectFrom('notifications').select('user_id').where('reason', '=', CANCELLING).execute();
    expect(told.map((n) => n.user_id)).toEqual([c.counselor.user.id]);
  });

  it("another company's manager gets 404, the client and a user without the permission 403", async () => {
    expect((await api(t.app, other.admin, 'GET', `/api/appointments/${booked}/history`)).statusCode).toBe(404);
    expect((await api(t.app, noRights, 'GET', `/api/appointments/${booked}/history`)).statusCode).toBe(403);
    // The client typed it; the audit trail is the staff's (decision 0057).
    expect((await api(t.app, waiter, 'GET', `/api/appointments/${booked}/history`)).statusCode).toBe(403);
  });
});
