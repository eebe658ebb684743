import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, PawnNoticesTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';

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
  'customers.uuid as customer_uuid',
  'customers.first_name',
  'customers.last_name',
  'customers.address as customer_address',
  'customers.email as customer_email',
] as const;

function ticketsOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('loans')
    .innerJoin('customers', 'customers.id', 'loans.customer_id')
    .where('loans.company_id', '=', companyId);
}

export type TicketRow = Awaited<ReturnType<typeof findTicket>> & object;

/** One ticket of the company, by its uuid. */
export function findTicket(db: DB, companyId: number, uuid: string) {
  return ticketsOf(db, companyId).select(ticketColumns).where('loans.uuid', '=', uuid).executeTakeFirst();
}

/** Active tickets whose redemption period ends from `from` to `to`, soonest first, one page of them and the count. */
export async function listTicketsEnding(db: DB, companyId: number, range: { from: string; to: string; page: number; perPage: number }) {
  const base = ticketsOf(db, companyId).where('loans.status', '=', 'active').where('loans.expiry_date', '>=', range.from).where('loans.expiry_date', '<=', range.to);
  const [rows, count] = await Promise.all([
    base.select(ticketColumns).orderBy('loans.expiry_date').orderBy('loans.id').limit(range.perPage).offset(offsetOf(range.page, range.perPage)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The items of these loans, by loan id. */
export async function itemsOfLoans(db: DB, loanIds: readonly number[]) {
  const byLoan = new Map<number, { description: string; appraisal_value: number }[]>();
  if (loanIds.length === 0) return byLoan;
  const rows = await db.selectFrom('items').select(['loan_id', 'description', 'appraisal_value']).where('loan_id', 'in', [...loanIds]).orderBy('id').execute();
  for (const r of rows) byLoan.set(r.loan_id, [...(byLoan.get(r.loan_id) ?? []), { description: r.description, appraisal_value: Number(r.appraisal_value) }]);
  return byLoan;
}

/** The notices of these loans, by loan id, with the name of who sent each. */
export async function noticesOfLoans(db: DB, loanIds: readonly number[]): Promise<Map<number, PawnNoticeRow>> {
  const byLoan = new Map<number, PawnNoticeRow>();
  if (loanIds.length === 0) return byLoan;
  const rows = await db
    .selectFrom('pawn_notices')
    .leftJoin('users', 'users.id', 'pawn_notices.sent_by')
    .selectAll('pawn_notices')
    .select('users.name as sent_by_name')
    .where('pawn_notices.loan_id', 'in', [...loanIds])
    .execute();
  for (const r of rows) byLoan.set(r.loan_id, r);
  return byLoan;
}

/**
 * Records a ticket's notice if the ticket is still active, its period not ended on `today`, and it has no notice yet:
 * one statement (an insert from the loan's row, against the unique loan_id), so of two sends at once (two clicks,
 * tabs or server processes) exactly one inserts, and a ticket redeemed meanwhile gets none. Returns the new row, or
 * undefined when nothing was written (the caller reads why).
 */
export async function insertNoticeOnce(
  db: DB,
  n: { companyId: number; loanUuid: string; today: string; amountDue: number; email: string | null; sentBy: number; sentAt: string },
) {
  return db
    .insertInto('pawn_notices')
    .columns(['company_id', 'loan_id', 'expiry_date', 'amount_due', 'email', 'email_status', 'sent_by', 'sent_at'])
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

/** How the notice's email went. */
export async function setNoticeEmailStatus(db: DB, id: number, status: 'sent' | 'failed', error: string | null): Promise<void> {
  await db.updateTable('pawn_notices').set({ email_status: status, email_error: error }).where('id', '=', id).where('email_status', '=', 'sending').execute();
}

/** Forfeited tickets' items not sold yet (forfeited, or put up for sale), newest forfeiture first, one page and the count. */
export async function listAuctionItems(db: DB, companyId: number, page: { page: number; perPage: number }) {
  const base = ticketsOf(db, companyId).innerJoin('items', 'items.loan_id', 'loans.id').where('loans.status', '=', 'forfeited').where('items.status', 'in', ['forfeited', 'for_sale']);
  const [rows, count] = await Promise.all([
    base
      .select(ticketColumns)
      .select(['items.uuid as item_uuid', 'items.description', 'items.status as item_status', 'items.appraisal_value', 'items.selling_price'])
      .orderBy('loans.forfeiture_date', 'desc')
      .orderBy('items.id')
      .limit(page.perPage)
      .offset(offsetOf(page.page, page.perPage))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
