// The waitlist (decisions 0151, 0152): joining, the list counselors and managers see, a freed slot offered to the first
// person waiting and held for them, accepting (booked once), declining and a hold running out (the next is offered),
// leaving; refusals (bad input 422, another company's or client's 404, the wrong role 403). Both databases.
import { OFFER_EXPIRED } from '@kalinga/contracts/waitlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import type { OutboxRow } from '../notifications/outbox.repository';
import { ALL_WEEK, instantOf, setWeek, slotsOf } from '../../../test/schedule/schedule-helpers';
import { waitlistOfferEmail } from '../notifications/waitlist-email';
import { composeEmail } from '../notifications/email-registry';
import { matchCompany } from './waitlist-match';
import { api, bookTen, cancel, client, freshDate, mine, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';
import { addDaysToDate } from '@kalinga/contracts/zone-time';
import { appointmentRow } from '../../../test/appointment-rows';

let t: TestApp;
let c: WaitCentre;
let other: WaitCentre;
let holder: Actor;

beforeAll(async () => {
  t = await createTestApp();
  c = await waitCentre(t, 'Waitlist School');
  other = await waitCentre(t, 'Other Waitlist School');
  holder = await client(t, c, 'Holder Client');
});
afterAll(async () => t?.close());

/** A wall time in the centre's zone (Asia/Manila, no daylight saving) as the ISO instant replies carry. */
const manila = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`).toISOString();

const join = (who: Actor, body: Record<string, unknown>) => api(t.app, who, 'POST', '/api/waitlist', body);

/** A date whose 10:00 is booked by `holder`, so whoever joins for it waits; returns the date and the booking. */
async function fullDate(): Promise<{ date: string; booked: string }> {
  const date = freshDate();
  return { date, booked: await bookTen(t, c, holder.user.id, date) };
}

describe('joining and the list', () => {
  it('a client with no free time joins; counselors and managers see everyone waiting, oldest first', async () => {
    const { date } = await fullDate();
    const first = await client(t, c, 'First Waiting');
    const second = await client(t, c, 'Second Waiting');
    const a = await join(first, waitBody(c, date));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ status: 'waiting', offer: null, counselor: { id: c.counselor.user.id }, days: [expect.any(String)], time_from: '10:00' });
    expect((await join(second, waitBody(c, date, { counselor_id: null }))).statusCode).toBe(201);
    for (const staff of [c.counselor, c.admin]) {
      const res = await api(t.app, staff, 'GET', '/api/waitlist');
      expect(res.statusCode).toBe(200);
      const names = (res.json().data as { client: { name: string } }[]).map((e) => e.client.name);
      expect(names.indexOf('First Waiting')).toBeLessThan(names.indexOf('Second Waiting'));
      expect(names.indexOf('First Waiting')).toBeGreaterThanOrEqual(0);
    }
    // Another company's counselor and manager see none of it.
    for (const staff of [other.counselor, other.admin]) {
      const res = await api(t.app, staff, 'GET', '/api/waitlist');
      expect(res.json().data).toEqual([]);
    }
    // Joining twice is refused; a client cannot read the whole list.
    expect((await join(first, waitBody(c, date))).statusCode).toBe(409);
    expect((await api(t.app, first, 'GET', '/api/waitlist')).statusCode).toBe(403);
  });

  it('refuses bad input (422), staff joining (403) and the signed-out (401)', async () => {
    const someone = await client(t, c, 'Careless Client');
    const date = freshDate();
    const bad: [Record<string, unknown>, string][] = [
      [{ to_date: addDaysToDate(date, -1) }, 'to_date'],
      [{ days: [] }, 'days'],
      [{ time_to: '09:00' }, 'time_to'],
      [{ from_date: addDaysToDate(date, -60), to_date: addDaysToDate(date, -59) }, 'from_date'],
      [{ to_date: addDaysToDate(date, 200) }, 'to_date'],
      [{ counselor_id: other.counselor.user.id }, 'counselor_id'],
      [{ category_id: other.categoryId }, 'category_id'],
      [{ location_type: 'on-site' }, 'location'],
      [{ days: ['someday'] }, 'days.0'],
    ];
    for (const [change, field] of bad) {
      const res = await join(someone, waitBody(c, date, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(change)).toContain(field);
    }
    expect((await join(c.counselor, waitBody(c, date))).statusCode).toBe(403);
    expect((await join(c.admin, waitBody(c, date))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: waitBody(c, date) })).statusCode).toBe(401);
    expect(await mine(t, someone)).toEqual([]);
  });
});

describe('a freed slot', () => {
  it('is offered to the first person waiting, held for them, and booked once when they accept', async () => {
    const { date, booked } = await fullDate();
    const first = await client(t, c, 'Oldest Waiting');
    const second = await client(t, c, 'Newer Waiting');
    await join(first, waitBody(c, date, { reason: 'Sleep trouble before exams' }));
    await join(second, waitBody(c, date));
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(0);

    await cancel(t, c, booked);
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(1);
    const [entry] = await mine(t, first);
    expect(entry.offer).not.toBeNull();
    expect(entry.offer!.appointment_date).toBe(manila(date, '10:00'));
    expect((await mine(t, second))[0].offer).toBeNull();
    // Held: nobody else can book it meanwhile, and a second pass offers it to nobody else.
    const slots = (await slotsOf(t.app, c.admin, c.counselor.user.id, date)).json().slots as string[];
    expect(slots).not.toContain('10:00');
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(0);
    // Told in the app and by email (an outbox row), with the time.
    const told = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', first.user.id).where('kind', '=', 'waitlist_offer').execute();
    expect(told.map((n) => n.appointment_date)).toEqual([entry.offer!.appointment_date]);
    const email = await t.db.selectFrom('outbox').selectAll().where('recipient_id', '=', first.user.id).where('kind', '=', 'waitlist_offer').executeTakeFirstOrThrow();
    const message = await composeEmail(waitlistOfferEmail, t.db, email as OutboxRow, { publicUrl: 'https://care.example.test', now: Date.now() });
    expect(message?.text).toContain('https://care.example.test/waitlist');
    expect(message?.text).toContain('Counselor of Waitlist School');
    expect(message?.text).not.toContain('Sleep trouble');

    // Another client, another company, a counselor: not theirs to answer.
    const url = `/api/waitlist/offers/${entry.offer!.uuid}/accept`;
    expect((await api(t.app, second, 'POST', url)).statusCode).toBe(404);
    expect((await api(t.app, other.admin, 'POST', url)).statusCode).toBe(404);
    expect((await api(t.app, c.counselor, 'POST', url)).statusCode).toBe(403);

    const accepted = await api(t.app, first, 'POST', url);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const appointment = await t.db.selectFrom('appointments').selectAll().where('uuid', '=', accepted.json().appointment_uuid).executeTakeFirstOrThrow();
    expect(appointment).toMatchObject({ client_id: first.user.id, counselor_id: c.counselor.user.id, status: 'pending', reason: 'Sleep trouble before exams', appointment_date: entry.offer!.appointment_date });
    const [after] = await mine(t, first);
    expect(after).toMatchObject({ status: 'booked', offer: null, appointment_uuid: appointment.uuid });
    // The counselor is told of the booking like any other.
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', c.counselor.user.id).where('appointment_id', '=', appointment.id).where('kind', '=', 'booked').execute()).toHaveLength(1);
    // Accepting again (a lost reply, a second tab) answers the same booking and books nothing more.
    const again = await api(t.app, first, 'POST', url);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    expect(await t.db.selectFrom('appointments').select('id').where('client_id', '=', first.user.id).execute()).toHaveLength(1);
    // Booked: off the list the counselor sees.
    const names = ((await api(t.app, c.counselor, 'GET', '/api/waitlist')).json().data as { client: { name: string } }[]).map((e) => e.client.name);
    expect(names).not.toContain('Oldest Waiting');
    expect(names).toContain('Newer Waiting');
  });

  it('declined, or its hold run out, goes to the next person waiting', async () => {
    const { date, booked } = await fullDate();
    const a = await client(t, c, 'Decliner');
    const b = await client(t, c, 'Sleeper');
    const d = await client(t, c, 'Third In Line');
    for (const who of [a, b, d]) await join(who, waitBody(c, date));
    await cancel(t, c, booked);
    await matchCompany(t.db, c.admin.companyId);
    const offerA = (await mine(t, a))[0].offer!;
    const declined = await api(t.app, a, 'POST', `/api/waitlist/offers/${offerA.uuid}/decline`);
    expect(declined.statusCode).toBe(204);
    // Declining stays on the waitlist, and the slot is not offered to them again.
    expect(await mine(t, a)).toMatchObject([{ status: 'waiting', offer: null }]);
    const offerB = (await mine(t, b))[0].offer!;
    expect(offerB.appointment_date).toBe(offerA.appointment_date);

    // B does not answer: the hold runs out and D is offered it.
    await t.db.updateTable('waitlist_offers').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('uuid', '=', offerB.uuid).execute();
    const late = await api(t.app, b, 'POST', `/api/waitlist/offers/${offerB.uuid}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OFFER_EXPIRED);
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(1);
    expect((await mine(t, d))[0].offer?.appointment_date).toBe(offerA.appointment_date);
    expect((await t.db.selectFrom('waitlist_offers').select('status').where('uuid', '=', offerB.uuid).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  it('is found for "any counselor" with any counselor, and the earliest time that fits the days and hours', async () => {
    const date = freshDate();
    const anyone = await client(t, c, 'Anyone Will Do');
    // Free times exist: an offer is made at once, at the first slot inside the window.
    const res = await join(anyone, waitBody(c, date, { counselor_id: null, time_from: '14:00', time_to: '16:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.offer.appointment_date).toBe(manila(date, '14:00'));
    expect(res.json().data.offer.counselor.id).toBe(c.counselor.user.id);
  });
});

describe('the no-show policy', () => {
  it('a client who missed their last sessions books from the waitlist too, but the booking waits for the counselor', async () => {
    const missed = await client(t, c, 'Missed Twice');
    const past = new Date(Date.now() - 7 * 86_400_000);
    for (let i = 0; i < 2; i++) {
      const start = new Date(past.getTime() + i * 86_400_000).toISOString();
      await t.db
        .insertInto('appointments')
        .values(appointmentRow({ uuid: `missed-${i}-${missed.user.id}`, company_id: c.admin.companyId, counselor_id: c.counselor.user.id, client_id: missed.user.id, category_id: c.categoryId, appointment_date: start, reason: 'Earlier', status: 'no_show', user_type: 'personnel', created_by: missed.user.id, created_at: start, updated_at: start }))
        .execute();
    }
    const offer = (await join(missed, waitBody(c, freshDate()))).json().data.offer;
    const res = await api(t.app, missed, 'POST', `/api/waitlist/offers/${offer.uuid}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const booked = await t.db.selectFrom('appointments').select(['status', 'approval_reason']).where('uuid', '=', res.json().appointment_uuid).executeTakeFirstOrThrow();
    expect(booked.status).toBe('pending');
    expect(booked.approval_reason).toMatch(/2/);
    expect(res.json().approval_reason).toBe(booked.approval_reason);
  });
});

describe('the hold time', () => {
  it('is a site setting (default 30 minutes, 5 to 1440) that each offer is held for', async () => {
    const date = freshDate();
    const first = await client(t, c, 'Held Default');
    const offer = (await join(first, waitBody(c, date))).json().data.offer;
    expect(Date.parse(offer.expires_at) - Date.parse(offer.offered_at)).toBe(30 * 60_000);
    for (const bad of [4, 1441, 2.5]) expect((await api(t.app, c.admin, 'POST', '/api/settings', { waitlist_hold_minutes: bad })).statusCode).toBe(422);
    expect((await api(t.app, c.counselor, 'POST', '/api/settings', { waitlist_hold_minutes: 45 })).statusCode).toBe(403);
    const saved = await api(t.app, c.admin, 'POST', '/api/settings', { waitlist_hold_minutes: 45 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().waitlist_hold_minutes).toBe(45);
    const second = await client(t, c, 'Held Longer');
    const longer = (await join(second, waitBody(c, freshDate()))).json().data.offer;
    expect(Date.parse(longer.expires_at) - Date.parse(longer.offered_at)).toBe(45 * 60_000);
    await api(t.app, c.admin, 'POST', '/api/settings', { waitlist_hold_minutes: 30 });
  });
});

describe('what is offered', () => {
  it("never a time that clashes with the client's own other appointments", async () => {
    const second = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: 'Second Counselor' });
    await setWeek(t.app, second);
    const date = freshDate();
    const busy = await client(t, c, 'Busy At Ten');
    const at = await instantOf(t.app, c.admin, second.user.id, date, '10:00');
    const booked = await api(t.app, c.admin, 'POST', '/api/appointments', { counselor_id: second.user.id, student_id: busy.user.id, appointment_date: at, reason: 'With the other counselor', category_id: c.categoryId, location_type: 'online' });
    expect(booked.statusCode, booked.body).toBe(201);
    // Any counselor, 10:00-12:00 that day: the first counselor's 10:00 is free, but the client is busy then.
    const res = await join(busy, waitBody(c, date, { counselor_id: null, time_to: '12:00', to_date: date }));
    expect(res.json().data.offer?.appointment_date).toBe(manila(date, '11:00'));
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', second.user.id).execute();
  });
});

describe('other ways a slot frees', () => {
  it('a move frees the old time, and new schedule hours make new times', async () => {
    const { date, booked } = await fullDate();
    const moved = await client(t, c, 'Waits For A Move');
    await join(moved, waitBody(c, date));
    const res = await t.app.inject({ method: 'PUT', url: `/api/appointments/${booked}`, headers: c.admin.headers, payload: { appointment_date: manila(date, '15:00') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(1);
    expect((await mine(t, moved))[0].offer?.appointment_date).toBe(manila(date, '10:00'));

    // Evening hours the counselor does not keep yet: nothing to offer until the schedule has them.
    const evening = await client(t, c, 'Waits For Evening Hours');
    const later = freshDate();
    expect((await join(evening, waitBody(c, later, { time_from: '19:00', time_to: '20:00' }))).json().data.offer).toBeNull();
    await setWeek(t.app, c.counselor, ALL_WEEK.map((d) => ({ ...d, end_time: '21:00' })));
    expect(await matchCompany(t.db, c.admin.companyId)).toBe(1);
    expect((await mine(t, evening))[0].offer?.appointment_date).toBe(manila(later, '19:00'));
    await setWeek(t.app, c.counselor);
  });
});

describe('leaving', () => {
  it('a client leaves by themselves; a held slot goes to the next; nobody else can remove them', async () => {
    const { date, booked } = await fullDate();
    const leaver = await client(t, c, 'Leaver');
    const next = await client(t, c, 'Next After Leaver');
    await join(leaver, waitBody(c, date));
    await join(next, waitBody(c, date));
    await cancel(t, c, booked);
    await matchCompany(t.db, c.admin.companyId);
    const [entry] = await mine(t, leaver);
    expect(entry.offer).not.toBeNull();
    expect((await api(t.app, next, 'DELETE', `/api/waitlist/${entry.uuid}`)).statusCode).toBe(404);
    expect((await api(t.app, other.admin, 'DELETE', `/api/waitlist/${entry.uuid}`)).statusCode).toBe(404);
    expect((await api(t.app, leaver, 'DELETE', `/api/waitlist/${entry.uuid}`)).statusCode).toBe(204);
    expect(await mine(t, leaver)).toMatchObject([{ status: 'left', offer: null }]);
    expect((await mine(t, next))[0].offer?.appointment_date).toBe(entry.offer!.appointment_date);
    expect((await api(t.app, leaver, 'DELETE', `/api/waitlist/${entry.uuid}`)).statusCode).toBe(409);
    // Having left, they may join again.
    expect((await join(leaver, waitBody(c, date))).statusCode).toBe(201);
  });

  it('a client booked another way leaves the waitlist at the next pass', async () => {
    const { date } = await fullDate();
    const booker = await client(t, c, 'Books Elsewhere');
    const nextDay = addDaysToDate(date, 1);
    await join(booker, waitBody(c, date, { to_date: nextDay }));
    await matchCompany(t.db, c.admin.companyId);
    expect((await mine(t, booker))[0].status).toBe('waiting');
    await bookTen(t, c, booker.user.id, nextDay);
    await matchCompany(t.db, c.admin.companyId);
    expect((await mine(t, booker))[0].status).toBe('booked');
  });
});

describe('the Triage list', () => {
  it('lists the waitlist after urgent cases and intakes, oldest first, with what was done', async () => {
    const { date, booked } = await fullDate();
    const early = await client(t, c, 'Triage Early Waiter');
    const late = await client(t, c, 'Triage Late Waiter');
    await join(early, waitBody(c, date));
    await join(late, waitBody(c, date, { counselor_id: null }));
    const urgent = await client(t, c, 'Triage Urgent Client');
    expect((await api(t.app, urgent, 'POST', '/api/urgent-cases')).statusCode).toBe(201);
    const rows = (await api(t.app, c.counselor, 'GET', '/api/triage')).json().data as { kind: string; client_name: string; action: string }[];
    const kinds = rows.map((r) => r.kind);
    expect(kinds[0]).toBe('urgent');
    const waiting = rows.filter((r) => r.kind === 'waitlist').map((r) => r.client_name);
    expect(waiting.indexOf('Triage Early Waiter')).toBeLessThan(waiting.indexOf('Triage Late Waiter'));
    expect(kinds.lastIndexOf('urgent')).toBeLessThan(kinds.indexOf('waitlist'));
    expect(rows.find((r) => r.client_name === 'Triage Late Waiter')?.action).toBe('On the waitlist for any counselor; no time offered yet');
    await cancel(t, c, booked);
    await matchCompany(t.db, c.admin.companyId);
    const after = (await api(t.app, c.counselor, 'GET', '/api/triage')).json().data as { client_name: string; action: string }[];
    expect(after.find((r) => r.client_name === 'Triage Early Waiter')?.action).toBe('A freed time is held for them now; waiting for their answer');
    // Another company's counselor sees none of them.
    const theirs = (await api(t.app, other.counselor, 'GET', '/api/triage')).json().data as { client_name: string }[];
    expect(theirs.map((r) => r.client_name)).not.toContain('Triage Early Waiter');
  });
});
