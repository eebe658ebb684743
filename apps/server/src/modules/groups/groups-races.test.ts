// Workshop seats under concurrent requests (decision 0279): many sign-ups at once never pass the capacity; a freed
// seat whose offer lapsed is passed on exactly once however many readers sweep at the same moment. Run on PostgreSQL
// too (DATABASE_URL), where the requests really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, workshopCall } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let crowd: Actor[];

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Race Group School', 0);
  crowd = [];
  for (let i = 0; i < 12; i++) crowd.push(await addUser(t.app, c.admin.companyId, { userType: 'student' }));
});
afterAll(async () => t?.close());

const workshop = (days: number, capacity: number) =>
  groupBody(t, c, days, '10:00', { kind: 'workshop', capacity, frequency: 'once', count: undefined, location_type: 'online', location: 'https://meet.example/w' });

async function seats(uuid: string) {
  const g = await t.db.selectFrom('groups').select(['id', 'seats_taken', 'capacity']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const m = await t.db.selectFrom('group_members').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', g.id).where('status', '=', 'active').executeTakeFirstOrThrow();
  const offered = await t.db.selectFrom('group_waitlist').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', g.id).where('status', '=', 'offered').executeTakeFirstOrThrow();
  return { taken: g.seats_taken, members: Number(m.n), offered: Number(offered.n) };
}

describe('workshop seats at the same moment', () => {
  it('twelve sign-ups at once for five seats: five get one, seven are told it is full', async () => {
    for (let round = 0; round < 3; round++) {
      const uuid = await createGroup(t, c, await workshop(5 + round * 7, 5));
      const replies = await Promise.all(crowd.map((s) => workshopCall(t.app, s, 'POST', uuid, '/sign-up')));
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(7);
      expect(await seats(uuid)).toEqual({ taken: 5, members: 5, offered: 0 });
    }
  });

  it('a lapsed offer is passed on once, whoever reads the workshop at the same moment', async () => {
    const uuid = await createGroup(t, c, await workshop(40, 2));
    const [a, b, ...waiting] = crowd;
    expect((await workshopCall(t.app, a, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    expect((await workshopCall(t.app, b, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    for (const w of waiting) expect((await workshopCall(t.app, w, 'POST', uuid, '/waitlist')).statusCode).toBe(200);
    // Two cancellations at once: two seats, offered to the first two waiting, one each.
    await Promise.all([workshopCall(t.app, a, 'DELETE', uuid, '/sign-up'), workshopCall(t.app, b, 'DELETE', uuid, '/sign-up')]);
    expect(await seats(uuid)).toEqual({ taken: 2, members: 0, offered: 2 });
    const offeredTo = await t.db.selectFrom('group_waitlist').select('client_id').where('status', '=', 'offered').orderBy('id').execute();
    expect(offeredTo.map((r) => r.client_id)).toEqual([waiting[0].user.id, waiting[1].user.id]);
    // Both holds run out; every waiting person reads at once: each seat goes to exactly one next person.
    await t.db.updateTable('group_waitlist').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('status', '=', 'offered').execute();
    await Promise.all(waiting.map((w) => workshopCall(t.app, w, 'GET', uuid)));
    expect(await seats(uuid)).toEqual({ taken: 2, members: 0, offered: 2 });
    const next = await t.db.selectFrom('group_waitlist').select('client_id').where('status', '=', 'offered').orderBy('id').execute();
    expect(next.map((r) => r.client_id)).toEqual([waiting[2].user.id, waiting[3].user.id]);
    // The two offered take their seats at once, and nobody else can.
    const takes = await Promise.all(waiting.slice(1, 5).map((w) => workshopCall(t.app, w, 'POST', uuid, '/sign-up')));
    expect(takes.map((r) => r.statusCode)).toEqual([409, 200, 200, 409]);
    expect(await seats(uuid)).toEqual({ taken: 2, members: 2, offered: 0 });
  });
});
