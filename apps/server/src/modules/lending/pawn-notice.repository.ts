import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, PawnNoticesTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';
import { queueEmail } from '../notifications/notify.repository';

// Reads and writes of the notices before redemption periods end and of the auction list (decisions 0184, 0185).

export type PawnNoticeRow = Selectable<PawnNoticesTable> & { sent_by_name: string | null };

/** A ticket with its pawner, as the notice list, the letter and the auction list show it. */
const ticketColumns = [
  'loans.id as loan_id',
  'loans.uuid as loan_uuid',
  'loans.pawn_ticket_number',
  'loans.status',
  'loans.loan_date',
  'loans.maturity_date',
  'loans.expiry_date',
  'loans.forfeiture_date',
  'loans.loan_amount',
  'loans.interest_rate',
  'loans.penalty_rate',
  'loans.interest_from',
  'customers.uuid as customer_uuid',
  'customers.first_name',
  'customers.last_name',
  'customers.address as customer_address',
  'customers.language as customer_language',
  'customers.email as customer_email',
  // The branch whose book holds the ticket: the letter prints its details, as the ticket does (decision 0324).
  'branches.name as branch_name',
  'branches.address as branch_address',
  'branches.bsp_registration as branch_bsp_registration',
] as const;

function ticketsOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('loans')
    .innerJoin('customers', 'customers.id', 'loans.customer_id')
    .leftJoin('branches', (j) => j.onRef('branches.id', '=', 'loans.branch_id').onRef('branches.company_id', '=', 'loans.company_id'))
    .where('loans.company_id', '=', companyId);
}

export type TicketRow = Awaited<ReturnType<typeof findTicket>> & object;

/** One ticket of the company, by its uuid. */
export function findTicket(db: DB, companyId: number, uuid: string) {
  return ticketsOf(db, companyId).select(ticketColumns).where('loans.uuid', '=', uuid).executeTakeFirst();
}

/** Active tickets whose redemption period ends from `from` to `to`, soonest first, one page of them and the count. */
/** Narrows a list to the loans of these branches (null: every branch of the company; none: nothing). */
function ofBranches<Q extends ReturnType<typeof ticketsOf>>(query: Q, branchIds: readonly number[] | null): Q {
  if (branchIds === null) return query;
  return (branchIds.length > 0 ? query.where('loans.branch_id', 'in', [...branchIds]) : query.where(sql<boolean>`1 = 0`)) as Q;
}

