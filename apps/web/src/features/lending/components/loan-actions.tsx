import { BACKDATE_PERMISSION, FORFEIT_NEEDS_NOTICE, planRenewal } from '@kalinga/contracts/lending/rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { fieldMessage, refusalText } from '../field-messages';
import { ForfeitReasonDialog } from './forfeit-reason-dialog';
import { confirm } from '../../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { extendLoan, forfeitLoan, redeemLoan, renewLoan } from '../book/lending-actions';
import { figuresOf, termsOf, type LocalCategory, type LocalItem, type LocalLoan } from '../book/lending-queries';
import { actionProblems, dueOn, extendParts, extensionOn, formatDay, pesos, renewParts, ticketNumber } from '../lending-figures';

async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await action();
    notifySuccess(done);
    return true;
  } catch (err) {
    notifyError(refusalText(err));
    return false;
  }
}

/**
 * Renew, Pay interest and extend, Redeem and Forfeit: only those the rules allow today, each confirmed with the amount
 * it moves. Redeem and Forfeit the date allows but an item in transit holds back are shown disabled, with the reason.
 */
export function LoanActions({ loan, items, category, today }: { loan: LocalLoan; items: readonly LocalItem[]; category: LocalCategory | undefined; today: string }) {
  const t = useT('lending');
  const navigate = useNavigate();
  // A manager (the lending supervisor's permission) may forfeit without a notice, with a reason (decision 0217).
  const manager = hasPermission(useAuth().user, BACKDATE_PERMISSION);
  const [askReason, setAskReason] = useState(false);
  const problems = actionProblems(loan, category, today, manager, items);
  // The reason a waiting Redeem or Forfeit is disabled; the buttons name it as their description.
  const held = problems.transit && (!problems.redeem || !problems.forfeit) ? fieldMessage(problems.transit) : null;
  const heldProps = held ? { disabled: true, 'aria-describedby': 'loan-actions-transit' } : {};
  const due = dueOn(loan, today);
  const ticket = ticketNumber(loan);

  const renew = async () => {
    if (!category) return;
    const plan = planRenewal(figuresOf(loan), termsOf(category), today);
    // The new ticket's interest in advance, when its category takes one, is paid with it (decision 0219).
    const total = plan.total;
    const ok = await confirm({
      title: t('lending.renew.title'),
      text: t('lending.renew.text', {
        ticket,
        total: formatCurrency(pesos(total)),
        parts: `${renewParts(plan.due)}${plan.next.advance_interest > 0 ? t('lending.renew.advance', { amount: formatCurrency(pesos(plan.next.advance_interest)) }) : ''}`,
        principal: formatCurrency(loan.loan_amount),
        date: formatDay(plan.next.maturity_date),
      }),
      confirmText: t('lending.renew.confirm', { amount: formatCurrency(pesos(total)) }),
    });
    if (!ok) return;
    let next: LocalLoan | undefined;
    if (await run(async () => { next = await renewLoan(loan.uuid, today); }, t('lending.renew.done')) && next) navigate(`/lending/loans/${next.uuid}/ticket`, { state: { focus: 'print' } });
  };
  // The same ticket runs one term more once the interest due is paid (decision 0189); it is then reprinted with its new dates.
  const extend = async () => {
    const plan = extensionOn(loan, category, today);
    if (!plan) return;
    const ok = await confirm({
      title: t('lending.extend.title'),
      text: t('lending.extend.text', { ticket, total: formatCurrency(pesos(plan.total)), parts: extendParts(plan), due: formatDay(plan.maturity_date), until: formatDay(plan.expiry_date) }),
      confirmText: t('lending.extend.confirm', { amount: formatCurrency(pesos(plan.total)) }),
    });
    if (!ok) return;
    if (await run(() => extendLoan(loan.uuid, today), t('lending.extend.done'))) navigate(`/lending/loans/${loan.uuid}/ticket`, { state: { focus: 'print' } });
  };
  const redeem = async () => {
    const ok = await confirm({
      title: t('lending.redeem.title'),
      text: t('lending.redeem.text', { ticket, total: formatCurrency(pesos(due.redeem_total)), principal: formatCurrency(loan.loan_amount), interest: formatCurrency(pesos(due.interest)), penalty: formatCurrency(pesos(due.penalty)) }),
      confirmText: t('lending.redeem.confirm', { amount: formatCurrency(pesos(due.redeem_total)) }),
    });
    if (ok) await run(() => redeemLoan(loan.uuid, today), t('lending.redeem.done'));
  };
  const forfeit = async () => {
    if (problems.forfeitNeedsReason) {
      setAskReason(true);
      return;
    }
    const ok = await confirm({
      title: t('lending.forfeit.title'),
      text: t('lending.forfeit.text', { ticket, date: formatDay(loan.expiry_date), principal: formatCurrency(loan.loan_amount) }),
      confirmText: t('lending.forfeit.confirm', { amount: formatCurrency(loan.loan_amount) }),
      danger: true,
    });
    if (ok) await run(() => forfeitLoan(loan.uuid, today), t('lending.forfeit.done'));
  };

  const needsNotice = problems.forfeit === FORFEIT_NEEDS_NOTICE;
  if (problems.renew && problems.extend && problems.redeem && problems.forfeit && !needsNotice) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" aria-label={t('lending.actions')} role="group">
      {needsNotice && <p className="w-full text-sm text-error" data-testid="forfeit-needs-notice">{fieldMessage(FORFEIT_NEEDS_NOTICE)}</p>}
      {held && <p id="loan-actions-transit" className="w-full text-sm text-amber-800" data-testid="actions-in-transit">{held}</p>}
      {!problems.renew && <button type="button" className="btn" onClick={() => void renew()}>{t('lending.renew')}</button>}
      {!problems.extend && <button type="button" className="btn" onClick={() => void extend()}>{t('lending.extend')}</button>}
      {!problems.redeem && <button type="button" className="btn btn-primary" onClick={() => void redeem()} {...heldProps}>{t('lending.redeem')}</button>}
      {!problems.forfeit && <button type="button" className="btn btn-error" onClick={() => void forfeit()} {...heldProps}>{problems.forfeitNeedsReason ? t('lending.forfeit.withoutNotice') : t('lending.forfeit')}</button>}
      <ForfeitReasonDialog open={askReason} ticket={ticket} onClose={() => setAskReason(false)} onForfeit={(reason) => run(() => forfeitLoan(loan.uuid, today, reason), t('lending.forfeit.done'))} />
    </div>
  );
}
