import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { addMember, setUserRoles } from '../modules/companies/company.repository';
import { activeClinicians } from './clinicians';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the company's active clinicians (one query for the access model and the grant notices)", () => {
  it('names the active counselors holding a clinical permission through this company’s roles, by name; no one else', async () => {
    const admin = await registerCompany(t.app, 'Clinic One');
    const other = await registerCompany(t.app, 'Clinic Two');
    const company = admin.companyId;
    const bea = await addUser(t.app, company, { userType: 'counselor', roles: ['counselor'], name: 'Bea Counselor' });
    const abe = await addUser(t.app, company, { userType: 'counselor', roles: ['counselor'], name: 'Abe Counselor' });
    // A counselor by type without a clinical permission, an administrator given the counselor role, a left counselor.
    await addUser(t.app, company, { userType: 'counselor', roles: ['admin'], name: 'Cy Typed Only' });
    await addUser(t.app, company, { userType: 'personnel', roles: ['counselor'], name: 'Di Role Only' });
    const left = await addUser(t.app, company, { userType: 'counselor', roles: ['counselor'], name: 'Ed Inactive' });
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', left.user.id).execute();
    // A clinician of the other company, a member here without a clinical role: a clinician there only.
    const elsewhere = await addUser(t.app, other.companyId, { userType: 'counselor', roles: ['counselor'], name: 'Fe Elsewhere' });
    await addMember(t.db, company, elsewhere.user.id, false);
    await setUserRoles(t.db, company, elsewhere.user.id, ['personnel']);

    expect(await activeClinicians(t.db, company)).toEqual([
      { id: abe.user.id, name: 'Abe Counselor' },
      { id: bea.user.id, name: 'Bea Counselor' },
    ]);
    expect(await activeClinicians(t.db, company, bea.user.id)).toEqual([{ id: bea.user.id, name: 'Bea Counselor' }]);
    expect(await activeClinicians(t.db, company, elsewhere.user.id)).toEqual([]);
    expect((await activeClinicians(t.db, other.companyId)).map((c) => c.name)).toEqual(['Fe Elsewhere']);
  });
});