export async function listTicketsEnding(db: DB, companyId: number, range: { from: string; to: string; page: number; perPage: number; branchIds: readonly number[] | null }) {
  const base = ofBranches(ticketsOf(db, companyId), range.branchIds).where('loans.status', '=', 'active').where('loans.expiry_date', '>=', range.from).where('loans.expiry_date', '<=', range.to);
  const [rows, count] = await Promise.all([
    base.select(ticketColumns).orderBy('loans.expiry_date').orderBy('loans.id').limit(range.perPage).offset(offsetOf(range.page, range.perPage)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The company's items of these loans, by loan id. */
export async function itemsOfLoans(db: DB, companyId: number, loanIds: readonly number[]) {
  const byLoan = new Map<number, { description: string; appraisal_value: number }[]>();
  if (loanIds.length === 0) return byLoan;
  const rows = await db.selectFrom('items').select(['loan_id', 'description', 'appraisal_value']).where('company_id', '=', companyId).where('loan_id', 'in', [...loanIds]).orderBy('id').execute();
  for (const r of rows) byLoan.set(r.loan_id, [...(byLoan.get(r.loan_id) ?? []), { description: r.description, appraisal_value: Number(r.appraisal_value) }]);
  return byLoan;
}

/** The notices of these loans, by loan id, with the name of who sent each and how its email (an outbox row) went. */
export async function noticesOfLoans(db: DB, companyId: number, loanIds: readonly number[]): Promise<Map<number, PawnNoticeRow>> {
  const byLoan = new Map<number, PawnNoticeRow>();
  if (loanIds.length === 0) return byLoan;
  const rows = await db
    .selectFrom('pawn_notices')
    .leftJoin('users', 'users.id', 'pawn_notices.sent_by')
    .leftJoin('outbox', 'outbox.pawn_notice_id', 'pawn_notices.id')
    .selectAll('pawn_notices')
    .select(['users.name as sent_by_name', 'outbox.status as outbox_status', 'outbox.last_error as outbox_error'])
    .where('pawn_notices.company_id', '=', companyId)
    .where('pawn_notices.loan_id', 'in', [...loanIds])
    .execute();
  for (const { outbox_status, outbox_error, ...r } of rows) byLoan.set(r.loan_id, { ...r, ...emailStatusOf(r, outbox_status, outbox_error) });
  return byLoan;
}

/**
 * How a notice's email went, read from its outbox row (decision 0192): pending is 'sending' (tried again after a
 * failure), sent, or failed for good (or cancelled: no mail server) with the reason. A notice without a row is as
 * recorded ('none': a letter; notices written before the outbox carried their own status).
 */
function emailStatusOf(n: Selectable<PawnNoticesTable>, status: string | null, error: string | null): Pick<PawnNoticeRow, 'email_status' | 'email_error'> {
  if (status === null) return { email_status: n.email_status, email_error: n.email_error };
  if (status === 'sent') return { email_status: 'sent', email_error: null };
  if (status === 'pending') return { email_status: 'sending', email_error: null };
  return { email_status: 'failed', email_error: error };
}

/**
 * Records a ticket's notice if the ticket is still active, its period not ended on `today`, and it has no notice yet:
 * one statement (an insert from the loan's row, against the unique loan_id), so of two sends at once (two clicks,
 * tabs or server processes) exactly one inserts, and a ticket redeemed meanwhile gets none. Returns the new row, or
 * undefined when nothing was written (the caller reads why).
 */
export async function insertNoticeOnce(
  db: DB,
  n: { companyId: number; loanUuid: string; today: string; amountDue: number; email: string | null; sentBy: number; sentAt: string; auction: { date: string | null; place: string | null } },
) {
  return db
    .insertInto('pawn_notices')
    .columns(['company_id', 'loan_id', 'expiry_date', 'amount_due', 'email', 'email_status', 'sent_by', 'sent_at', 'auction_date', 'auction_place', 'auction_recorded', 'branch_id'])
    .expression((eb) =>
      eb
        .selectFrom('loans')
        .select([
          'loans.company_id',
          'loans.id',
          'loans.expiry_date',
          sql<number>`cast(${n.amountDue} as bigint)`.as('amount_due'),
          sql<string | null>`cast(${n.email} as text)`.as('email'),
          sql<string>`cast(${n.email ? 'sending' : 'none'} as text)`.as('email_status'),
          sql<number>`cast(${n.sentBy} as integer)`.as('sent_by'),
          sql<string>`cast(${n.sentAt} as text)`.as('sent_at'),
          sql<string | null>`cast(${n.auction.date} as text)`.as('auction_date'),
          sql<string | null>`cast(${n.auction.place} as text)`.as('auction_place'),
          sql<number>`cast(1 as integer)`.as('auction_recorded'),
          // The letter goes out from the branch whose book holds the ticket (decision 0301).
          'loans.branch_id',
        ])
        .where('loans.company_id', '=', n.companyId)
        .where('loans.uuid', '=', n.loanUuid)
        .where('loans.status', '=', 'active')
        .where('loans.expiry_date', '>=', n.today),
    )
    .onConflict((oc) => oc.column('loan_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Stamps the loan with its notice's instant and the write's version, so the pull carries it to every device. */
export async function markNoticeSent(trx: DB, companyId: number, loanId: number, sentAt: string, version: number): Promise<void> {
  await trx.updateTable('loans').set({ notice_sent_at: sentAt, version, updated_at: sentAt }).where('company_id', '=', companyId).where('id', '=', loanId).execute();
}

/** Queues the notice's email in the outbox, in the notice's transaction (decision 0192): the worker sends it once. */
export async function queueNoticeEmail(trx: DB, n: { companyId: number; noticeId: number; sentBy: number; now: string }): Promise<void> {
  await queueEmail(trx, n.companyId, { kind: 'pawn_notice', recipient_id: n.sentBy, pawn_notice_id: n.noticeId, actor_id: n.sentBy }, n.now);
}

/** Forfeited tickets' items not sold yet (forfeited, or put up for sale), newest forfeiture first, one page and the count. */
export async function listAuctionItems(db: DB, companyId: number, page: { page: number; perPage: number; branchIds: readonly number[] | null }) {
  const base = ofBranches(ticketsOf(db, companyId), page.branchIds).innerJoin('items', 'items.loan_id', 'loans.id').where('loans.status', '=', 'forfeited').where('items.status', 'in', ['forfeited', 'for_sale']);
  const [rows, count] = await Promise.all([
    base
      .select(ticketColumns)
      .leftJoin('users as overrider', 'overrider.id', 'loans.forfeit_override_by')
      .select(['items.uuid as item_uuid', 'items.description', 'items.status as item_status', 'items.appraisal_value', 'items.selling_price'])
      .select(['loans.forfeit_reason', 'overrider.name as forfeit_override_name'])
      .orderBy('loans.forfeiture_date', 'desc')
      .orderBy('items.id')
      .limit(page.perPage)
      .offset(offsetOf(page.page, page.perPage))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The shop's names, address and notice settings, as its notices name them (decision 0220). */
export async function shopSettings(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('settings')
    .select(['site_name', 'business_name', 'business_address', 'pawnshop_name', 'pawnshop_address', 'bsp_registration', 'pawn_notice_days', 'pawn_auction_date', 'pawn_auction_place'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** A notice with its ticket and pawner, as its email shows them. */
export async function noticeForEmail(db: Kysely<Database>, companyId: number, noticeId: number) {
  return db
    .selectFrom('pawn_notices as n')
    .innerJoin('loans as l', 'l.id', 'n.loan_id')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    // The branch the notice went out from signs it, as on the letter (decision 0324); none: the pawnshop's settings.
    .leftJoin('branches as b', (j) => j.onRef('b.id', '=', 'n.branch_id').onRef('b.company_id', '=', 'n.company_id'))
    .select(['n.email', 'n.expiry_date', 'n.amount_due', 'n.auction_date', 'n.auction_place', 'n.auction_recorded', 'l.id as loan_id', 'l.pawn_ticket_number', 'c.first_name', 'c.last_name', 'c.language as pawner_language'])
    .select(['b.name as branch_name', 'b.address as branch_address', 'b.bsp_registration as branch_bsp_registration'])
    .where('n.id', '=', noticeId)
    .where('n.company_id', '=', companyId)
    .executeTakeFirst();
}
