import type { VaultCount, VaultCountCreate } from '@kalinga/contracts/lending/vault';
import { compareCount, IN_VAULT_STATUSES } from '@kalinga/contracts/lending/vault-rules';
import type { DB } from '../../db/database';
import type { VaultCountRow } from '../../db/vault-tables';
import type { AuthContext } from '../../lib/auth-context';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { notFound } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import { actingBranch, requireOwnBranch } from './branch-context';
import { uuidTaken } from './lending-common';
import { findCount, findCountAnyCompany, insertCount, itemsInVault, listCounts } from './vault.repository';

// Vault counts (docs/decisions/0309-vault-counts.md): the tags the clerk found, compared on the server with the items
// its book has in the vault at that moment, and kept as the count found them.

function toCount(row: VaultCountRow): VaultCount {
  return {
    uuid: row.uuid,
    counted_by_name: row.counted_by_name,
    counted_at: row.counted_at,
    expected_count: row.expected_count,
    present_count: row.present_count,
    missing: JSON.parse(row.missing_json) as VaultCount['missing'],
    unexpected: JSON.parse(row.unexpected_json) as string[],
  };
}

/** Saves a count; its uuid keys it, so a repeat (a retry after a lost reply) answers the first count with 200. */
export async function createCount(db: DB, auth: AuthContext, input: VaultCountCreate): Promise<{ status: number; body: { data: VaultCount } }> {
  const repeat = async () => {
    const existing = await findCountAnyCompany(db, input.uuid);
    if (!existing) return null;
    if (existing.company_id !== auth.companyId) throw uuidTaken();
    // A repeat answers only a caller who could have counted it: one working at the counted branch.
    await requireOwnBranch(db, auth, existing.branch_id);
    return { status: 200, body: { data: toCount(existing) } };
  };
  const first = await repeat();
  if (first) return first;
  // The vault of the branch the clerk acts at (decision 0302): what it holds, not what is on its way elsewhere.
  const branch = await actingBranch(db, auth);
  const expected = await itemsInVault(db, auth.companyId, branch.id, IN_VAULT_STATUSES);
  const result = compareCount(expected, input.tags);
  try {
    const row = await insertCount(db, {
      company_id: auth.companyId,
      branch_id: branch.id,
      uuid: input.uuid,
      counted_by: auth.user.id,
      counted_by_name: auth.user.name,
      counted_at: nowIso(),
      expected_count: expected.length,
      present_count: result.present.length,
      missing_count: result.missing.length,
      unexpected_count: result.unexpected.length,
      missing_json: JSON.stringify(result.missing.map(({ uuid, tag_number, description }) => ({ uuid, tag_number, description }))),
      unexpected_json: JSON.stringify(result.unexpected),
    });
    return { status: 201, body: { data: toCount(row) } };
  } catch (err) {
    // The same count sent twice at once: the second finds the first's row.
    const raced = isUniqueViolation(err) ? await repeat() : null;
    if (raced) return raced;
    throw err;
  }
}

export async function getCount(db: DB, auth: AuthContext, uuid: string): Promise<{ data: VaultCount }> {
  const row = await findCount(db, auth.companyId, uuid);
  if (!row) throw notFound('Vault count');
  await requireOwnBranch(db, auth, row.branch_id);
  return { data: toCount(row) };
}

/** The acting branch's counts, newest first, with how many were missing and unexpected. */
export async function pastCounts(db: DB, auth: AuthContext, page: number, perPage: number) {
  const branch = await actingBranch(db, auth);
  const { rows, total } = await listCounts(db, auth.companyId, branch.id, page, perPage);
  return {
    data: rows.map((r) => ({
      uuid: r.uuid,
      counted_by_name: r.counted_by_name,
      counted_at: r.counted_at,
      expected_count: r.expected_count,
      present_count: r.present_count,
      missing_count: r.missing_count,
      unexpected_count: r.unexpected_count,
    })),
    meta: paginationMeta(page, perPage, total),
  };
}
