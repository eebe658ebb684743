// Concurrent changes of one appointment (decision 0075): only the legal ones apply, each once, with one
// history row each. Run on PostgreSQL too (npm run test:pg), where the requests really overlap.
import { ALLOWED_STATUS_CHANGES, type AppointmentStatus } from '@kalinga/contracts/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { updateAppointmentRow } from './appointment.repository';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let personnel: Actor;
let categoryId: number;
let day = 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Race School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
});
afterAll(async () => t?.close());

async function booked(): Promise<string> {
  const at = await instantOf(t.app, personnel, counselor.user.id, daysAhead(day++), '09:00');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: personnel.headers,
    payload: { counselor_id: counselor.user.id, appointment_date: at, reason: 'Race', category_id: categoryId, location_type: 'online' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const uuid: string = res.json().data.uuid;
  // A session is completed only after it has started (decision 0055): these races need completion to be legal.
  const started = new Date(Date.now() - (day * 24 + 1) * 3_600_000).toISOString();
  await t.db.updateTable('appointments').set({ appointment_date: started }).where('uuid', '=', uuid).execute();
  return uuid;
}

const setStatus = (actor: Actor, uuid: string, status: AppointmentStatus) => t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: actor.headers, payload: { status } });

async function history(uuid: string): Promise<{ from_status: AppointmentStatus | null; to_status: AppointmentStatus }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}/history`, headers: admin.headers });
  return res.json().data;
}

/** The history is one chain from creation, each step allowed, ending at the appointment's status. */
async function expectLegalChain(uuid: string): Promise<AppointmentStatus[]> {
  const rows = await history(uuid);
  expect(rows[0]).toMatchObject({ from_status: null, to_status: 'pending' });
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i].from_status).toBe(rows[i - 1].to_status);
    expect(ALLOWED_STATUS_CHANGES[rows[i].from_status!]).toContain(rows[i].to_status);
  }
  const show = await t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}`, headers: admin.headers });
  expect(show.json().data.status).toBe(rows.at(-1)!.to_status);
  return rows.map((r) => r.to_status);
}

describe('concurrent status changes of one appointment', () => {
  it('ten confirmations at once: one change, one history row, every reply 200 and confirmed', async () => {
    const uuid = await booked();
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => setStatus(i % 2 ? admin : counselor, uuid, 'confirmed')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const r of replies) expect(r.json().data.status).toBe('confirmed');
    expect(await expectLegalChain(uuid)).toEqual(['pending', 'confirmed']);
  });

  it('confirm, complete and cancel at once: only legal steps apply; never completed after cancelled', async () => {
    for (let round = 0; round < 6; round++) {
      const uuid = await booked();
      const wanted: AppointmentStatus[] = ['confirmed', 'cancelled', 'completed', 'confirmed', 'completed', 'cancelled', 'confirmed', 'completed', 'cancelled', 'completed'];
      const order = round % 2 ? wanted.reverse() : wanted;
      const replies = await Promise.all(order.map((s, i) => setStatus(i % 2 ? admin : counselor, uuid, s)));
      for (const r of replies) expect([200, 422]).toContain(r.statusCode);
      const chain = await expectLegalChain(uuid);
      // Each applied change answered 200 exactly once; a refused one says why.
      const changes = chain.length - 1;
      expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(changes);
      for (const r of replies.filter((x) => x.statusCode === 422)) expect(r.json().errors.status[0]).toMatch(/^The status cannot change from/);
      if (chain.includes('cancelled')) expect(chain.at(-1)).toBe('cancelled');
    }
  }, 60_000);

  it('a write decided on a pending appointment does not apply once it was cancelled', async () => {
    const uuid = await booked();
    const { id } = await t.db.selectFrom('appointments').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect((await setStatus(counselor, uuid, 'cancelled')).statusCode).toBe(200);
    // What a request that read 'pending' just before the cancellation would write.
    expect(await updateAppointmentRow(t.db, admin.companyId, id, 'pending', { reason: 'Edited while cancelled?', status: 'completed' })).toBe(false);
    const row = await t.db.selectFrom('appointments').select(['status', 'reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', reason: 'Race' });
  });
});
