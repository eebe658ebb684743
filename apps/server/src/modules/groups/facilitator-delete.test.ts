// Deleting a counselor who facilitates a group (decision 0278): refused with the users area's clear 409, as a
// counselor with appointments is, in English and in Filipino; the group and its sessions stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';
import { createGroup, groupBody, groupCentre } from '../../../test/groups/group-helpers';
import { FACILITATES_GROUPS } from '../users/users.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const del = (by: { headers: Record<string, string> }, id: number, language?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: language ? { ...by.headers, 'accept-language': language } : by.headers });

describe('deleting a facilitator', () => {
  it('refuses the lead and the co-facilitator of a group with a 409 that says why, and keeps the group', async () => {
    const c = await groupCentre(t, 'Facilitator Delete School', 1);
    const uuid = await createGroup(t, c, await groupBody(t, c, 5, '09:00', { frequency: 'once', count: undefined }));
    for (const who of [c.lead, c.co]) {
      const res = await del(c.admin, who.user.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(FACILITATES_GROUPS);
    }
    expect(en['users.facilitatesGroups']).toBe(FACILITATES_GROUPS);
    const filipino = await del(c.admin, c.co.user.id, 'fil');
    expect(filipino.statusCode).toBe(409);
    expect(filipino.json().message).toBe(fil['users.facilitatesGroups']);
    const group = await t.db.selectFrom('groups').select(['facilitator_id', 'co_facilitator_id']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(group).toEqual({ facilitator_id: c.lead.user.id, co_facilitator_id: c.co.user.id });
    expect(await t.db.selectFrom('company_user').select('user_id').where('user_id', '=', c.co.user.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses a facilitator who is also a member elsewhere (the account would stay, the group would lose its facilitator)', async () => {
    const c = await groupCentre(t, 'Two Homes School', 1);
    const elsewhere = await registerCompany(t.app, 'Second Home Co');
    await t.db.insertInto('company_user').values({ company_id: elsewhere.companyId, user_id: c.co.user.id, is_default: 0, created_at: new Date().toISOString() }).execute();
    await createGroup(t, c, await groupBody(t, c, 6, '09:00', { frequency: 'once', count: undefined }));
    expect((await del(c.admin, c.co.user.id)).statusCode).toBe(409);
  });

  it('still deletes a counselor who facilitates nothing, and only in its own company', async () => {
    const c = await groupCentre(t, 'Free Counselor School', 1);
    await createGroup(t, c, await groupBody(t, c, 7, '09:00', { frequency: 'once', count: undefined }));
    const free = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    const other = await registerCompany(t.app, 'Not Theirs Co');
    expect((await del(other, c.lead.user.id)).statusCode).toBe(404);
    expect((await del(c.admin, free.user.id)).statusCode).toBe(200);
  });
});
