import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { nowIso } from '../../lib/clock';
import { dailyCountsByGroup, recountDailyGroups } from '../../modules/reports/report.repository';
import { migrateTo, migrateToLatest } from '../migrate';
import { appointmentRow } from '../../../test/appointment-rows';

// Migration 019 over a database with data (SQLite, and PostgreSQL with DATABASE_URL): on SQLite the appointments
// table is rebuilt to take the new status, and nothing that refers to it (history rows, report counts) is lost.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migration 019-no-shows', () => {
  it('down and up again: history rows and report counts survive; no_show is accepted only after', async () => {
    const admin = await registerCompany(t.app, 'Migrating School');
    const client = await addUser(t.app, admin.companyId, { userType: 'student', extra: { department: 'Nursing' } });
    const categoryId = await addCategory(t.db, admin.companyId, 'Stress');
    const now = nowIso();
    const insert = (status: 'completed' | 'no_show', minutes: number) =>
      t.db
        .insertInto('appointments')
        .values(
          appointmentRow({
            company_id: admin.companyId, counselor_id: admin.user.id, client_id: client.user.id, category_id: categoryId,
            appointment_date: new Date(Date.now() - minutes * 60_000).toISOString(), local_date: now.slice(0, 10),
            reason: 'Stress', status, created_by: admin.user.id, created_at: now, updated_at: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
    const missed = await insert('no_show', 60);
    await insert('completed', 120);
    await t.db.insertInto('appointment_status_changes').values({ company_id: admin.companyId, appointment_id: missed.id, from_status: 'pending', to_status: 'no_show', changed_by: admin.user.id, changed_at: now }).execute();
    const day = now.slice(0, 10);
    const counts = () => dailyCountsByGroup(t.db, admin.companyId, 'department', day, day);
    expect(await counts()).toEqual([{ day, group: 'Nursing', count: 2 }]);

    await migrateTo(t.db, '017-backups');
    expect((await t.db.selectFrom('appointments').select('status').where('id', '=', missed.id).executeTakeFirstOrThrow()).status).toBe('cancelled');
    await expect(insert('no_show', 180)).rejects.toThrow();
    expect(await t.db.selectFrom('appointment_status_changes').select('to_status').where('appointment_id', '=', missed.id).execute()).toEqual([{ to_status: 'no_show' }]);
    expect(await counts()).toEqual(await recountDailyGroups(t.db, admin.companyId, 'department', day, day));

    await migrateToLatest(t.db);
    await t.db.updateTable('appointments').set({ status: 'no_show', late_cancellation: 0 }).where('id', '=', missed.id).execute();
    expect(await counts()).toEqual([{ day, group: 'Nursing', count: 2 }]);
    expect(await counts()).toEqual(await recountDailyGroups(t.db, admin.companyId, 'department', day, day));
    // Deleting the appointment still cascades to its history (the rebuilt table keeps the foreign keys' meaning).
    await t.db.deleteFrom('appointments').where('id', '=', missed.id).execute();
    expect(await t.db.selectFrom('appointment_status_changes').select('id').where('appointment_id', '=', missed.id).execute()).toEqual([]);
  });
});
