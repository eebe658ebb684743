import { NOTICE_SUBJECT, noticeAuction, noticeLines, type NoticeWords } from '@kalinga/contracts/lending/notice-rules';
import { toPesos } from '@kalinga/contracts/lending/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { type EmailMessage, escapeHtml, oneLine } from '../notifications/email-text';
import type { OutboxRow } from '../notifications/outbox.repository';
import { itemsOfLoans, noticeForEmail, shopSettings } from './pawn-notice.repository';

// The notice's email (decisions 0184, 0192): the words of the printed letter (noticeLines), signed by the shop. It is
// sent by the notification worker from the outbox row written with the notice, and says what the notice recorded.

export const dayWords = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
export const pesoWords = (pesos: number) => new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(pesos);

/** The shop as its notices name it (site settings: the pawnshop's own name and address first, decision 0220). */
export async function shopOf(db: Kysely<Database>, companyId: number) {
  const s = await shopSettings(db, companyId);
  return {
    name: s?.pawnshop_name || s?.business_name || s?.site_name || 'The pawnshop',
    address: s?.pawnshop_address || s?.business_address || null,
    registration: s?.bsp_registration || null,
    noticeDays: s?.pawn_notice_days ?? null,
    auctionDate: s?.pawn_auction_date ?? null,
    auctionPlace: s?.pawn_auction_place ?? null,
  };
}

/** The auction the notice names (decision 0194), its date in words: what the settings said when it was sent. */
export function auctionWords(shop: { auctionDate: string | null; auctionPlace: string | null }, expiryDate: string): NoticeWords['auction'] {
  const named = noticeAuction({ pawn_auction_date: shop.auctionDate, pawn_auction_place: shop.auctionPlace }, expiryDate);
  return named && { date: named.date && dayWords(named.date), place: named.place };
}

export function noticeEmail(to: { name: string; address: string }, w: NoticeWords, messageId: string): EmailMessage {
  const lines = noticeLines(w).map(oneLine);
  const sign = [oneLine(w.shop), ...(w.shopAddress ? [oneLine(w.shopAddress)] : [])];
  const text = [`Dear ${oneLine(w.pawner)},`, '', ...lines.flatMap((l) => [l, '']), ...sign, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Dear ${escapeHtml(w.pawner)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${sign.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: { name: oneLine(to.name), address: to.address }, fromName: oneLine(w.shop), subject: oneLine(NOTICE_SUBJECT(w.ticket)), text, html, messageId, ics: null };
}

/** The message of a pawn notice's outbox row, or undefined when the notice (or its address) is gone. */
export async function pawnNoticeOutboxEmail(db: Kysely<Database>, row: OutboxRow): Promise<EmailMessage | undefined> {
  if (row.pawn_notice_id === null) return undefined;
  const n = await noticeForEmail(db, row.company_id, row.pawn_notice_id);
  if (!n?.email) return undefined;
  const [shop, items] = await Promise.all([shopOf(db, row.company_id), itemsOfLoans(db, row.company_id, [n.loan_id])]);
  const pawner = `${n.first_name} ${n.last_name}`;
  const words: NoticeWords = {
    shop: shop.name,
    shopAddress: shop.address,
    pawner,
    ticket: n.pawn_ticket_number,
    expiry: dayWords(n.expiry_date),
    amountDue: pesoWords(toPesos(Number(n.amount_due))),
    items: (items.get(n.loan_id) ?? []).map((i) => i.description),
    // The auction the notice recorded when it was sent (one sent before it was recorded: the settings now).
    auction: auctionWords(n.auction_recorded === 1 ? { auctionDate: n.auction_date, auctionPlace: n.auction_place } : shop, n.expiry_date),
  };
  return noticeEmail({ name: pawner, address: n.email }, words, row.message_id);
}
