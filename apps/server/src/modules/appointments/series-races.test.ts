// Series booked at the same moment (decision 0150): two managers booking overlapping series for one counselor, and a
// series against single bookings of one of its times. One wins; the other is told which session and why; never a
// half-written series. Run on PostgreSQL too (npm run test:pg), where the requests really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { addDaysToDate } from '@kalinga/contracts/zone-time';

let t: TestApp;
let c: SeriesCentre;
let manager: Actor;
let day = 7;

beforeAll(async () => {
  t = await createTestApp();
  c = await seriesCentre(t, 'Race Series School');
  manager = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: ['admin'] });
});
afterAll(async () => t?.close());

async function liveIn(dates: readonly string[]): Promise<number> {
  const row = await t.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', c.admin.companyId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('local_date', 'in', [...dates])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const TAKEN = 'The counselor already has an appointment at this time.';

describe('series booked at the same moment', () => {
  it('two managers, overlapping series for one counselor: one is booked whole, the other is told which session and why', async () => {
    for (let round = 0; round < 4; round++) {
      const first = daysAhead(day);
      day += 60;
      // A: 8 weekly sessions from week 1; B: 6 from week 3, so B's first session is A's third.
      const a = await seriesBody(t, c, first, '10:00', { count: 8 });
      const b = await seriesBody(t, c, addDaysToDate(first, 14), '10:00', { count: 6 });
      const seriesBefore = Number((await t.db.selectFrom('appointment_series').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const [ra, rb] = await Promise.all([postSeries(t.app, round % 2 ? manager : c.admin, a), postSeries(t.app, round % 2 ? c.admin : manager, b)]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes, `${ra.body} / ${rb.body}`).toEqual([201, 409]);
      const [winner, loser] = ra.statusCode === 201 ? [ra, rb] : [rb, ra];
      const loserCount = loser === ra ? 8 : 6;
      const overlap = 6; // sessions 3–8 of A are sessions 1–6 of B
      expect(loser.json().message).toBe(`${overlap} of the ${loserCount} sessions cannot be booked; check the sessions again.`);
      expect(Object.values(loser.json().errors)).toEqual(Array(overlap).fill([TAKEN]));
      const dates = Array.from({ length: 8 }, (_, i) => addDaysToDate(first, 7 * i));
      expect(await liveIn(dates)).toBe(winner.json().data.total);
      const seriesAfter = Number((await t.db.selectFrom('appointment_series').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(seriesAfter).toBe(seriesBefore + 1);
    }
  });

  it('a series against five single bookings of its fourth session: the series is whole or refused, the slot held once', async () => {
    for (let round = 0; round < 3; round++) {
      const first = daysAhead(day);
      day += 60;
      const body = await seriesBody(t, c, first, '14:00', { count: 5 });
      const fourth = await instantOf(t.app, c.admin, c.counselor.user.id, addDaysToDate(first, 21), '14:00');
      const single = { counselor_id: c.counselor.user.id, student_id: c.client.user.id, appointment_date: fourth, reason: 'Single', category_id: c.categoryId, location_type: 'online' };
      const replies = await Promise.all([
        postSeries(t.app, c.admin, body),
        ...Array.from({ length: 5 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/appointments', headers: (i % 2 ? manager : c.admin).headers, payload: single })),
      ]);
      const [series, ...singles] = replies;
      const singleWins = singles.filter((r) => r.statusCode === 201).length;
      for (const r of singles) expect([201, 409], r.body).toContain(r.statusCode);
      if (series.statusCode === 201) {
        expect(singleWins).toBe(0);
      } else {
        expect(series.statusCode, series.body).toBe(409);
        expect(singleWins).toBe(1);
        expect(series.json().message).toBe(`Session 4 of 5 (${addDaysToDate(first, 21)} at 14:00) cannot be booked: ${TAKEN}`);
      }
      const dates = Array.from({ length: 5 }, (_, i) => addDaysToDate(first, 7 * i));
      expect(await liveIn(dates)).toBe(series.statusCode === 201 ? 5 : 1);
    }
  });
});
