import { conflictListReplySchema } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Actor } from '../../../test/harness';
import { fieldConflicts } from './field-merge';
import { call, lendingWorld, type LendingWorld, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';

// Field merge (docs/decisions/0103): two devices editing different fields both keep theirs;
// the same field: the last writer wins and the overwritten value is recorded.

let w: LendingWorld;
let outsider: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  outsider = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
});
afterAll(async () => w?.t.close());

const conflictsOf = async (actor: Actor, uuid: string) => {
  const res = await call(w.t, actor, 'GET', `/api/sync/conflicts?record_uuid=${uuid}`);
  expect(res.statusCode).toBe(200);
  return conflictListReplySchema.parse(res.json());
};

describe('PUT with only the changed fields and was', () => {
  it('device A changes the phone, device B the address: both stay, nothing is recorded', async () => {
    const c = await makeCustomer(w.t, w.admin, { phone_number: '09170000000', address: 'Old street' });
    const a = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '09171111111', was: { phone_number: '09170000000' } });
    expect(a.statusCode).toBe(200);
    const b = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { address: 'New street', was: { address: 'Old street' } });
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toMatchObject({ phone_number: '09171111111', address: 'New street', first_name: 'Juan' });
    expect(b.json().data.version).toBeGreaterThan(a.json().data.version);
    expect((await conflictsOf(w.admin, c.uuid)).data).toEqual([]);
  });

  it('both change the phone: the last writer wins and one conflict is recorded, readable by a viewer', async () => {
    const c = await makeCustomer(w.t, w.admin, { phone_number: '09170000000' });
    await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '09171111111', was: { phone_number: '09170000000' } });
    const last = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '09172222222', was: { phone_number: '09170000000' } });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.phone_number).toBe('09172222222');
    const list = await conflictsOf(w.viewer, c.uuid);
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      table_name: 'customers',
      record_uuid: c.uuid,
      field: 'phone_number',
      overwritten_value: '09171111111',
      device_was_value: '09170000000',
      new_value: '09172222222',
      user_id: w.admin.user.id,
    });
    // The same change again (a replay without a key, or both devices typed the same) is no conflict.
    await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '09172222222', was: { phone_number: '09170000000' } });
    expect((await conflictsOf(w.viewer, c.uuid)).meta.total).toBe(1);
  });

  it('an item sends only its market value: its description stays; money and notes conflicts are recorded too', async () => {
    const loan = await makeLoan(w, { notes: 'first' });
    const item = loan.items[0].uuid;
    const res = await call(w.t, w.admin, 'PUT', `/api/items/${item}`, { market_value: 2000, was: { market_value: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ description: '18k gold ring', market_value: 2000 });
    await call(w.t, w.admin, 'PUT', `/api/items/${item}`, { market_value: 2500, was: { market_value: null } });
    await call(w.t, w.admin, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'second', was: { notes: 'first' } });
    await call(w.t, w.admin, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'third', was: { notes: 'first' } });
    expect((await conflictsOf(w.admin, item)).data.map((x) => [x.field, x.overwritten_value, x.device_was_value, x.new_value])).toEqual([['market_value', '2000', null, '2500']]);
    expect((await conflictsOf(w.admin, loan.uuid)).data.map((x) => [x.table_name, x.overwritten_value, x.new_value])).toEqual([['loans', 'second', 'third']]);
  });

  it('a sent field without was is written and records nothing (an older client)', async () => {
    const c = await makeCustomer(w.t, w.admin);
    await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { first_name: 'Pedro' });
    const res = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { first_name: 'Jose', was: {} });
    expect(res.statusCode).toBe(200);
    expect((await conflictsOf(w.admin, c.uuid)).data).toEqual([]);
  });

  it('a was naming a field the update cannot change, or holding an object, is 422', async () => {
    const c = await makeCustomer(w.t, w.admin);
    for (const was of [{ uuid: 'x' }, { phone_number: { a: 1 } }, 'text']) {
      const res = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '1', was });
      expect(res.statusCode, JSON.stringify(was)).toBe(422);
      expect(Object.keys(res.json().errors).some((k) => k.startsWith('was')), JSON.stringify(res.json())).toBe(true);
    }
  });
});

describe('GET /api/sync/conflicts', () => {
  it("lists only the company's own conflicts; another company sees none of them; paginated", async () => {
    const c = await makeCustomer(w.t, w.admin, { address: 'A' });
    for (const address of ['B', 'C', 'D']) await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { address, was: { address: 'A' } });
    const page = await call(w.t, w.admin, 'GET', `/api/sync/conflicts?record_uuid=${c.uuid}&per_page=1&page=2`);
    expect(page.statusCode).toBe(200);
    const body = conflictListReplySchema.parse(page.json());
    expect(body.meta).toMatchObject({ total: 2, per_page: 1, current_page: 2 });
    expect(body.data[0].new_value).toBe('C');
    expect((await conflictsOf(w.other, c.uuid)).data).toEqual([]);
    const all = conflictListReplySchema.parse((await call(w.t, w.other, 'GET', '/api/sync/conflicts')).json());
    expect(all.data.some((x) => x.record_uuid === c.uuid)).toBe(false);
    // And the other company cannot write to this customer at all.
    expect((await call(w.t, w.other, 'PUT', `/api/customers/${c.uuid}`, { address: 'X', was: { address: 'A' } })).statusCode).toBe(404);
  });

  it('403 without the view lending permission, 401 signed out, 422 for a junk record uuid', async () => {
    expect((await call(w.t, outsider, 'GET', '/api/sync/conflicts')).statusCode).toBe(403);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/sync/conflicts' })).statusCode).toBe(401);
    const junk = await call(w.t, w.admin, 'GET', '/api/sync/conflicts?record_uuid=nope');
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors.record_uuid).toBeDefined();
  });
});

describe('fieldConflicts', () => {
  it('compares as the API shows values: blank is nothing, numbers by value', () => {
    expect(fieldConflicts({ a: '', n: 5 }, { a: 'x', n: 6 }, { a: null, n: '5' })).toEqual([]);
    expect(fieldConflicts({ a: 'y' }, { a: 'x' }, { a: ' ' })).toEqual([{ field: 'a', overwritten_value: 'y', device_was_value: null, new_value: 'x' }]);
    expect(fieldConflicts({ a: 'y' }, { a: 'x' }, undefined)).toEqual([]);
  });
});
