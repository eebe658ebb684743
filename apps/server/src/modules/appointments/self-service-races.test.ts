// Concurrent self-service changes (decision 0057). Run on PostgreSQL (npm run test:pg), where the
// requests really overlap; on SQLite they run one after another and must give the same answers.
import { SLOT_TAKEN_MESSAGE } from '@kalinga/contracts/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let clients: Actor[];
let categoryId: number;
let day = 2;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Race Self School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  clients = [];
  for (let i = 0; i < 4; i++) clients.push(await addUser(t.app, admin.companyId, { userType: 'personnel' }));
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
});
afterAll(async () => t?.close());

const post = (actor: Actor, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: actor.headers, payload });

async function book(client: Actor, date: string, time: string): Promise<{ uuid: string; at: string }> {
  const at = await instantOf(t.app, client, counselor.user.id, date, time);
  const res = await post(client, '/api/appointments', { counselor_id: counselor.user.id, appointment_date: at, reason: 'Race', category_id: categoryId, location_type: 'online' });
  expect(res.statusCode, res.body).toBe(201);
  return { uuid: res.json().data.uuid, at };
}

const liveAt = async (at: string) =>
  t.db.selectFrom('appointments').select('uuid').where('counselor_id', '=', counselor.user.id).where('appointment_date', '=', at).where('status', 'in', ['pending', 'confirmed']).execute();
const moves = async (uuid: string) =>
  t.db.selectFrom('appointment_status_changes as c').innerJoin('appointments as a', 'a.id', 'c.appointment_id').select('c.new_date').where('a.uuid', '=', uuid).where('c.new_date', 'is not', null).execute();

describe('concurrent reschedules', () => {
  it('four clients move into one free slot at once: exactly one wins, the others get 409 and keep their times', async () => {
    for (let round = 0; round < 3; round++) {
      const date = daysAhead(day++);
      const mine = await Promise.all(clients.map((c, i) => book(c, date, ['08:00', '09:00', '10:00', '11:00'][i])));
      const target = await instantOf(t.app, clients[0], counselor.user.id, date, '15:00');
      const replies = await Promise.all(clients.map((c, i) => post(c, `/api/appointments/${mine[i].uuid}/reschedule`, { appointment_date: target })));
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      for (const r of replies.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN_MESSAGE);
      const winner = replies.findIndex((r) => r.statusCode === 200);
      expect(await liveAt(target)).toEqual([{ uuid: mine[winner].uuid }]);
      // Never both or neither: the winner left its old slot, the losers still hold theirs.
      for (let i = 0; i < clients.length; i++) expect(await liveAt(mine[i].at)).toEqual(i === winner ? [] : [{ uuid: mine[i].uuid }]);
    }
  }, 60_000);

  it('the same move sent five times at once applies once, with one history row; every reply is 200', async () => {
    const date = daysAhead(day++);
    const { uuid } = await book(clients[0], date, '08:00');
    const target = await instantOf(t.app, clients[0], counselor.user.id, date, '16:00');
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(clients[0], `/api/appointments/${uuid}/reschedule`, { appointment_date: target })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const r of replies) expect(r.json().data.appointment_date).toBe(target);
    expect(await moves(uuid)).toHaveLength(1);
  });

  it('the same cancel sent five times at once applies once: every reply 200, one history row', async () => {
    const { uuid } = await book(clients[3], daysAhead(day++), '08:00');
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(clients[3], `/api/appointments/${uuid}/cancel`, { reason: 'Twice' })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.selectFrom('appointment_status_changes as c').innerJoin('appointments as a', 'a.id', 'c.appointment_id').select('c.to_status').where('a.uuid', '=', uuid).where('c.to_status', '=', 'cancelled').execute();
    expect(rows).toHaveLength(1);
  });

  it('a move racing a new booking of the same slot: one of them holds it', async () => {
    const date = daysAhead(day++);
    const { uuid } = await book(clients[0], date, '08:00');
    const target = await instantOf(t.app, clients[0], counselor.user.id, date, '17:00');
    const [moved, bookedNew] = await Promise.all([
      post(clients[0], `/api/appointments/${uuid}/reschedule`, { appointment_date: target }),
      post(clients[1], '/api/appointments', { counselor_id: counselor.user.id, appointment_date: target, reason: 'Race', category_id: categoryId, location_type: 'online' }),
    ]);
    const outcome = `${moved.statusCode}/${bookedNew.statusCode}`;
    expect(['200/409', '409/201']).toContain(outcome);
    expect(await liveAt(target)).toHaveLength(1);
  });

  it('cancel and move at once: the end state is one of them, and the history matches it', async () => {
    for (let round = 0; round < 3; round++) {
      const date = daysAhead(day++);
      const { uuid, at } = await book(clients[2], date, '08:00');
      const target = await instantOf(t.app, clients[2], counselor.user.id, date, '14:00');
      const [c, m] = await Promise.all([
        post(clients[2], `/api/appointments/${uuid}/cancel`, { reason: 'Race' }),
        post(clients[2], `/api/appointments/${uuid}/reschedule`, { appointment_date: target }),
      ]);
      expect(c.statusCode).toBe(200);
      const row = await t.db.selectFrom('appointments').select(['status', 'appointment_date']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
      expect(row.status).toBe('cancelled');
      const movedFirst = m.statusCode === 200;
      if (!movedFirst) expect(m.statusCode).toBe(422);
      expect(row.appointment_date).toBe(movedFirst ? target : at);
      expect(await moves(uuid)).toHaveLength(movedFirst ? 1 : 0);
      expect(await liveAt(at)).toEqual([]);
    }
  }, 60_000);
});
