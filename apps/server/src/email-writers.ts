import { accessEmail, ownPasswordSetEmail } from './modules/notifications/access-email';
import { GROUP_EMAIL_WRITERS } from './modules/groups/group-emails';
import { appointmentEmail } from './modules/notifications/email-content';
import { type EmailWriter, type EmailWriters, recipientLanguage } from './modules/notifications/email-registry';
import { urgentEmail } from './modules/notifications/urgent-email';
import { waitlistOfferEmail } from './modules/notifications/waitlist-email';
import { type Language, LOCALES } from '@kalinga/contracts/languages';
import { noticeAuction } from '@kalinga/contracts/lending/notice-rules';
import { toPesos } from '@kalinga/contracts/lending/rules';
import { t } from './lib/i18n';
import { shopOf } from './modules/lending/pawn-notice-email';
import { itemsOfLoans, noticeForEmail } from './modules/lending/pawn-notice.repository';
import { recipientOf } from './modules/notifications/email-reads.repository';
import { escapeHtml, oneLine } from './modules/notifications/email-text';

// The registry of email writers (docs/decisions/0256-one-way-into-notifications.md): every kind of outbox email
// registers its writer here, the same way, whichever area owns it. It sits above the areas (like app.ts) so that the
// notification worker needs none of them; its type makes a kind without a writer an error.

// The pawn notice's email writer (decisions 0192, 0258): the printed letter's paragraphs, signed as the letter is by
// the branch the notice went out from (its name, address and BSP registration, decision 0324; a notice older than
// branches: the pawnshop's settings), to the address the notice recorded, with what the notice recorded (its period
// end, amount due and auction). It is written in the pawner's language (the customer's, decision 0291), else the
// site's default. English is `noticeLines` word for word. It sits above the areas with the registry because it reads
// lending's notice and is registered with notifications' writers.

export interface PawnNoticePayload {
  /** The branch's name (else the pawnshop's), its address and BSP registration: who sends and signs the notice. */
  shop: string;
  shopAddress: string | null;
  registration: string | null;
  pawner: string;
  ticket: string;
  /** The redemption period's end (YYYY-MM-DD) and the amount due then (pesos). */
  expiry: string;
  amountDue: number;
  items: string[];
  /** The auction the notice named (YYYY-MM-DD); null: none named. */
  auction: { date: string | null; place: string | null } | null;
}

const dayIn = (language: Language, date: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const pesosIn = (language: Language, pesos: number) => new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'PHP' }).format(pesos);

/** The notice's paragraphs in a language. */
export function pawnNoticeLines(p: PawnNoticePayload, language: Language): string[] {
  const named = p.auction?.date || p.auction?.place ? 'yes' : 'no';
  const when = p.auction?.date ? t(language, 'email.pawnNotice.auctionOn', { date: dayIn(language, p.auction.date) }) : '';
  const where = p.auction?.place ? t(language, 'email.pawnNotice.auctionAt', { place: p.auction.place }) : '';
  return [
    t(language, 'email.pawnNotice.remind', { ticket: p.ticket, expiry: dayIn(language, p.expiry) }),
    t(language, 'email.pawnNotice.pawned', { items: p.items.join('; ') }),
    t(language, 'email.pawnNotice.toRedeem', { amount: pesosIn(language, p.amountDue) }),
    t(language, 'email.pawnNotice.auction', { named, when, where }),
  ];
}

export const pawnNoticeEmail: EmailWriter<PawnNoticePayload> = {
  gone: 'The notice no longer exists.',
  async read(db, row) {
    if (row.pawn_notice_id === null) return undefined;
    const n = await noticeForEmail(db, row.company_id, row.pawn_notice_id);
    if (!n?.email) return undefined;
    const [shop, items, clerk] = await Promise.all([shopOf(db, row.company_id), itemsOfLoans(db, row.company_id, [n.loan_id]), recipientOf(db, row.company_id, row.recipient_id)]);
    const pawner = `${n.first_name} ${n.last_name}`;
    // The auction the notice recorded when it was sent (one sent before it was recorded: the settings now).
    const auction = n.auction_recorded === 1 ? { pawn_auction_date: n.auction_date, pawn_auction_place: n.auction_place } : { pawn_auction_date: shop.auctionDate, pawn_auction_place: shop.auctionPlace };
    return {
      to: { name: pawner, address: n.email },
      fromName: n.branch_name || shop.name,
      language: recipientLanguage(n.pawner_language, clerk?.company_language),
      payload: {
        shop: n.branch_name || shop.name,
        shopAddress: n.branch_address || shop.address,
        registration: n.branch_bsp_registration || shop.registration,
        pawner,
        ticket: n.pawn_ticket_number,
        expiry: n.expiry_date,
        amountDue: toPesos(Number(n.amount_due)),
        items: (items.get(n.loan_id) ?? []).map((i) => i.description),
        auction: noticeAuction(auction, n.expiry_date),
      },
    };
  },
  write(p, language) {
    const lines = pawnNoticeLines(p, language).map(oneLine);
    const sign = [
      oneLine(p.shop),
      ...(p.shopAddress ? [oneLine(p.shopAddress)] : []),
      ...(p.registration ? [oneLine(t(language, 'email.pawnNotice.registration', { registration: p.registration }))] : []),
    ];
    const dear = t(language, 'email.pawnNotice.dear', { name: oneLine(p.pawner) });
    const text = [dear, '', ...lines.flatMap((l) => [l, '']), ...sign, ''].join('\n');
    const html = [
      `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
      `<p>${escapeHtml(dear)}</p>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p>${sign.map(escapeHtml).join('<br>')}</p>`,
      '</body></html>',
    ].join('\n');
    return { subject: t(language, 'email.pawnNotice.subject', { ticket: p.ticket }), text, html };
  },
};

export const EMAIL_WRITERS: EmailWriters = {
  booked: appointmentEmail,
  confirmed: appointmentEmail,
  cancelled: appointmentEmail,
  rescheduled: appointmentEmail,
  completed: appointmentEmail,
  reminder: appointmentEmail,
  urgent: urgentEmail,
  waitlist_offer: waitlistOfferEmail,
  break_glass: accessEmail,
  clinical_access: accessEmail,
  password_set: accessEmail,
  care_team_booking: accessEmail,
  own_password_set: ownPasswordSetEmail,
  pawn_notice: pawnNoticeEmail,
  ...(GROUP_EMAIL_WRITERS as Record<keyof typeof GROUP_EMAIL_WRITERS, EmailWriter<unknown>>),
};
