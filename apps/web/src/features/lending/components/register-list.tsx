import { withReversals } from '@kalinga/contracts/lending/rules';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { t as translate, useT, type MessageKey } from '../../../lib/i18n';
import { useOnlineStatus } from '../../../lib/online-status';
import type { LocalTransaction } from '../../../offline/db';
import { useCounterZone } from '../book/lending-queries';
import { reverseEntry } from '../book/register-actions';
import { formatDay } from '../lending-figures';
import { FieldError } from './field-error';
import { fieldMessage } from '../field-messages';

export const TRANSACTION_LABEL: Record<string, MessageKey> = {
  disbursement: 'lending.tx.disbursement', interest: 'lending.tx.interest', penalty: 'lending.tx.penalty', redemption: 'lending.tx.redemption', renewal: 'lending.tx.renewal', sale: 'lending.tx.sale',
};

// The entry's kind in the language in use (the components that call these draw with useT('lending')).
const typeOf = (e: LocalTransaction) => (TRANSACTION_LABEL[e.type] ? translate(TRANSACTION_LABEL[e.type]) : e.type);
const labelOf = (e: LocalTransaction) => (e.action === 'extension' ? translate('lending.tx.extension', { type: typeOf(e) }) : typeOf(e));
// The entry's day; a row stored before entries carried it shows its instant's day on the counter's clock until its
// next pull fills it in (decision 0373).
const dayOf = (e: LocalTransaction, zone: string | undefined) => (e.entry_date ? formatDay(e.entry_date) : zone ? formatDate(e.created_at, zone) : '—');
const byWhom = (e: LocalTransaction) => (e.created_by_name ? translate('lending.tx.by', { name: e.created_by_name }) : '');

/** The loan's register: each entry with its reversal beside it; a clerk who may manage lending can reverse an entry. */
export function RegisterList({ transactions, canManage }: { transactions: LocalTransaction[]; canManage: boolean }) {
  const t = useT('lending');
  const [reversing, setReversing] = useState<LocalTransaction | null>(null);
  const zone = useCounterZone();
  return (
    <>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={t('lending.tx.list')}>
        {withReversals(transactions).map(({ entry, reversedBy }) => (
          <li key={entry.uuid} className="flex flex-col gap-1 px-4 py-2 text-sm" data-testid="transaction">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className={reversedBy ? 'line-through' : undefined}>{entry.reverses_uuid ? t('lending.tx.reversal', { label: labelOf(entry) }) : labelOf(entry)}</span>
              <span className="text-base-content/70">{dayOf(entry, zone)}{byWhom(entry)}</span>
              <span className="font-medium">{formatCurrency(entry.amount)}</span>
              {canManage && !reversedBy && !entry.reverses_uuid && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReversing(entry)} aria-label={t('lending.tx.reverseLabel', { label: labelOf(entry), amount: formatCurrency(entry.amount) })}>
                  {t('lending.tx.reverse')}
                </button>
              )}
            </div>
            {(reversedBy ?? (entry.reverses_uuid ? entry : null)) && (
              <p className="rounded bg-warning/15 px-2 py-1" data-testid="reversal">
                {t('lending.tx.reversedOn', { date: dayOf(reversedBy ?? entry, zone), by: byWhom(reversedBy ?? entry), reason: (reversedBy ?? entry).reason ?? '' })}
              </p>
            )}
          </li>
        ))}
      </ul>
      <ReverseDialog entry={reversing} zone={zone} onClose={() => setReversing(null)} />
    </>
  );
}

function ReverseDialog({ entry, zone, onClose }: { entry: LocalTransaction | null; zone: string | undefined; onClose: () => void }) {
  const t = useT('lending');
  const online = useOnlineStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // One uuid per entry reversed here: a second press after a lost reply is the same reversal.
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const close = () => {
    setReason('');
    setError(undefined);
    setUuid(crypto.randomUUID());
    onClose();
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!entry) return;
    setBusy(true);
    setError(undefined);
    try {
      await reverseEntry(entry.uuid, uuid, reason);
      close();
    } catch (err) {
      setError(fieldMessage(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={entry !== null} title={t('lending.tx.reverseTitle')} onClose={close}>
      {entry && (
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <p>
            {t('lending.tx.reverseText', { label: labelOf(entry), amount: formatCurrency(entry.amount), date: dayOf(entry, zone) })}
          </p>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('lending.tx.reason')}</span>
            <textarea className="textarea textarea-bordered w-full" value={reason} onChange={(e) => { setReason(e.target.value); setError(undefined); }} aria-describedby="reverse-error" maxLength={500} required />
          </label>
          <FieldError id="reverse-error" message={error} />
          {!online && <p className="text-sm text-base-content/70" data-testid="reverse-offline">{t('lending.tx.reverseOffline')}</p>}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={close}>{t('lending.cancel')}</button>
            <button type="submit" className="btn btn-warning" disabled={busy || !online}>{busy ? t('lending.tx.reversing') : t('lending.tx.reverseEntry')}</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
