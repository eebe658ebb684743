// An appointment's approval_reason (decision 0155) says the client missed their last sessions, group sessions
// included: attendance beyond one's own, read only through the access model (decisions 0200, 0376). The client and
// their care team read it (the care team on the record); a manager outside the care team reads the booking without
// it, on the list, the appointment and the counselor's calendar. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let client: Actor;
let categoryId: number;

const get = (who: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

async function bookAsClient(days: number): Promise<{ uuid: string; approval_reason: string | null }> {
  const at = await instantOf(t.app, client, counselor.user.id, daysAhead(days), '10:00');
  const payload = { counselor_id: counselor.user.id, appointment_date: at, reason: 'Talk', category_id: categoryId, location_type: 'online' };
  const res = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: client.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Approval Centre');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Held Counselor' });
  client = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Missed Twice' });
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  // Two sessions missed (the default limit): moved into the past and marked, as a counselor marks them.
  for (const days of [2, 3]) {
    const { uuid } = await bookAsClient(days);
    await t.db.updateTable('appointments').set({ status: 'no_show', appointment_date: new Date(Date.now() - days * 86_400_000).toISOString() }).where('uuid', '=', uuid).execute();
  }
});
afterAll(async () => t?.close());

describe("a held booking's approval reason", () => {
  it('the client and the care team read it (the care team on the record); a manager outside it reads the booking without it', async () => {
    const held = await bookAsClient(5);
    expect(held.approval_reason).toMatch(/2 sessions in a row were missed/);
    const row = await t.db.selectFrom('appointments').select('counselor_id').where('uuid', '=', held.uuid).executeTakeFirstOrThrow();
    expect(row.counselor_id).toBe(counselor.user.id);

    const managerReads = [
      (await get(admin, `/api/appointments/${held.uuid}`)).json().data,
      ((await get(admin, '/api/appointments?per_page=100')).json().data as { uuid: string }[]).find((a) => a.uuid === held.uuid),
      ((await get(admin, `/api/appointments/calendar?counselor_id=${counselor.user.id}&from=${daysAhead(5)}&days=1`)).json().appointments as { uuid: string }[]).find((a) => a.uuid === held.uuid),
    ];
    for (const a of managerReads) expect(a).toMatchObject({ uuid: held.uuid, status: 'pending', approval_reason: null });

    expect((await get(client, `/api/appointments/${held.uuid}`)).json().data.approval_reason).toBe(held.approval_reason);
    const before = await t.db.selectFrom('client_access_log').select('id').where('viewer_id', '=', counselor.user.id).where('kind', '=', 'attendance').execute();
    expect((await get(counselor, `/api/appointments/${held.uuid}`)).json().data.approval_reason).toBe(held.approval_reason);
    const listed = ((await get(counselor, '/api/appointments?per_page=100')).json().data as { uuid: string; approval_reason: string | null }[]).find((a) => a.uuid === held.uuid);
    expect(listed?.approval_reason).toBe(held.approval_reason);
    const after = await t.db.selectFrom('client_access_log').select(['client_id', 'via']).where('viewer_id', '=', counselor.user.id).where('kind', '=', 'attendance').execute();
    expect(after.length - before.length).toBe(2);
    expect(after.every((r) => r.client_id === client.user.id)).toBe(true);
    // The client's own reads are theirs: nothing on the record.
    expect(await t.db.selectFrom('client_access_log').select('id').where('viewer_id', '=', client.user.id).execute()).toEqual([]);
  });
});
