// A closed group that asks for a screening before joining (decision 0376): whether a client answered one is screening
// content, so a facilitator learns it only through the access model. Outside the client's care team the answer is
// the same 403 whether they answered or not, and nothing is added; inside it the check is a read on the record.
// Both databases.
import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { answers, submit } from '../../../test/screening/screening-helpers';

let t: TestApp;
let c: GroupCentre;
let uuid: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Screened Group Centre', 0);
  uuid = await createGroup(t, c, await groupBody(t, c, 6, '10:00', { count: 3, name: 'Low mood circle', screening_required: true }));
});
afterAll(async () => t?.close());

const addMember = (who: Actor) => t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: who.user.id } });
const memberIds = async () => (await t.db.selectFrom('group_members').select('client_id').where('left_at', 'is', null).execute()).map((m) => m.client_id);
const screeningReads = (client: Actor) =>
  t.db.selectFrom('client_access_log').select(['viewer_id', 'kind', 'via']).where('client_id', '=', client.user.id).where('kind', '=', 'screenings').execute();

async function client(name: string, screened: boolean, seenByLead: boolean): Promise<Actor> {
  const who = await addUser(t.app, c.admin.companyId, { userType: 'personnel', name });
  if (screened) expect((await submit(t.app, who, answers(2, 2))).statusCode).toBe(201);
  if (seenByLead) {
    // The client books a session with the lead: the lead is in their care team (decision 0369).
    const at = await instantOf(t.app, who, c.lead.user.id, daysAhead(3), '15:00');
    const payload = { counselor_id: c.lead.user.id, appointment_date: at, reason: 'Talk', category_id: c.categoryId, location_type: 'online' };
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: who.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('client_id', '=', who.user.id).execute();
  }
  return who;
}

describe("adding a member to a group that asks for a screening", () => {
  it("outside the care team: the same 403 for a client who answered and one who did not; no member, nothing on the record", async () => {
    const answered = await client('Answered Stranger', true, false);
    const silent = await client('Silent Stranger', false, false);
    const replies = [await addMember(answered), await addMember(silent)];
    expect(replies.map((r) => r.statusCode)).toEqual([403, 403]);
    expect(replies.map((r) => r.json().message)).toEqual([CARE_TEAM_ONLY, CARE_TEAM_ONLY]);
    expect(await memberIds()).not.toContain(answered.user.id);
    expect(await screeningReads(answered)).toEqual([]);
    expect(await screeningReads(silent)).toEqual([]);
  });

  it('in the care team: the check is read on the record; no screening is 422, one is a member', async () => {
    const silent = await client('Silent Known', false, true);
    const refused = await addMember(silent);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.client_id).toEqual(['This group asks for a screening before joining; the client has none yet.']);
    expect(await screeningReads(silent)).toEqual([{ viewer_id: c.lead.user.id, kind: 'screenings', via: 'care_team' }]);
    const answered = await client('Answered Known', true, true);
    expect((await addMember(answered)).statusCode).toBe(200);
    expect(await memberIds()).toContain(answered.user.id);
    expect(await screeningReads(answered)).toEqual([{ viewer_id: c.lead.user.id, kind: 'screenings', via: 'care_team' }]);
  });

  it("a group that asks for none adds anyone and reads nothing; another company's client is refused as before", async () => {
    const open = await createGroup(t, c, await groupBody(t, c, 9, '10:00', { count: 2, name: 'Study skills' }));
    const anyone = await client('Anyone', false, false);
    const res = await t.app.inject({ method: 'POST', url: `/api/groups/${open}/members`, headers: c.lead.headers, payload: { client_id: anyone.user.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await screeningReads(anyone)).toEqual([]);
    const elsewhere = await groupCentre(t, 'Other Screened Centre', 1);
    expect((await addMember(elsewhere.students[0])).statusCode).toBe(422);
  });
});
