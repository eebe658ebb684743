import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';
import { takeSeat } from '../group-seats/group-seats.repository';
import { cancelComingSessions, cancelGroupRow, sessionsOf, waitingCount } from './groups.repository';

// Architecture rule 5 (decision 0266): a repository function over a company's rows takes the company id, so another
// company's id reaches none of them, even with the right group id.

let t: TestApp;
let c: GroupCentre;
beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Groups Scope Centre', 1);
});
afterAll(async () => {
  await t.close();
});

const groupRow = (uuid: string) => t.db.selectFrom('groups').select(['id', 'status', 'seats_taken']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe("another company's id reaches no group row", () => {
  it("reads none of a group's sessions and changes none of its seats, status or sessions", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 3));
    const before = await groupRow(uuid);
    const own = c.admin.companyId;
    const other = (await registerCompany(t.app, 'Groups Scope Other')).companyId;
    const now = new Date().toISOString();

    expect(await sessionsOf(t.db, own, [before.id])).toHaveLength(4);
    expect(await sessionsOf(t.db, other, [before.id])).toEqual([]);
    expect(await waitingCount(t.db, other, before.id)).toBe(0);
    expect(await takeSeat(t.db, other, before.id, now)).toBe(false);
    expect(await cancelGroupRow(t.db, other, before.id, now)).toBe(false);
    expect(await cancelComingSessions(t.db, other, before.id, now)).toEqual([]);
    expect(await groupRow(uuid)).toEqual(before);
    expect((await sessionsOf(t.db, own, [before.id])).map((s) => s.status)).toEqual(Array(4).fill('scheduled'));

    // The company's own id reaches them: the checks above can fail.
    expect(await takeSeat(t.db, own, before.id, now)).toBe(true);
    expect(await cancelGroupRow(t.db, own, before.id, now)).toBe(true);
    expect(await cancelComingSessions(t.db, own, before.id, now)).toHaveLength(4);
  });
});
