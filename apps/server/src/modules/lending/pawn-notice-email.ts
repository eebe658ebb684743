import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { shopSettings } from './pawn-notice.repository';

// The shop a notice names and a date in its words. The notice's email itself is written by its writer in
// src/email-writers.ts, signed by the ticket's branch (decision 0338).

export const dayWords = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

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
