import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { migrateTo, migrateToLatest } from '../migrate';

// Migration 011 over a database with data (SQLite, and PostgreSQL with DATABASE_URL): the stored replies survive
// the rebuild of idempotency_keys, keys become per user, and every category's current terms are recorded.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migration 011-lending-convergence', () => {
  it('down and up again: keeps stored replies, keys per user, backfills the terms history at each category version', async () => {
    const admin = await registerCompany(t.app, 'Migrating Pawnshop');
    await migrateTo(t.db, '010-notifications');
    const now = new Date().toISOString();
    const category = await t.db
      .insertInto('categories')
      .values({
        uuid: '0b4c8a52-55a1-4f7e-8f63-2c1a0f6d9e11',
        company_id: admin.companyId,
        title: 'Old Gold',
        description: null,
        image_path: null,
        name: 'Old Gold',
        interest_rate: 3.5,
        penalty_rate: 2,
        loan_period: 2,
        loan_period_type: 'month',
        loan_period_expiry: 15,
        is_renewable: 0,
        version: 7,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = { company_id: admin.companyId, user_id: admin.user.id, key: 'k-1', method: 'POST', path: '/api/loans', request_hash: 'h', status_code: 201, reply: '{"data":1}', created_at: now };
    await t.db.insertInto('idempotency_keys').values(key).execute();

    await migrateToLatest(t.db);
    const history = await t.db.selectFrom('category_terms_history').selectAll().where('category_id', '=', category.id).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ company_id: admin.companyId, version: 7, loan_period: 2, loan_period_type: 'month', loan_period_expiry: 15, is_renewable: 0 });
    expect(Number(history[0].interest_rate)).toBe(3.5);
    expect(await t.db.selectFrom('idempotency_keys').select(['key', 'reply', 'status_code']).execute()).toEqual([{ key: 'k-1', reply: '{"data":1}', status_code: 201 }]);
    // The same key for another user of the company is now another row; for the same user it is refused.
    const second = await registerCompany(t.app, 'Another');
    await t.db.insertInto('idempotency_keys').values({ ...key, user_id: second.user.id }).execute();
    await expect(t.db.insertInto('idempotency_keys').values(key).execute()).rejects.toThrow();
    // A pruned reply is null; loans have the new columns.
    await t.db.updateTable('idempotency_keys').set({ reply: null }).where('key', '=', 'k-1').execute();
    expect(await t.db.selectFrom('loans').select(['category_version', 'terms_changed']).execute()).toEqual([]);
  });
});
