import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';

// The access log's grants list says what each grant gave in the reader's language (migration 046, decision 0318);
// a row from before keeps its English as stored.

let t: TestApp;
let admin: Actor;
let officer: Actor;
const grants = async (language: 'en' | 'fil') => {
  const res = await t.app.inject({ method: 'GET', url: '/api/access-log/grants?per_page=100', headers: { ...officer.headers, 'accept-language': language } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { user_name: string; what: string }[]).map((g) => `${g.user_name}: ${g.what}`);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Grant Words School');
  officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'], name: 'Pia Privacy' });
});
afterAll(() => t.close());

describe("a grant's words", () => {
  it('are said in the reader’s language; what a grant from before migration 046 gave stays as stored', async () => {
    const cora = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['personnel'], name: 'Cora Clinical' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${cora.user.id}`, headers: admin.headers, payload: { name: cora.user.name, email: cora.user.email, user_type: 'counselor', roles: ['counselor'] } });
    expect(res.statusCode, res.body).toBe(200);
    await t.db.insertInto('clinical_grants').values({ company_id: admin.companyId, user_id: cora.user.id, granted_by: admin.user.id, what: 'role counselor (an older row)', what_key: null, what_values: null, at: '2020-01-01T00:00:00.000Z' }).execute();
    expect(await grants('en')).toEqual(['Cora Clinical: role counselor', 'Cora Clinical: role counselor (an older row)']);
    expect(await grants('fil')).toEqual(['Cora Clinical: role na counselor', 'Cora Clinical: role counselor (an older row)']);
    const stored = await t.db.selectFrom('clinical_grants').select(['what', 'what_key']).where('user_id', '=', cora.user.id).orderBy('id').execute();
    expect(stored[0]).toEqual({ what: 'role counselor', what_key: 'clinicalGrant.roles' });
  });
});
