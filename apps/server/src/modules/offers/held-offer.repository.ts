import { sql } from 'kysely';
import type { DB } from '../../db/database';

// A freed slot or seat held for one person for a while (decisions 0152, 0279, 0300): the individual waitlist's offers
// (`waitlist_offers`, live while 'open') and a workshop's waitlist places (`group_waitlist`, live while 'offered')
// end the same way. Every end is one conditional statement on the live status, so of any number of requests or
// processes trying at once exactly one ends it, and only that one acts on it (books, passes the seat on, …).

/** The tables that hold offers, with how each ends. */
export interface OfferEnds {
  waitlist_offers: 'accepted' | 'declined' | 'expired' | 'withdrawn';
  group_waitlist: 'accepted' | 'left' | 'expired';
}
export type OfferTable = keyof OfferEnds;

const LIVE: Record<OfferTable, string> = { waitlist_offers: 'open', group_waitlist: 'offered' };

/**
 * When: 'within' ends it only while its hold lasts (taking the offer), 'lapsed' only once the hold ran out (expiring
 * it), 'any' either way (declining, letting it go, withdrawing it).
 */
export type OfferWhen = 'within' | 'lapsed' | 'any';

/** Ends one live offer of the company as `to`: true when this call ended it. */
export async function endOffer<T extends OfferTable>(db: DB, table: T, companyId: number, offerId: number, to: OfferEnds[T], now: string, when: OfferWhen): Promise<boolean> {
  const hold = when === 'within' ? sql` and expires_at > ${now}` : when === 'lapsed' ? sql` and expires_at <= ${now}` : sql``;
  const r = await sql`update ${sql.table(table)} set status = ${to}, answered_at = ${now} where id = ${offerId} and company_id = ${companyId} and status = ${LIVE[table]}${hold}`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Ends every live offer of the company whose hold ran out, at once (a pass that holds the company's waitlist lock). */
export async function expireLapsedOffers(db: DB, table: OfferTable, companyId: number, now: string): Promise<void> {
  await sql`update ${sql.table(table)} set status = 'expired', answered_at = ${now} where company_id = ${companyId} and status = ${LIVE[table]} and expires_at <= ${now}`.execute(db);
}

/** The company's hold (`settings.waitlist_hold_minutes`, shared by both waitlists): when an offer made `now` lapses. */
export async function holdEnd(db: DB, companyId: number, now: string): Promise<string> {
  const row = await db.selectFrom('settings').select('waitlist_hold_minutes').where('company_id', '=', companyId).executeTakeFirst();
  return new Date(Date.parse(now) + (row?.waitlist_hold_minutes ?? 30) * 60_000).toISOString();
}
