import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow } from '../../../test/appointment-rows';
import { addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { bookingsOf } from '../appointments/appointment.repository';
import { memberNames } from '../users/users.repository';

// The Triage list reads names and bookings through the users' and appointments' repositories (decision 0261); those
// take the company id (architecture rule 5), so another company's id reaches none of their rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("another company's id reaches no name or booking the Triage list reads", () => {
  it('names only members of the company and books only its appointments', async () => {
    const a = await registerCompany(t.app, 'Triage Scope A');
    const b = await registerCompany(t.app, 'Triage Scope B');
    const counselor = await addUser(t.app, a.companyId, { userType: 'counselor', name: 'Scope Counselor' });
    const client = await addUser(t.app, a.companyId, { name: 'Scope Client' });
    const categoryId = await addCategory(t.db, a.companyId, 'Scope');
    const { id } = await t.db
      .insertInto('appointments')
      .values(appointmentRow({ company_id: a.companyId, counselor_id: counselor.user.id, client_id: client.user.id, category_id: categoryId, appointment_date: '2026-12-01T02:00:00.000Z' }))
      .returning('id')
      .executeTakeFirstOrThrow();

    const ids = [client.user.id, counselor.user.id, client.user.id];
    expect(await memberNames(t.db, a.companyId, ids)).toEqual(new Map([[client.user.id, 'Scope Client'], [counselor.user.id, 'Scope Counselor']]));
    expect((await memberNames(t.db, b.companyId, ids)).size).toBe(0);
    expect(await bookingsOf(t.db, a.companyId, [id])).toEqual(new Map([[id, { appointment_date: '2026-12-01T02:00:00.000Z', counselor_name: 'Scope Counselor' }]]));
    expect((await bookingsOf(t.db, b.companyId, [id])).size).toBe(0);
  });
});
