import type { Loan, LoanCreate, LoanListQuery, LoanUpdate } from '@kalinga/contracts/lending/schemas';
import {
  addDays,
  ADVANCE_LEAVES_NOTHING,
  LOAN_AMOUNT_TOO_HIGH,
  LOAN_DATE_IN_FUTURE,
  LOW_LOAN_NEEDS_REQUEST,
  newLoanFigures,
  newLoanProblem,
  toCentavos,
} from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import { categoryTerms } from '@kalinga/contracts/lending/terms';
import { kycProblem } from '@kalinga/contracts/lending/kyc-rules';
import { categoryTermsAt, sameTerms } from '../categories/category-terms.repository';
import type { CategoryRow, LoanRow } from '../../db/tables';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import type { AuthContext } from '../../lib/auth-context';
import { findCustomer } from './customer.repository';
import { recordFieldConflicts, sentFields } from './field-merge';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { findItemsAnyCompany, insertItems, itemsOfLoans } from './item.repository';
import { boundedDate, counterDay, recordBackdating, UUID_TAKEN, uuidTaken } from './lending-common';
import { toLoan } from './lending-replies';
import { countLoansOfCustomer, findLendingCategory, findLoan, findLoanAnyCompany, insertLoan, listLoans as listLoanRows, lockLoan, updateLoan as updateLoanRow } from './loan.repository';
import { actingBranch, nextTicket, NOT_YOUR_BRANCH, ownBranchIds, requireOwnBranch } from './branch-context';
import { kycSetting } from './lending-records.repository';
import { insertTransactions } from './transaction.repository';
import { metalColumns } from './metal-rate.service';
import type { OperationHandlers } from './operation-handler';

export const NO_CUSTOMER = 'The selected customer does not exist.';
export const NO_CATEGORY = 'The selected category does not exist.';
export const TERMS_NOT_CATEGORYS = "These terms are not the category's terms at the category version sent; sync the category and write the ticket again.";

type LoanReply = WriteReply<{ data: Loan }>;

/** The loan as it is now, for a late repeat of a write whose stored reply was pruned (decision 0105). */
const currentLoan = (auth: AuthContext, uuid: string) => async (db: DB) => ({ data: await getLoan(db, auth, uuid) });

/**
 * The terms a new loan is written with (decision 0104). Without printed terms: the category's current ones. With
 * them: they must be the category's terms at the version the device printed from (422 on `terms` otherwise), and
 * they are kept even if the category changed since, which the loan records (terms_changed).
 */
async function termsOfNewLoan(trx: DB, category: CategoryRow, printed: LoanCreate['terms']) {
  const current = categoryTerms(category);
  if (!printed) return { terms: current, category_version: category.version, terms_changed: 0 };
  const { category_version: version, ...sent } = printed;
  // A category written before its terms were recorded (none at all) has only its current terms to go by.
  const then = (await categoryTermsAt(trx, category.company_id, category.id, version)) ?? current;
  if (!sameTerms(then, sent)) throw unprocessable({ terms: [TERMS_NOT_CATEGORYS] });
  return { terms: then, category_version: version, terms_changed: sameTerms(then, current) ? 0 : 1 };
}

/** The loans with their items, in the order given. */
export async function loansWithItems(db: DB, companyId: number, rows: readonly LoanRow[]): Promise<Loan[]> {
  const items = await itemsOfLoans(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toLoan(r, items));
}

async function loanReply(db: DB, row: LoanRow): Promise<Loan> {
  return (await loansWithItems(db, row.company_id, [row]))[0];
}

/** The category a loan or item names (by id or uuid), or a 422 on `field`. */
export async function requireCategory(db: DB, companyId: number, ref: { category_id?: number; category_uuid?: string }, field: string): Promise<CategoryRow> {
  const category = await findLendingCategory(db, companyId, { id: ref.category_id, uuid: ref.category_uuid });
  if (!category) throw unprocessable({ [field]: [NO_CATEGORY] });
  return category;
}

