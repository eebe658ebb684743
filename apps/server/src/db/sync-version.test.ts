import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { migrateToLatest } from './migrate';
import { insertCompany, rolesAndPermissions } from '../modules/companies/company.repository';
import { bumpVersion, currentVersion } from './sync-version';
import { withOldDatabase } from '../../test/old-database';

let t: TestApp;
let admin: Actor;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Pawn One');
  other = await registerCompany(t.app, 'Pawn Two');
});
afterAll(async () => {
  await t.close();
});

describe('the lending change counter', () => {
  it('counts per company from 1, and concurrent bumps each get their own value', async () => {
    const company = (await t.db.transaction().execute((trx) => insertCompany(trx, 'Counter Co'))).id;
    expect(await currentVersion(t.db, company)).toBe(0);
    const values = await Promise.all(Array.from({ length: 8 }, () => t.db.transaction().execute((trx) => bumpVersion(trx, company))));
    expect(values.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await currentVersion(t.db, company)).toBe(8);
  });

  it('a rolled-back transaction leaves the counter where it was', async () => {
    const company = (await t.db.transaction().execute((trx) => insertCompany(trx, 'Rollback Co'))).id;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await bumpVersion(trx, company);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await currentVersion(t.db, company)).toBe(0);
  });
});

describe('categories move the counter (the offline store pulls them)', () => {
  it('create, update and delete each stamp a newer version; delete leaves a tombstone', async () => {
    const before = await currentVersion(t.db, admin.companyId);
    const created = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { kind: 'lending', title: 'Jewellery', interest_rate: 3 } });
    expect(created.statusCode).toBe(201);
    const { id, uuid } = created.json().data;
    const v1 = (await t.db.selectFrom('categories').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    expect(v1).toBe(before + 1);

    const updated = await t.app.inject({ method: 'PUT', url: `/api/categories/${uuid}`, headers: admin.headers, payload: { penalty_rate: 2 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.penalty_rate).toBe(2);
    const v2 = (await t.db.selectFrom('categories').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    expect(v2).toBe(v1 + 1);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/categories/${uuid}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    const tombstones = await t.db.selectFrom('sync_tombstones').selectAll().where('company_id', '=', admin.companyId).execute();
    expect(tombstones).toEqual([expect.objectContaining({ table_name: 'categories', uuid, version: v2 + 1 })]);
    expect(await currentVersion(t.db, admin.companyId)).toBe(v2 + 1);
    // Another company's counter never moved.
    expect(await currentVersion(t.db, other.companyId)).toBe(0);
  });
});

describe('permissions', () => {
  it("a new company's administrator may view and manage lending", async () => {
    const { permissions } = await rolesAndPermissions(t.db, admin.user.id, admin.companyId);
    expect(permissions).toEqual(expect.arrayContaining(['view lending', 'manage lending']));
  });

  it('migration 006 adds both permissions to the admin role of companies made before it', async () => {
    await withOldDatabase('005-appointment-list-speed', ['view lending', 'manage lending'], async ({ db, company, user }) => {
      expect((await rolesAndPermissions(db, user.id, company.id)).permissions).not.toContain('view lending');
      await migrateToLatest(db);
      const after = await rolesAndPermissions(db, user.id, company.id);
      expect(after.permissions).toEqual(expect.arrayContaining(['view lending', 'manage lending']));
      const counselor = await db.selectFrom('roles').select('id').where('company_id', '=', company.id).where('name', '=', 'counselor').executeTakeFirstOrThrow();
      const counselorGrants = await db.selectFrom('role_permission').innerJoin('permissions', 'permissions.id', 'role_permission.permission_id').select('permissions.name').where('role_id', '=', counselor.id).execute();
      expect(counselorGrants.map((g) => g.name)).not.toContain('manage lending');
    });
  });
});
