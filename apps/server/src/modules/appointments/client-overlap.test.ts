// A client is in one session at a time (decision 0221): two counselors cannot book one client at the same time, nor
// a series over the client's other appointments; under races too. Run on PostgreSQL too (npm run test:pg), where the
// requests really overlap.
import { CLIENT_BUSY_MESSAGE, OWN_BUSY_MESSAGE } from '@kalinga/contracts/appointment-constants';
import { addDaysToDate } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { postSeries } from '../../../test/appointments/series-helpers';

let t: TestApp;
let admin: Actor;
let first: Actor;
let second: Actor;
let client: Actor;
let categoryId: number;
let day = 3;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'One Client One Session');
  first = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'First Counselor' });
  second = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Second Counselor' });
  client = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Busy Client' });
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, first);
  await setWeek(t.app, second);
});
afterAll(async () => t?.close());

const book = (by: Actor, counselor: Actor, at: string, forClient = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: by.headers,
    payload: { counselor_id: counselor.user.id, ...(forClient ? { student_id: client.user.id } : {}), appointment_date: at, reason: 'Talk', category_id: categoryId, location_type: 'online' },
  });

async function liveOfClient(date: string): Promise<number> {
  const row = await t.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('client_id', '=', client.user.id)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('local_date', '=', date)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a client is in one session at a time', () => {
  it('a second counselor booking the client at a time the client is taken is 409; the client is told in their own words', async () => {
    const date = daysAhead(day++);
    const at = await instantOf(t.app, admin, first.user.id, date, '09:00');
    expect((await book(first, first, at)).statusCode).toBe(201);
    const again = await book(second, second, at);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(CLIENT_BUSY_MESSAGE);
    const own = await book(client, second, at, false);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(OWN_BUSY_MESSAGE);
    // A manager is refused the same way; the next hour is free.
    expect((await book(admin, second, at)).statusCode).toBe(409);
    expect((await book(second, second, await instantOf(t.app, admin, second.user.id, date, '10:00'))).statusCode).toBe(201);
    expect(await liveOfClient(date)).toBe(2);
  });

  it('a cancelled appointment does not hold the client', async () => {
    const date = daysAhead(day++);
    const at = await instantOf(t.app, admin, first.user.id, date, '11:00');
    const res = await book(first, first, at);
    expect(res.statusCode).toBe(201);
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/appointments/${res.json().data.uuid}`, headers: first.headers, payload: { status: 'cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await book(second, second, at)).statusCode).toBe(201);
  });

  it('moving an appointment onto the client\u2019s other appointment is 409, by staff and by the client; its own time is no clash', async () => {
    const date = daysAhead(day++);
    const nine = await instantOf(t.app, admin, first.user.id, date, '09:00');
    const ten = await instantOf(t.app, admin, second.user.id, date, '10:00');
    expect((await book(first, first, nine)).statusCode).toBe(201);
    const other = await book(second, second, ten);
    expect(other.statusCode).toBe(201);
    const uuid = other.json().data.uuid as string;
    const staffMove = await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: second.headers, payload: { appointment_date: nine } });
    expect(staffMove.statusCode, staffMove.body).toBe(409);
    expect(staffMove.json().message).toBe(CLIENT_BUSY_MESSAGE);
    const ownMove = await t.app.inject({ method: 'POST', url: `/api/appointments/${uuid}/reschedule`, headers: client.headers, payload: { appointment_date: nine } });
    expect(ownMove.statusCode, ownMove.body).toBe(409);
    expect(ownMove.json().message).toBe(OWN_BUSY_MESSAGE);
    // A free hour is fine: the appointment does not clash with itself.
    const eleven = await instantOf(t.app, admin, second.user.id, date, '11:00');
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: second.headers, payload: { appointment_date: eleven } })).statusCode).toBe(200);
    expect(await liveOfClient(date)).toBe(2);
  });

  it('two counselors booking the client at the same instant, many times over: one 201 and one 409 each time', async () => {
    for (let round = 0; round < 6; round++) {
      const date = daysAhead(day++);
      const at = await instantOf(t.app, admin, first.user.id, date, '14:00');
      const replies = await Promise.all([book(first, first, at), book(second, second, at), book(first, first, at), book(second, second, at)]);
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes, replies.map((r) => r.body).join(' / ')).toEqual([201, 409, 409, 409]);
      expect(await liveOfClient(date)).toBe(1);
    }
  });

  it('a series over one of the client\u2019s appointments: the preview names the session, the booking is 409 and writes nothing', async () => {
    const start = daysAhead(day);
    day += 30;
    const third = addDaysToDate(start, 14);
    expect((await book(first, first, await instantOf(t.app, admin, first.user.id, third, '15:00'))).statusCode).toBe(201);
    const body = {
      counselor_id: second.user.id,
      student_id: client.user.id,
      appointment_date: await instantOf(t.app, admin, second.user.id, start, '15:00'),
      reason: 'Weekly',
      category_id: categoryId,
      location_type: 'online',
      frequency: 'weekly',
      count: 4,
    };
    const preview = await postSeries(t.app, second, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const blocked = preview.json().data.occurrences.filter((o: { outcome: string }) => o.outcome === 'blocked');
    expect(blocked.map((o: { index: number; problem: { code: string } }) => [o.index, o.problem.code])).toEqual([[3, 'client_busy']]);
    // The suggestions of that week never fall on the client's appointment.
    expect(blocked[0].suggestions.map((s: { time: string; local_date: string }) => `${s.local_date} ${s.time}`)).not.toContain(`${third} 15:00`);
    const refused = await postSeries(t.app, second, body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual({ 'occurrences.3': [CLIENT_BUSY_MESSAGE] });
    expect(await liveOfClient(start)).toBe(0);
    // Skipping that session books the rest.
    const skipped = await postSeries(t.app, second, { ...body, choices: [{ index: 3, appointment_date: null }] });
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(skipped.json().data.total).toBe(3);
  });

  it('a series and single bookings of the client with another counselor at once: never two live sessions of the client at one time', async () => {
    for (let round = 0; round < 3; round++) {
      const start = daysAhead(day);
      day += 30;
      const dates = Array.from({ length: 3 }, (_, i) => addDaysToDate(start, 7 * i));
      const body = {
        counselor_id: second.user.id,
        student_id: client.user.id,
        appointment_date: await instantOf(t.app, admin, second.user.id, start, '16:00'),
        reason: 'Weekly',
        category_id: categoryId,
        location_type: 'online',
        frequency: 'weekly',
        count: 3,
      };
      const singles = await Promise.all(dates.map((d) => instantOf(t.app, admin, first.user.id, d, '16:00')));
      const replies = await Promise.all([postSeries(t.app, second, body), ...singles.map((at) => book(first, first, at))]);
      const [series, ...rest] = replies;
      for (const r of replies) expect([201, 409], r.body).toContain(r.statusCode);
      const singleWins = rest.filter((r) => r.statusCode === 201).length;
      // Either the series is booked whole and every single is refused, or it is refused and each single is booked.
      expect(singleWins, replies.map((r) => r.body).join(' / ')).toBe(series.statusCode === 201 ? 0 : 3);
      for (const d of dates) expect(await liveOfClient(d)).toBe(1);
    }
  });
});