/** Refuses item uuids sent twice or already used (in this company or another): 422 on the item's field. */
export async function refuseTakenItemUuids(db: DB, uuids: readonly string[], fieldOf: (index: number) => string): Promise<void> {
  const errors: Record<string, string[]> = {};
  uuids.forEach((u, i) => {
    if (uuids.indexOf(u) !== i) errors[fieldOf(i)] = ['The item uuid appears more than once.'];
  });
  const taken = new Set((await findItemsAnyCompany(db, uuids)).map((r) => r.uuid));
  uuids.forEach((u, i) => {
    if (taken.has(u)) errors[fieldOf(i)] = [UUID_TAKEN];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * Writes a pawn ticket: the loan (server-made ticket number, maturity, expiry and charges from the category's
 * terms), its items and the disbursement. Keyed by the client's uuid: a repeat returns the loan as it is (200).
 */
async function kycThreshold(db: DB, companyId: number): Promise<number | null> {
  const row = await kycSetting(db, companyId);
  return row?.kyc_loan_threshold === null || row?.kyc_loan_threshold === undefined ? null : Number(row.kyc_loan_threshold);
}

async function loansOfCustomer(db: DB, companyId: number, customerId: number): Promise<number> {
  return countLoansOfCustomer(db, companyId, customerId);
}

/** The same ticket again (its uuid): the loan as it is (200), writing nothing (decision 0380). */
const repeatedLoan = (auth: AuthContext, uuid: string) => async (trx: DB): Promise<LoanReply | null> => {
  const existing = await findLoanAnyCompany(trx, uuid);
  if (!existing) return null;
  if (existing.company_id !== auth.companyId) throw uuidTaken();
  // A repeat passes the first request's check: the caller works at the branch the loan was written at.
  await requireOwnBranch(trx, auth, existing.branch_id);
  return { status: 200, body: { data: await loanReply(trx, existing) } };
};

export function createLoan(db: DB, auth: AuthContext, wk: WriteKey, input: LoanCreate): Promise<LoanReply> {
  const companyId = auth.companyId;
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const customer = await findCustomer(trx, companyId, input.customer_uuid);
    if (!customer) throw unprocessable({ customer_uuid: [NO_CUSTOMER] });
    const category = await requireCategory(trx, companyId, input, 'category_id');
    await refuseTakenItemUuids(
      trx,
      input.items.map((i) => i.uuid),
      (i) => `items.${i}.uuid`,
    );
    const itemCategories: CategoryRow[] = [];
    for (const [i, item] of input.items.entries()) {
      const named = item.category_id !== undefined || item.category_uuid !== undefined;
      itemCategories.push(named ? await requireCategory(trx, companyId, item, `items.${i}.category_id`) : category);
    }
    // Jewellery keeps the rate its appraisal used, however old (decision 0306).
    const metals: Awaited<ReturnType<typeof metalColumns>>[] = [];
    for (const [i, item] of input.items.entries()) metals.push(await metalColumns(trx, companyId, item, `items.${i}`));
    const appraisal = input.items.reduce((sum, i) => sum + toCentavos(i.appraisal_value), 0);
    const loanAmount = toCentavos(input.loan_amount);
    const dated = await boundedDate(trx, auth, { field: 'loan_date', label: 'loan date' }, input.loan_date, []);
    const writtenRequest = input.written_request === true;
    const problem = newLoanProblem({ loan_date: input.loan_date, loan_amount: loanAmount, appraisal_value: appraisal, today: dated.bound.latest, written_request: writtenRequest });
    if (problem === LOAN_DATE_IN_FUTURE) throw unprocessable({ loan_date: [problem] });
    if (problem === LOAN_AMOUNT_TOO_HIGH) throw unprocessable({ loan_amount: [problem] });
    if (problem === LOW_LOAN_NEEDS_REQUEST) throw unprocessable({ written_request: [problem] });
    // Read under runWrite's lock on the company's counter: a customer edit or another loan cannot slip in between.
    const kyc = kycProblem({ customer, loanAmount, threshold: await kycThreshold(trx, companyId), earlierLoans: await loansOfCustomer(trx, companyId, customer.id) });
    if (kyc) throw unprocessable({ customer_uuid: [kyc] });
    const kept = await termsOfNewLoan(trx, category, input.terms);
    const figures = newLoanFigures({ loan_date: input.loan_date, loan_amount: loanAmount, appraisal_value: appraisal, terms: kept.terms });
    if (figures.amount_disbursed <= 0) throw unprocessable({ loan_amount: [ADVANCE_LEAVES_NOTHING] });
    // Written at the acting branch, in its book and its own ticket series (decision 0301).
    const branch = await actingBranch(trx, auth);
    const ticket = await nextTicket(trx, companyId, branch.id, input.loan_date);
    const loan = await insertLoan(trx, {
      company_id: companyId,
      uuid: input.uuid,
      pawn_ticket_number: ticket,
      branch_id: branch.id,
      customer_id: customer.id,
      customer_uuid: customer.uuid,
      category_id: category.id,
      category_uuid: category.uuid,
      status: 'active',
      loan_date: input.loan_date,
      maturity_date: figures.maturity_date,
      expiry_date: figures.expiry_date,
      appraisal_value: appraisal,
      loan_amount: loanAmount,
      service_charge: figures.service_charge,
      interest_rate: kept.terms.interest_rate,
      penalty_rate: kept.terms.penalty_rate,
      category_version: kept.category_version,
      terms_changed: kept.terms_changed,
      written_request: writtenRequest ? 1 : 0,
      amount_disbursed: figures.amount_disbursed,
      // Deducted from the proceeds (decision 0219): the disbursement is the net; interest runs again after it.
      advance_interest: figures.advance_interest,
      interest_from: figures.interest_paid_to,
      paid_interest_amount: 0,
      paid_penalty_amount: 0,
      notes: input.notes ?? null,
      version,
      created_by: auth.user.id,
      created_at: now,
      updated_at: now,
    });
    const items = await insertItems(
      trx,
      input.items.map((item, i) => ({
        company_id: companyId,
        uuid: item.uuid,
        loan_id: loan.id,
        loan_uuid: loan.uuid,
        customer_uuid: customer.uuid,
        category_id: itemCategories[i].id,
        category_uuid: itemCategories[i].uuid,
        description: item.description,
        status: 'pawned' as const,
        appraisal_value: toCentavos(item.appraisal_value),
        market_value: item.market_value == null ? null : toCentavos(item.market_value),
        branch_id: branch.id,
        ...metals[i],
        version,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertTransactions(trx, { companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: loan.loan_date, branchId: branch.id }, [{ loan, type: 'disbursement', amount: figures.amount_disbursed }]);
    await recordBackdating(trx, auth, dated, { action: 'loan', loanUuid: loan.uuid, now });
    return { status: 201, body: { data: toLoan(loan, items) } };
  }, currentLoan(auth, input.uuid), repeatedLoan(auth, input.uuid));
}

/** Changes a ticket's remarks; its amounts and dates never change (docs/decisions/0060). A remark changed meanwhile elsewhere is recorded (0103). */
export function updateLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanUpdate): Promise<LoanReply> {
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const { was, ...fields } = input;
    const changes = sentFields(fields);
    const before = await lockLoan(trx, auth.companyId, uuid);
    if (!before) throw notFound('Loan');
    await requireOwnBranch(trx, auth, before.branch_id);
    await recordFieldConflicts(trx, auth, now, { table: 'loans', uuid }, { notes: before.notes }, changes, was);
    const row = await updateLoanRow(trx, auth.companyId, uuid, { ...changes, version, updated_at: now });
    if (!row) throw notFound('Loan');
    return { status: 200, body: { data: await loanReply(trx, row) } };
  }, currentLoan(auth, uuid));
}

export async function getLoan(db: DB, auth: AuthContext, uuid: string): Promise<Loan> {
  const row = await findLoan(db, auth.companyId, uuid);
  if (!row) throw notFound('Loan');
  return loanReply(db, row);
}

/**
 * The branches whose loans a list shows (decision 0324): a clerk's own, a manager's every one (undefined); a
 * `branch_id` narrows it to one, refused (403) to a clerk who does not work there.
 */
async function listedBranches(db: DB, auth: AuthContext, branchId: number | undefined): Promise<number[] | undefined> {
  const own = await ownBranchIds(db, auth);
  if (branchId === undefined) return own ?? undefined;
  if (own !== null && !own.includes(branchId)) throw forbidden(NOT_YOUR_BRANCH);
  return [branchId];
}

export async function listLoans(db: DB, auth: AuthContext, query: LoanListQuery) {
  const { today } = counterDay(auth);
  const { rows, total } = await listLoanRows(db, auth.companyId, {
    branchIds: await listedBranches(db, auth, query.branch_id),
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    customerUuid: query.customer_uuid,
    search: query.search || undefined,
    today,
    maturingUntil: addDays(today, query.maturing_within_days),
  });
  return { data: await loansWithItems(db, auth.companyId, rows), meta: paginationMeta(query.page, query.per_page, total) };
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const loanHandlers = {
  CREATE_LOAN: ({ app, auth, wk, body }) => createLoan(app.db, auth, wk, body),
  UPDATE_LOAN: ({ app, auth, wk, uuid, body }) => updateLoan(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
