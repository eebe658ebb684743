// Changes to one series at the same moment (decision 0150): two managers, or a request sent twice. Each session
// changes once, every change is decided on the sessions as they are when it is written, and nobody gets a 500 (on
// PostgreSQL two changes used to deadlock: each held a session row and waited for the company's appointment_versions
// row the other's first write had taken). Run on PostgreSQL too (npm run test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { addDaysToDate } from '@kalinga/contracts/zone-time';

let t: TestApp;
let c: SeriesCentre;
let manager: Actor;
let day = 9;

interface Session { id: number; uuid: string; status: string; appointment_date: string; local_date: string }
interface SeriesData { uuid: string; appointments: Session[] }

beforeAll(async () => {
  t = await createTestApp();
  c = await seriesCentre(t, 'Series Change Race School');
  manager = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: ['admin'] });
});
afterAll(async () => t?.close());

async function newSeries(count = 6): Promise<SeriesData> {
  const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(day), '10:00', { count }));
  day += 7 * count + 3;
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const put = (by: Actor, s: SeriesData, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/appointment-series/${s.uuid}`, headers: by.headers, payload });
const sessionsOf = async (s: SeriesData): Promise<Session[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/appointment-series/${s.uuid}`, headers: c.admin.headers })).json().data.appointments;

describe('changing one series at the same moment', () => {
  it('two managers cancel from different sessions: each session is cancelled once, with one history row', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await newSeries();
      const [a, b] = await Promise.all([
        put(c.admin, s, { from: s.appointments[1].uuid, scope: 'following', status: 'cancelled' }),
        put(manager, s, { from: s.appointments[3].uuid, scope: 'following', status: 'cancelled' }),
      ]);
      for (const r of [a, b]) expect([200, 422], r.body).toContain(r.statusCode);
      expect((await sessionsOf(s)).map((x) => x.status)).toEqual(['pending', ...Array(5).fill('cancelled')]);
      const history = await t.db
        .selectFrom('appointment_status_changes')
        .select('appointment_id')
        .where('to_status', '=', 'cancelled')
        .where('appointment_id', 'in', s.appointments.map((x) => x.id))
        .execute();
      expect(history.map((h) => h.appointment_id).sort((x, y) => x - y)).toEqual(s.appointments.slice(1).map((x) => x.id));
      const changed = [a, b].filter((r) => r.statusCode === 200).reduce((n, r) => n + r.json().changed, 0);
      expect(changed).toBe(5);
    }
  });

  it('a move and a cancel of all sessions at once: one after the other, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await newSeries();
      const target = await instantOf(t.app, c.admin, c.counselor.user.id, addDaysToDate(s.appointments[0].local_date, 1), '14:00');
      const [move, cancel] = await Promise.all([
        put(round % 2 ? manager : c.admin, s, { from: s.appointments[0].uuid, scope: 'all', appointment_date: target }),
        put(round % 2 ? c.admin : manager, s, { from: s.appointments[0].uuid, scope: 'all', status: 'cancelled' }),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect([200, 422], move.body).toContain(move.statusCode);
      const after = await sessionsOf(s);
      expect(after.map((x) => x.status)).toEqual(Array(6).fill('cancelled'));
      const moved = move.statusCode === 200;
      after.forEach((x, i) => expect(x.local_date).toBe(moved ? addDaysToDate(s.appointments[i].local_date, 1) : s.appointments[i].local_date));
      // The cancellation names the times the sessions had when they were cancelled.
      const told = await t.db.selectFrom('notifications').select('appointment_date').where('kind', '=', 'cancelled').where('series_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(told.appointment_date).toBe(after[0].appointment_date);
    }
  });

  it('the same move sent twice (a retried request): the sessions move once', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await newSeries(4);
      const target = await instantOf(t.app, c.admin, c.counselor.user.id, addDaysToDate(s.appointments[0].local_date, 1), '15:00');
      const payload = { from: s.appointments[0].uuid, scope: 'all', appointment_date: target };
      const replies = await Promise.all([put(c.admin, s, payload), put(c.admin, s, payload)]);
      expect(replies.filter((r) => r.statusCode === 200), replies.map((r) => r.body).join(' / ')).toHaveLength(1);
      const after = await sessionsOf(s);
      after.forEach((x, i) => expect(x.local_date).toBe(addDaysToDate(s.appointments[i].local_date, 1)));
      const moves = await t.db.selectFrom('notifications').select('id').where('kind', '=', 'rescheduled').where('appointment_id', '=', s.appointments[0].id).execute();
      expect(moves.length).toBe(2); // the counselor and the client, told once each
    }
  });
});
