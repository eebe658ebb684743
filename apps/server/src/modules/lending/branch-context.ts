import { BRANCH_HEADER, branchTicketNumber } from '@kalinga/contracts/lending/branches';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden } from '../../lib/http-errors';
import { type BranchRow, branchesOfUser, listBranches, nextBranchTicketNumber } from './branches.repository';

// The branch a lending request acts at (docs/decisions/0302-acting-branch.md): the device sends the branch its user
// picked in a header on every request (queued writes included); the server checks the user works there. A
// manager ('manage branches') works at every branch of the company.

const asked = new WeakMap<AuthContext, string>();

/** Remembers the branch header of each signed-in request, read later by actingBranch (one hook, after auth's). */
export function registerBranchHeader(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const value = request.headers[BRANCH_HEADER];
    if (request.authContext && typeof value === 'string' && value !== '') asked.set(request.authContext, value);
  });
}

/**
 * The same caller acting at the branch a queued write was made at (decision 0322): a batch's mutation carries its
 * own branch, checked by actingBranch like the header. The copy is the mutation's alone; the request's stays as it is.
 */
export function actingAt(auth: AuthContext, branchId: number): AuthContext {
  const own = { ...auth };
  asked.set(own, String(branchId));
  return own;
}

export const isBranchManager = (auth: AuthContext): boolean => auth.permissions.has('manage branches');

/** The open branches the caller may act at: every one for a manager, else their own. */
export async function workableBranches(db: DB, auth: AuthContext): Promise<BranchRow[]> {
  return isBranchManager(auth) ? listBranches(db, auth.companyId) : branchesOfUser(db, auth.companyId, auth.user.id);
}

/** The ids of the branches whose book the caller keeps, or null for a manager (every branch). */
export async function ownBranchIds(db: DB, auth: AuthContext): Promise<number[] | null> {
  if (isBranchManager(auth)) return null;
  return (await branchesOfUser(db, auth.companyId, auth.user.id)).map((b) => b.id);
}

export const NOT_YOUR_BRANCH = 'You do not work at this branch.';
export const NO_BRANCH = 'You work at no branch yet: ask a manager to add you to one.';

/** The branch this request acts at: the one its header names (403 when the caller does not work there), else the caller's oldest. */
export async function actingBranch(db: DB, auth: AuthContext): Promise<BranchRow> {
  const branches = await workableBranches(db, auth);
  const named = asked.get(auth);
  if (named !== undefined) {
    const branch = branches.find((b) => String(b.id) === named);
    if (!branch) throw forbidden(NOT_YOUR_BRANCH);
    return branch;
  }
  if (branches.length === 0) throw forbidden(NO_BRANCH);
  // No branch named (a call from a script, an older device): the oldest the caller works at, for a manager the
  // company's first, the one it was made with; never one that depends on how the branches are named.
  return branches.reduce((oldest, b) => (b.id < oldest.id ? b : oldest));
}

/**
 * Refuses (403) a write on a row of a branch the caller does not work at: only renewing, extending, redeeming and
 * paying reach every branch of the company (decision 0302); a manager reaches every branch.
 */
export async function requireOwnBranch(db: DB, auth: AuthContext, branchId: number | null): Promise<void> {
  const own = await ownBranchIds(db, auth);
  if (own === null || branchId === null) return;
  if (!own.includes(branchId)) throw forbidden(NOT_YOUR_BRANCH);
}

/** The next ticket number of the branch's own series, e.g. MKT-2026-000124 (decision 0301). */
export async function nextTicket(trx: DB, companyId: number, branchId: number, loanDate: string): Promise<string> {
  const { prefix, n } = await nextBranchTicketNumber(trx, companyId, branchId);
  return branchTicketNumber(prefix, loanDate, n);
}
