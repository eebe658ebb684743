import { addDays, amountsDue, type LoanFigures, NOT_ACTIVE } from './rules';

// The notice a pawner gets before the redemption period of their ticket ends (decision 0184), and what the auction
// list shows of it (decision 0185). Pure: the server and the screens read the same rules.

/** Tickets whose period ends within this many days are listed to notify, unless the shop sets another number. */
export const DEFAULT_NOTICE_DAYS = 15;

export const NOTICE_PERIOD_ENDED = (expiry: string) => `The redemption period of this ticket ended on ${expiry}; the notice is sent before it ends.`;
export const NOTICE_ALREADY_SENT = (sentOn: string) => `A notice for this ticket was already sent on ${sentOn}.`;

/** The last day on which a ticket still gets its notice listed: today plus the shop's days. */
export const noticeWindowEnd = (today: string, days: number): string => addDays(today, days);

/** True when an active ticket's redemption period ends between today and today + days (both included). */
export function noticeDue(loan: Pick<LoanFigures, 'status' | 'expiry_date'>, today: string, days: number): boolean {
  return loan.status === 'active' && loan.expiry_date >= today && loan.expiry_date <= noticeWindowEnd(today, days);
}

/**
 * Why a notice may not be recorded for this ticket today, or null. Only an active ticket whose period has not ended
 * gets one; it may be sent earlier than the listed window (a pawner who asks), never after the period.
 */
export function noticeProblem(loan: Pick<LoanFigures, 'status' | 'expiry_date'>, today: string): string | null {
  if (loan.status !== 'active') return NOT_ACTIVE(loan.status);
  if (today > loan.expiry_date) return NOTICE_PERIOD_ENDED(loan.expiry_date);
  return null;
}

/** Centavos: what redeeming costs on the period's last day, the amount the notice states. */
export function noticeAmountDue(loan: LoanFigures): number {
  return amountsDue(loan, loan.expiry_date).redeem_total;
}

// ---------- what it says ----------

/** The notice's facts, formatted by the side that shows them. */
export interface NoticeWords {
  shop: string;
  shopAddress: string | null;
  pawner: string;
  ticket: string;
  expiry: string;
  amountDue: string;
  items: string[];
  /** The auction the pawn would go to (noticeAuction), its date already in words; null or left out: none named. */
  auction?: { date: string | null; place: string | null } | null;
}

/**
 * The shop's next auction as a notice names it (decision 0194), from the site settings: its place when set, and its
 * date when set and after the ticket's redemption period ends (an auction on or before that day cannot sell this
 * pawn). Null when neither is named.
 */
export function noticeAuction(settings: { pawn_auction_date?: string | null; pawn_auction_place?: string | null }, expiryDate: string): { date: string | null; place: string | null } | null {
  const date = settings.pawn_auction_date && settings.pawn_auction_date > expiryDate ? settings.pawn_auction_date : null;
  const place = settings.pawn_auction_place?.trim() || null;
  return date || place ? { date, place } : null;
}

/** The notice's last sentence: what follows an unredeemed pawn, with the auction's date and place when named. */
export function auctionSentence(auction: NoticeWords['auction']): string {
  const when = auction?.date ? ` on ${auction.date}` : '';
  const where = auction?.place ? ` at ${auction.place}` : '';
  const which = auction?.date || auction?.place ? 'the public auction' : 'a public auction';
  return `If the pawn is not redeemed or renewed by the end of the redemption period, it will be forfeited and may be sold at ${which}${when}${where}.`;
}

export const NOTICE_SUBJECT = (ticket: string) => `Pawn ticket ${ticket}: your redemption period is ending`;

/** The notice's paragraphs, the same in the email and the printed letter. It names no item's value. */
export function noticeLines(w: NoticeWords): string[] {
  return [
    `This is to remind you that the redemption period of your pawn ticket ${w.ticket} ends on ${w.expiry}.`,
    `Pawned: ${w.items.join('; ')}.`,
    `To redeem on or before that date, bring this notice or your pawn ticket and pay ${w.amountDue} (principal, interest and penalty up to that date). You may also renew the loan before then if its terms allow.`,
    auctionSentence(w.auction),
  ];
}
