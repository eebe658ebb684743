import { loanFigures } from '@kalinga/contracts/lending/figures';
import { DEFAULT_NOTICE_DAYS, NOTICE_ALREADY_SENT, noticeAmountDue, noticeProblem, noticeWindowEnd } from '@kalinga/contracts/lending/notice-rules';
import type { AuctionListReply, NoticeListQuery, NoticeListReply, NoticeReply, NoticeRow, PawnNotice } from '@kalinga/contracts/lending/notices';
import { toPesos } from '@kalinga/contracts/lending/rules';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { conflict, notFound } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import type { AuthContext } from '../../lib/auth-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { counterDay } from './lending-common';
import { ownBranchIds } from './branch-context';
import { findTicket, insertNoticeOnce, itemsOfLoans, markNoticeSent, listAuctionItems, listTicketsEnding, noticesOfLoans, type PawnNoticeRow, queueNoticeEmail, type TicketRow } from './pawn-notice.repository';
import { dayWords, shopOf } from './pawn-notice-email';
import { todayIn } from '@kalinga/contracts/zone-time';
import { isLanguage } from '@kalinga/contracts/languages';

// The notices before redemption periods end (decision 0184) and the auction list (decision 0185).

const pesos = (centavos: number | string) => toPesos(Number(centavos));
function toNotice(n: PawnNoticeRow | undefined): PawnNotice | null {
  if (!n) return null;
  const auction = n.auction_recorded === 1 ? { date: n.auction_date, place: n.auction_place } : null;
  return { sent_at: n.sent_at, sent_by: n.sent_by_name, expiry_date: n.expiry_date, amount_due: pesos(n.amount_due), email: n.email, email_status: n.email_status, email_error: n.email_error, auction };
}

function ticketFields(t: TicketRow) {
  return {
    loan_uuid: t.loan_uuid,
    pawn_ticket_number: t.pawn_ticket_number,
    customer_uuid: t.customer_uuid,
    customer_name: `${t.first_name} ${t.last_name}`,
    customer_address: t.customer_address,
    customer_language: isLanguage(t.customer_language) ? t.customer_language : null,
    customer_email: t.customer_email,
    loan_date: t.loan_date,
    maturity_date: t.maturity_date,
    expiry_date: t.expiry_date,
    loan_amount: pesos(t.loan_amount),
    branch: t.branch_name === null ? null : { name: t.branch_name, address: t.branch_address, bsp_registration: t.branch_bsp_registration },
  };
}

async function noticeRows(db: DB, companyId: number, tickets: TicketRow[]): Promise<NoticeRow[]> {
  const ids = tickets.map((t) => t.loan_id);
  const [items, notices] = await Promise.all([itemsOfLoans(db, companyId, ids), noticesOfLoans(db, companyId, ids)]);
  return tickets.map((t) => ({
    ...ticketFields(t),
    status: t.status,
    amount_due: toPesos(noticeAmountDue(loanFigures(t, 'centavos'))),
    items: (items.get(t.loan_id) ?? []).map((i) => ({ description: i.description, appraisal_value: toPesos(i.appraisal_value) })),
    notice: toNotice(notices.get(t.loan_id)),
  }));
}

/** Active tickets whose redemption period ends from today to today + the shop's days (or `within_days`), with their notices. */
export async function listNotices(db: DB, auth: AuthContext, query: NoticeListQuery, emailConfigured: boolean): Promise<NoticeListReply> {
  const { today } = counterDay(auth);
  const days = query.within_days ?? (await shopOf(db, auth.companyId)).noticeDays ?? DEFAULT_NOTICE_DAYS;
  // A list is the caller's branches' (a manager: every branch), as the loans list is (decision 0324).
  const branchIds = await ownBranchIds(db, auth);
  const { rows, total } = await listTicketsEnding(db, auth.companyId, { from: today, to: noticeWindowEnd(today, days), page: query.page, perPage: query.per_page, branchIds });
  return { data: await noticeRows(db, auth.companyId, rows), meta: paginationMeta(query.page, query.per_page, total), within_days: days, today, email_configured: emailConfigured };
}

