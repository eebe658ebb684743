import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedAppointments } from './seed-appointments';
import { seedFoundation } from './seed-foundation';
import { seedGroups } from './seed-groups';
import { seedLibrary } from './seed-library';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('groups demo data', () => {
  it('a closed group with held and coming sessions, a full workshop and one with seats; no session clashes with an appointment', async () => {
    const ctx = await seedFoundation(t.db);
    await seedLibrary(t.db, t.config, ctx);
    await seedAppointments(t.db, t.config, ctx);
    await seedGroups(t.db, t.config, ctx);
    const groups = await t.db.selectFrom('groups').selectAll().where('company_id', '=', ctx.company.id).orderBy('id').execute();
    expect(groups.map((g) => [g.kind, g.seats_taken, g.capacity])).toEqual([
      ['closed', 5, 8],
      ['workshop', 3, 3],
      ['workshop', 3, 20],
    ]);
    const now = new Date().toISOString();
    const sessions = await t.db.selectFrom('group_sessions').selectAll().where('group_id', '=', groups[0].id).orderBy('starts_at').execute();
    expect(sessions).toHaveLength(6);
    expect(sessions.filter((s) => s.starts_at < now).length).toBeGreaterThanOrEqual(2);
    const members = await t.db.selectFrom('group_members').select('client_id').where('group_id', '=', groups[1].id).execute();
    expect(members.map((m) => m.client_id)).toContain(ctx.clients[0].id);
    const all = await t.db.selectFrom('group_sessions').select(['starts_at', 'duration_minutes']).where('company_id', '=', ctx.company.id).execute();
    for (const s of all) {
      const clash = await t.db
        .selectFrom('appointments')
        .select('id')
        .where('company_id', '=', ctx.company.id)
        .where('counselor_id', 'in', ctx.counselors.map((c) => c.id))
        .where('status', 'in', ['pending', 'confirmed'])
        .where('appointment_date', '=', s.starts_at)
        .executeTakeFirst();
      expect(clash).toBeUndefined();
    }
    expect(new Set(all.map((s) => s.starts_at)).size).toBe(all.length);
  });
});
