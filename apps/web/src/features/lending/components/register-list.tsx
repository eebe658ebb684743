import { withReversals } from '@kalinga/contracts/pawn-rules';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatCurrency } from '../../../lib/format';
import { useOnlineStatus } from '../../../lib/online-status';
import type { LocalTransaction } from '../../../offline/db';
import { reverseEntry } from '../book/register-actions';
import { formatDay } from '../lending-figures';
import { FieldError } from './field-error';

export const TRANSACTION_LABEL: Record<string, string> = {
  disbursement: 'Disbursement', interest: 'Interest', penalty: 'Penalty', redemption: 'Redemption (principal)', renewal: 'Renewal (service charge)', sale: 'Sale',
};

const labelOf = (t: LocalTransaction) => `${TRANSACTION_LABEL[t.type] ?? t.type}${t.action === 'extension' ? ' (extension)' : ''}`;
const dayOf = (t: LocalTransaction) => formatDay(t.entry_date ?? t.created_at);
const byWhom = (t: LocalTransaction) => (t.created_by_name ? ` by ${t.created_by_name}` : '');

/** The loan's register: each entry with its reversal beside it; a clerk who may manage lending can reverse an entry. */
export function RegisterList({ transactions, canManage }: { transactions: LocalTransaction[]; canManage: boolean }) {
  const [reversing, setReversing] = useState<LocalTransaction | null>(null);
  return (
    <>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Transactions of this loan">
        {withReversals(transactions).map(({ entry, reversedBy }) => (
          <li key={entry.uuid} className="flex flex-col gap-1 px-4 py-2 text-sm" data-testid="transaction">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className={reversedBy ? 'line-through' : undefined}>{entry.reverses_uuid ? `Reversal: ${labelOf(entry)}` : labelOf(entry)}</span>
              <span className="text-base-content/70">{dayOf(entry)}{byWhom(entry)}</span>
              <span className="font-medium">{formatCurrency(entry.amount)}</span>
              {canManage && !reversedBy && !entry.reverses_uuid && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReversing(entry)} aria-label={`Reverse ${labelOf(entry)} of ${formatCurrency(entry.amount)}`}>
                  Reverse
                </button>
              )}
            </div>
            {(reversedBy ?? (entry.reverses_uuid ? entry : null)) && (
              <p className="rounded bg-warning/15 px-2 py-1" data-testid="reversal">
                Reversed on {dayOf(reversedBy ?? entry)}{byWhom(reversedBy ?? entry)}: {(reversedBy ?? entry).reason}
              </p>
            )}
          </li>
        ))}
      </ul>
      <ReverseDialog entry={reversing} onClose={() => setReversing(null)} />
    </>
  );
}

function ReverseDialog({ entry, onClose }: { entry: LocalTransaction | null; onClose: () => void }) {
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
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={entry !== null} title="Reverse an entry" onClose={close}>
      {entry && (
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <p>
            {labelOf(entry)} of {formatCurrency(entry.amount)} on {dayOf(entry)}. The entry stays in the register; a reversing entry with your
            name and reason is written beside it.
          </p>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Reason</span>
            <textarea className="textarea textarea-bordered w-full" value={reason} onChange={(e) => { setReason(e.target.value); setError(undefined); }} aria-describedby="reverse-error" maxLength={500} required />
          </label>
          <FieldError id="reverse-error" message={error} />
          {!online && <p className="text-sm text-base-content/70" data-testid="reverse-offline">Reversing needs a connection to the server; try again when you are online.</p>}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
            <button type="submit" className="btn btn-warning" disabled={busy || !online}>{busy ? 'Reversing…' : 'Reverse entry'}</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
