import type { LoanReply, TicketPrint } from '@kalinga/contracts/lending/schemas';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { uuidTaken } from './lending-common';
import { requireLoan } from './loan-actions.service';
import { getLoan, loansWithItems } from './loan.service';
import { countPrints, findPrint, insertPrint, notePrint } from './ticket-print.repository';
import type { OperationHandlers } from './operation-handler';

/**
 * Records one print of a ticket (decision 0216): who, when, on which device, and whether the device printed it as an
 * original. Keyed by the print's uuid (a repeat answers the loan as it is). An original arriving after any earlier
 * print means two originals are out: the loan is flagged, and every device sees it by the pull. The count and the
 * flag are read after the write's counter bump, so two prints of one loan are decided one after the other.
 */
export function recordTicketPrint(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: TicketPrint): Promise<WriteReply<LoanReply>> {
  return runWrite<LoanReply>(
    db,
    auth,
    wk,
    async ({ trx, version, now }) => {
      const loan = await requireLoan(trx, auth, uuid);
      const earlier = await countPrints(trx, auth.companyId, loan.id);
      await insertPrint(trx, { companyId: auth.companyId, uuid: input.print_uuid, loanId: loan.id, userId: auth.user.id, deviceId: input.device_id, printedAt: input.printed_at, asReprint: input.as_reprint, now });
      const printedAt = new Date(input.printed_at).toISOString();
      const firstPrintedAt = loan.first_printed_at && loan.first_printed_at < printedAt ? loan.first_printed_at : printedAt;
      const updated = await notePrint(trx, auth.companyId, loan.id, { firstPrintedAt, conflict: earlier > 0 && !input.as_reprint, version, now });
      return { status: 201, body: { data: (await loansWithItems(trx, auth.companyId, [updated]))[0] } };
    },
    async (read) => ({ data: await getLoan(read, auth, uuid) }),
    // The same print again (its uuid): the loan as it is (200), writing nothing (decision 0380).
    async (trx) => {
      const loan = await requireLoan(trx, auth, uuid);
      const seen = await findPrint(trx, input.print_uuid);
      if (!seen) return null;
      if (seen.company_id !== auth.companyId || seen.loan_id !== loan.id) throw uuidTaken('print_uuid');
      return { status: 200, body: { data: (await loansWithItems(trx, auth.companyId, [loan]))[0] } };
    },
  );
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const ticketPrintHandlers = {
  RECORD_TICKET_PRINT: ({ app, auth, wk, uuid, body }) => recordTicketPrint(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
