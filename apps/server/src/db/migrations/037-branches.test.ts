import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';
import { registerCompany } from '../../../test/harness';
import { migrateTo, migrateToLatest } from '../migrate';

// Migration 037 over a database with lending data (SQLite, and PostgreSQL with DATABASE_URL): every company gets
// one branch named after it that keeps its ticket series, its lending rows move to it, the register stays
// append-only, and a company made later gets its first branch with it (docs/decisions/0301-branches-schema.md).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => w?.t.close());

const branchesOf = (companyId: number) => w.t.db.selectFrom('branches').selectAll().where('company_id', '=', companyId).execute();

describe('migration 037-branches', () => {
  it('down and up again: one branch per company, rows moved to it, the series continued', async () => {
    const loan = await makeLoan(w);
    await migrateTo(w.t.db, '036-group-attendance');
    await w.t.db.updateTable('lending_counters').set({ last_ticket_number: 41 }).where('company_id', '=', w.admin.companyId).execute();
    await migrateToLatest(w.t.db);

    const [branch, ...more] = await branchesOf(w.admin.companyId);
    expect(more).toEqual([]);
    expect(branch).toMatchObject({ name: 'Pawnshop One', ticket_prefix: 'PT', last_ticket_number: 41, deleted: 0 });
    expect(branch.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await branchesOf(w.other.companyId)).map((b) => b.name)).toEqual(['Pawnshop Two']);
    for (const table of ['loans', 'items', 'transactions'] as const) {
      const rows = await w.t.db.selectFrom(table).select('branch_id').where('company_id', '=', w.admin.companyId).execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.branch_id === branch.id)).toBe(true);
    }
    // The register is still append-only, branch included.
    await expect(w.t.db.updateTable('transactions').set({ branch_id: null }).where('loan_uuid', '=', loan.uuid).execute()).rejects.toThrow(/append-only/);
    // The administrator manages branches.
    const perm = await w.t.db
      .selectFrom('role_permission as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('p.name')
      .where('r.company_id', '=', w.admin.companyId)
      .where('r.name', '=', 'admin')
      .where('p.name', '=', 'manage branches')
      .execute();
    expect(perm).toHaveLength(1);
  });

  it('a company made later gets its first branch', async () => {
    const later = await registerCompany(w.t.app, 'Pawnshop Three');
    const branches = await branchesOf(later.companyId);
    expect(branches).toHaveLength(1);
    expect(branches[0]).toMatchObject({ name: 'Pawnshop Three', ticket_prefix: 'PT', last_ticket_number: 0 });
    expect(branches[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
