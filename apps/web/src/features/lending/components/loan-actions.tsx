import { planRenewal } from '@kalinga/contracts/pawn-rules';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { formatCurrency } from '../../../lib/format';
import { extendLoan, forfeitLoan, redeemLoan, renewLoan } from '../book/lending-actions';
import { figuresOf, termsOf, type LocalCategory, type LocalLoan } from '../book/lending-queries';
import { actionProblems, dueOn, extendParts, extensionOn, formatDay, pesos, renewParts, ticketNumber } from '../lending-figures';

async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await action();
    notifySuccess(done);
    return true;
  } catch (err) {
    notifyError(err instanceof Error ? err.message : undefined);
    return false;
  }
}

/** Renew, Pay interest and extend, Redeem and Forfeit: only those the rules allow today, each confirmed with the amount it moves. */
export function LoanActions({ loan, category, today }: { loan: LocalLoan; category: LocalCategory | undefined; today: string }) {
  const navigate = useNavigate();
  const problems = actionProblems(loan, category, today);
  const due = dueOn(loan, today);
  const ticket = ticketNumber(loan);

  const renew = async () => {
    if (!category) return;
    const plan = planRenewal(figuresOf(loan), termsOf(category), today);
    const total = plan.due.renew_total;
    const ok = await confirm({
      title: 'Renew this loan?',
      text: `Ticket ${ticket}: the pawner pays ${formatCurrency(pesos(total))} today (${renewParts(plan.due)}). A new ticket for ${formatCurrency(loan.loan_amount)} matures on ${formatDay(plan.next.maturity_date)}.`,
      confirmText: `Renew for ${formatCurrency(pesos(total))}`,
    });
    if (!ok) return;
    let next: LocalLoan | undefined;
    if (await run(async () => { next = await renewLoan(loan.uuid, today); }, 'Loan renewed') && next) navigate(`/lending/loans/${next.uuid}/ticket`, { state: { focus: 'print' } });
  };
  // The same ticket runs one term more once the interest due is paid (decision 0189); it is then reprinted with its new dates.
  const extend = async () => {
    const plan = extensionOn(loan, category, today);
    if (!plan) return;
    const ok = await confirm({
      title: 'Pay interest and extend this loan?',
      text: `Ticket ${ticket}: the pawner pays ${formatCurrency(pesos(plan.total))} today (${extendParts(plan)}). The same ticket then matures on ${formatDay(plan.maturity_date)} and may be redeemed until ${formatDay(plan.expiry_date)}.`,
      confirmText: `Extend for ${formatCurrency(pesos(plan.total))}`,
    });
    if (!ok) return;
    if (await run(() => extendLoan(loan.uuid, today), 'Loan extended')) navigate(`/lending/loans/${loan.uuid}/ticket`, { state: { focus: 'print' } });
  };
  const redeem = async () => {
    const ok = await confirm({
      title: 'Redeem this loan?',
      text: `Ticket ${ticket}: the pawner pays ${formatCurrency(pesos(due.redeem_total))} (principal ${formatCurrency(loan.loan_amount)}, interest ${formatCurrency(pesos(due.interest))}, penalty ${formatCurrency(pesos(due.penalty))}) and takes the items back.`,
      confirmText: `Redeem for ${formatCurrency(pesos(due.redeem_total))}`,
    });
    if (ok) await run(() => redeemLoan(loan.uuid, today), 'Loan redeemed');
  };
  const forfeit = async () => {
    const ok = await confirm({
      title: 'Forfeit this loan?',
      text: `Ticket ${ticket} expired on ${formatDay(loan.expiry_date)}: the principal of ${formatCurrency(loan.loan_amount)} is not repaid and the shop keeps the items to sell. This cannot be undone.`,
      confirmText: `Forfeit ${formatCurrency(loan.loan_amount)}`,
      danger: true,
    });
    if (ok) await run(() => forfeitLoan(loan.uuid, today), 'Loan forfeited');
  };

  if (problems.renew && problems.extend && problems.redeem && problems.forfeit) return null;
  return (
    <div className="flex flex-wrap gap-2 print:hidden" aria-label="Loan actions" role="group">
      {!problems.renew && <button type="button" className="btn" onClick={() => void renew()}>Renew</button>}
      {!problems.extend && <button type="button" className="btn" onClick={() => void extend()}>Pay interest and extend</button>}
      {!problems.redeem && <button type="button" className="btn btn-primary" onClick={() => void redeem()}>Redeem</button>}
      {!problems.forfeit && <button type="button" className="btn btn-error" onClick={() => void forfeit()}>Forfeit</button>}
    </div>
  );
}
