import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { createDatabase } from './database';
import { migrateTo, migrateToLatest } from './migrate';
import { insertCompany, rolesAndPermissions, setUserRoles, addMember } from '../modules/companies/company.repository';
import { bumpVersion, currentVersion } from './sync-version';

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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-m006-'));
    const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'old.sqlite') });
    try {
      await migrateTo(db, '005-appointment-list-speed');
      const company = await db.transaction().execute((trx) => insertCompany(trx, 'Old Co'));
      // A database made before lending: its permission list lacked these two (their grants cascade away).
      await db.deleteFrom('permissions').where('name', 'in', ['view lending', 'manage lending']).execute();
      const now = new Date().toISOString();
      const user = await db
        .insertInto('users')
        .values({ name: 'Old Admin', email: 'old@example.test', password_hash: 'x', user_type: 'personnel', status: 'active', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMember(db, company.id, user.id, true);
      await setUserRoles(db, company.id, user.id, ['admin']);
      expect((await rolesAndPermissions(db, user.id, company.id)).permissions).not.toContain('view lending');
      await migrateToLatest(db);
      const after = await rolesAndPermissions(db, user.id, company.id);
      expect(after.permissions).toEqual(expect.arrayContaining(['view lending', 'manage lending']));
      const counselor = await db.selectFrom('roles').select('id').where('company_id', '=', company.id).where('name', '=', 'counselor').executeTakeFirstOrThrow();
      const counselorGrants = await db.selectFrom('role_permission').innerJoin('permissions', 'permissions.id', 'role_permission.permission_id').select('permissions.name').where('role_id', '=', counselor.id).execute();
      expect(counselorGrants.map((g) => g.name)).not.toContain('manage lending');
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
