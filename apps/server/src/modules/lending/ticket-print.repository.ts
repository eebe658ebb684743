import type { DB } from '../../db/database';

// The prints of pawn tickets (decision 0216): one row a print, keyed by the device's print uuid.

/**
 * A print by its uuid in ANY company, on purpose: a print's uuid is unique across companies, and the caller refuses
 * one taken by another company (or another loan) instead of merging into it, so this lookup must see beyond the company.
 */
export function findPrint(db: DB, uuid: string) {
  return db.selectFrom('ticket_prints').select(['company_id', 'loan_id']).where('uuid', '=', uuid).executeTakeFirst();
}

/** How many prints of the loan the server has recorded. */
export async function countPrints(db: DB, companyId: number, loanId: number): Promise<number> {
  const row = await db.selectFrom('ticket_prints').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('loan_id', '=', loanId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPrint(
  trx: DB,
  p: { companyId: number; uuid: string; loanId: number; userId: number; deviceId: string; printedAt: string; asReprint: boolean; now: string },
): Promise<void> {
  await trx
    .insertInto('ticket_prints')
    .values({ company_id: p.companyId, uuid: p.uuid, loan_id: p.loanId, user_id: p.userId, device_id: p.deviceId, printed_at: p.printedAt, as_reprint: p.asReprint ? 1 : 0, recorded_at: p.now })
    .execute();
}

/** The company's loan's print summary after one more print, stamped with the write's version. */
export function notePrint(trx: DB, companyId: number, loanId: number, p: { firstPrintedAt: string; conflict: boolean; version: number; now: string }) {
  return trx
    .updateTable('loans')
    .set((eb) => ({
      prints: eb('prints', '+', 1),
      first_printed_at: p.firstPrintedAt,
      ...(p.conflict && { print_conflict: 1 }),
      version: p.version,
      updated_at: p.now,
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', loanId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
