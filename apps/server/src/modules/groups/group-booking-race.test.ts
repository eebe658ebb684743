// A single booking and a group's creation for the same counselor and time, at the same moment (decision 0298): both
// take the counselor's row, so one waits for the other and sees its row; never both land. Run on PostgreSQL too
// (DATABASE_URL), where the two requests really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { type GroupCentre, groupBody, groupCentre, postGroup } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Booking Race School', 1);
});
afterAll(async () => t?.close());

describe('a booking racing a group for the same time', () => {
  it('lets exactly one of them have the time, every round', async () => {
    const times = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
    for (const [round, time] of times.entries()) {
      const days = 3 + (round % 4);
      const at = await instantOf(t.app, c.admin, c.co.user.id, daysAhead(days), time);
      const body = await groupBody(t, c, days, time, { frequency: 'once', count: undefined, name: `Race ${round}` });
      const [group, single] = await Promise.all([
        postGroup(t.app, c.lead, body),
        t.app.inject({
          method: 'POST',
          url: '/api/appointments',
          headers: c.co.headers,
          payload: { counselor_id: c.co.user.id, student_id: c.students[0].user.id, appointment_date: at, reason: 'Single', category_id: c.categoryId, location_type: 'online' },
        }),
      ]);
      const won = [group.statusCode, single.statusCode].filter((s) => s === 201);
      expect(won, `${group.body} / ${single.body}`).toHaveLength(1);
      expect([group.statusCode, single.statusCode]).toContain(409);
      const appointments = await t.db.selectFrom('appointments').select('id').where('counselor_id', '=', c.co.user.id).where('appointment_date', '=', at).where('status', 'in', ['pending', 'confirmed']).execute();
      const sessions = await t.db.selectFrom('group_sessions').select('id').where('starts_at', '=', at).where('status', '=', 'scheduled').execute();
      expect(appointments.length + sessions.length).toBe(1);
    }
  });
});
