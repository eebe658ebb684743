import { randomUUID } from 'node:crypto';
import type { Branch, BranchInput } from '@kalinga/contracts/lending/branches';
import { cashEffect } from '@kalinga/contracts/lending/register';
import { toPesos } from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { notFound, unprocessable } from '../../lib/http-errors';
import { findMembership } from '../companies/company.repository';
import { type BranchRow, entriesOfDayByBranch, findBranch, findBranchByPrefix, insertBranch, listBranches, setUserBranches, updateBranch, usersOfBranches } from './branches.repository';
import { isBranchManager, ownBranchIds, workableBranches } from './branch-context';
import { lockCounselors } from '../../db/locks';
import { counterDay } from './lending-common';

// A manager keeps the company's branches and who works where (docs/decisions/0301-branches-schema.md).

export const PREFIX_TAKEN = 'Another branch already uses this ticket prefix.';
export const NOT_A_BRANCH = 'Choose branches of this company.';

function toBranch(row: BranchRow, userIds: number[]): Branch {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    address: row.address,
    bsp_registration: row.bsp_registration,
    ticket_prefix: row.ticket_prefix,
    last_ticket_number: Number(row.last_ticket_number),
    deleted: Number(row.deleted) === 1,
    user_ids: userIds,
  };
}

/** The company's branches (closed ones too for a manager); who works at each only for a manager. */
export async function branchList(db: DB, auth: AuthContext): Promise<{ data: Branch[] }> {
  const manager = isBranchManager(auth);
  const rows = await listBranches(db, auth.companyId, { withDeleted: manager });
  const staff = manager ? await usersOfBranches(db, auth.companyId) : [];
  return { data: rows.map((r) => toBranch(r, staff.filter((s) => s.branch_id === r.id).map((s) => s.user_id))) };
}

/** The branches the caller may pick to work at. */
export async function myBranches(db: DB, auth: AuthContext): Promise<{ data: Branch[] }> {
  return { data: (await workableBranches(db, auth)).map((r) => toBranch(r, [])) };
}

async function refuseTakenPrefix(db: DB, companyId: number, prefix: string, except?: number): Promise<void> {
  const other = await findBranchByPrefix(db, companyId, prefix);
  if (other && other.id !== except) throw unprocessable({ ticket_prefix: [PREFIX_TAKEN] });
}

export async function createBranch(db: DB, auth: AuthContext, input: BranchInput): Promise<{ data: Branch }> {
  return db.transaction().execute(async (trx) => {
    await refuseTakenPrefix(trx, auth.companyId, input.ticket_prefix);
    const now = new Date().toISOString();
    const row = await insertBranch(trx, {
      company_id: auth.companyId,
      uuid: randomUUID(),
      name: input.name,
      address: input.address || null,
      bsp_registration: input.bsp_registration || null,
      ticket_prefix: input.ticket_prefix,
      deleted: input.deleted ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    return { data: toBranch(row, []) };
  });
}

/** Changes a branch; its series keeps counting (a new prefix starts from the number reached). */
export async function editBranch(db: DB, auth: AuthContext, branchId: number, input: BranchInput): Promise<{ data: Branch }> {
  return db.transaction().execute(async (trx) => {
    if (!(await findBranch(trx, auth.companyId, branchId))) throw notFound('Branch');
    await refuseTakenPrefix(trx, auth.companyId, input.ticket_prefix, branchId);
    const row = await updateBranch(trx, auth.companyId, branchId, {
      name: input.name,
      address: input.address || null,
      bsp_registration: input.bsp_registration || null,
      ticket_prefix: input.ticket_prefix,
      ...(input.deleted !== undefined && { deleted: input.deleted ? 1 : 0 }),
      updated_at: new Date().toISOString(),
    });
    if (!row) throw notFound('Branch');
    const staff = (await usersOfBranches(trx, auth.companyId)).filter((s) => s.branch_id === branchId).map((s) => s.user_id);
    return { data: toBranch(row, staff) };
  });
}

/** The branches a member of the company works at become exactly these. */
export async function assignUser(db: DB, auth: AuthContext, userId: number, branchIds: readonly number[]): Promise<{ data: { user_id: number; branch_ids: number[] } }> {
  return db.transaction().execute(async (trx) => {
    if (!(await findMembership(trx, userId, auth.companyId))) throw notFound('User');
    // The member's row (company_user) is held until the end: a second assignment of the same user waits, then
    // replaces this one whole (its delete sees these rows), never mixing with it or failing on its rows.
    await lockCounselors(trx, auth.companyId, [userId]);
    const ids = [...new Set(branchIds)];
    const open = new Set((await listBranches(trx, auth.companyId)).map((b) => b.id));
    if (ids.some((id) => !open.has(id))) throw unprocessable({ branch_ids: [NOT_A_BRANCH] });
    await setUserBranches(trx, auth.companyId, userId, ids);
    return { data: { user_id: userId, branch_ids: ids } };
  });
}

/** The day's cash at each branch the caller may see (a manager: every branch): money in, out and the net, in pesos. */
export async function branchCash(db: DB, auth: AuthContext, day: string | undefined) {
  const date = day ?? counterDay(auth).today;
  const own = await ownBranchIds(db, auth);
  const branches = (await listBranches(db, auth.companyId, { withDeleted: true })).filter((b) => own === null || own.includes(b.id));
  const entries = await entriesOfDayByBranch(db, auth.companyId, date, own);
  const data = branches.map((b) => {
    let cashIn = 0;
    let cashOut = 0;
    let count = 0;
    for (const e of entries) {
      if (e.branch_id !== b.id) continue;
      count++;
      const effect = cashEffect({ uuid: e.uuid, type: e.type, amount: Number(e.amount), reverses_uuid: e.reverses_uuid });
      if (effect >= 0) cashIn += effect;
      else cashOut -= effect;
    }
    return { branch_id: b.id, name: b.name, entries: count, cash_in: toPesos(cashIn), cash_out: toPesos(cashOut), net: toPesos(cashIn - cashOut) };
  });
  return { day: date, data: data.filter((r) => r.entries > 0 || Number(branches.find((b) => b.id === r.branch_id)?.deleted) === 0) };
}