/** One ticket with its notice (the letter prints from it); another company's ticket is not found. */
export async function getNotice(db: DB, auth: AuthContext, uuid: string): Promise<NoticeRow> {
  const ticket = await findTicket(db, auth.companyId, uuid);
  if (!ticket) throw notFound('Loan');
  return (await noticeRows(db, auth.companyId, [ticket]))[0];
}

/**
 * Records the ticket's notice once and, when the pawner has an email address and the server sends email, queues its
 * email in the outbox in the same transaction (decision 0192): the worker sends it once, tries again after a
 * failure, and a process stopping in between leaves it queued, not lost. A second send (at once or later) is
 * refused with the date of the first; with the Idempotency-Key a repeat of the same send answers the first result.
 */
export async function sendNotice(app: FastifyInstance, auth: AuthContext, wk: WriteKey, uuid: string): Promise<WriteReply<NoticeReply>> {
  const { today } = counterDay(auth);
  const ticket = await findTicket(app.db, auth.companyId, uuid);
  if (!ticket) throw notFound('Loan');
  const amountDue = noticeAmountDue(loanFigures(ticket, 'centavos'));
  const email = ticket.customer_email && app.config.email ? ticket.customer_email : null;
  // The auction as the settings name it now is what this notice says, for good (decision 0194).
  const shop = await shopOf(app.db, auth.companyId);
  const auction = { date: shop.auctionDate, place: shop.auctionPlace };
  return runWrite<NoticeReply>(
    app.db,
    auth,
    wk,
    async ({ trx, now, version }) => {
      const inserted = await insertNoticeOnce(trx, { companyId: auth.companyId, loanUuid: uuid, today, amountDue, email, sentBy: auth.user.id, sentAt: now, auction });
      if (!inserted) {
        const [row] = await noticeRows(trx, auth.companyId, [ticket]);
        if (row.notice) throw conflict(NOTICE_ALREADY_SENT(dayWords(todayIn(auth.company.timezone, new Date(row.notice.sent_at)))));
        const current = await findTicket(trx, auth.companyId, uuid);
        throw conflict(noticeProblem(current ?? ticket, today) ?? 'The notice could not be recorded; try again.');
      }
      // The loan row says it too, stamped with this write's version: the offline book learns it by the pull (decision 0217).
      await markNoticeSent(trx, auth.companyId, inserted.loan_id, now, version);
      if (email) await queueNoticeEmail(trx, { companyId: auth.companyId, noticeId: inserted.id, sentBy: auth.user.id, now });
      return { status: 201, body: { data: (await noticeRows(trx, auth.companyId, [ticket]))[0] } };
    },
    async (db) => ({ data: await getNotice(db, auth, uuid) }),
  );
}

/** Forfeited items not sold yet, with their tickets' dates and what the notice recorded. */
export async function listAuction(db: DB, auth: AuthContext, query: { page: number; per_page: number }): Promise<AuctionListReply> {
  const { rows, total } = await listAuctionItems(db, auth.companyId, { page: query.page, perPage: query.per_page, branchIds: await ownBranchIds(db, auth) });
  const notices = await noticesOfLoans(db, auth.companyId, [...new Set(rows.map((r) => r.loan_id))]);
  return {
    data: rows.map((r) => ({
      ...ticketFields(r),
      item_uuid: r.item_uuid,
      description: r.description,
      item_status: r.item_status,
      appraisal_value: pesos(r.appraisal_value),
      selling_price: r.selling_price === null ? null : pesos(r.selling_price),
      forfeiture_date: r.forfeiture_date,
      notice: toNotice(notices.get(r.loan_id)),
      forfeit_override: r.forfeit_reason === null ? null : { reason: r.forfeit_reason, by: r.forfeit_override_name },
    })),
    meta: paginationMeta(query.page, query.per_page, total),
  };
}
