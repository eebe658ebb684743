import { coveredTransactions } from '@kalinga/contracts/lending/kyc-rules';
import type { CoveredQuery, CoveredReply } from '@kalinga/contracts/lending/notices';
import { addDays, daysBetween, toPesos } from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import { unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { counterDay } from './lending-common';
import { firstLoansBetween } from './loan.repository';

// The covered transactions of a period (decision 0186): new loans (a renewal lends no new money) above ₱500,000, alone
// or a customer's in one day together, each with the date it is to be reported by.

export async function listCovered(db: DB, auth: AuthContext, query: CoveredQuery): Promise<CoveredReply> {
  const { today } = counterDay(auth);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -30);
  if (from > to) throw unprocessable({ from: ['The start date may not be after the end date.'] });
  if (daysBetween(from, to) > 366) throw unprocessable({ from: ['The period may be at most a year.'] });
  const rows = await firstLoansBetween(db, auth.companyId, from, to);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const covered = coveredTransactions(rows.map((r) => ({ uuid: r.uuid, customer_uuid: r.customer_uuid, loan_date: r.loan_date, loan_amount: Number(r.loan_amount) })));
  return {
    from,
    to,
    today,
    data: covered.map((c) => {
      const loans = c.loan_uuids.map((u) => byUuid.get(u)!);
      return {
        kind: c.kind,
        date: c.date,
        file_by: c.file_by,
        total: toPesos(c.total),
        customer_uuid: c.customer_uuid,
        customer_name: `${loans[0].first_name} ${loans[0].last_name}`,
        loans: loans.map((l) => ({ uuid: l.uuid, pawn_ticket_number: l.pawn_ticket_number, loan_amount: toPesos(Number(l.loan_amount)) })),
      };
    }),
  };
}
