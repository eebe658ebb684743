import { useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import type { LocalCashDay } from '../../offline/db';
import { closeCashDay, openCashDay } from './book/cash-day-actions';
import { useCashDay, useCounterToday } from './book/lending-queries';
import { FieldError } from './components/field-error';
import { PageHeader } from './components/page-header';
import { SyncBadge } from './components/sync-badge';
import { formatDay } from './lending-figures';

// The clerk's cash day (decision 0188): open with the float, close with the count. Works offline: the open and the
// close are queued like any change; the server counts the day's entries when the close reaches it.

const POSITION_ROWS: [keyof NonNullable<LocalCashDay['position']>, string][] = [
  ['opening_float', 'Opening float'],
  ['disbursed', 'Loans paid out'],
  ['interest', 'Interest received'],
  ['penalties', 'Penalties received'],
  ['redemptions', 'Redemptions (principal)'],
  ['renewals', 'Renewal service charges'],
  ['sales', 'Sales'],
  ['reversals', 'Reversals'],
  ['expected', 'Cash expected in the drawer'],
];

function MoneyForm({ label, submit, action, hint, note }: { label: string; submit: (amount: string, note: string) => Promise<unknown>; action: string; hint: string; note?: boolean }) {
  const [amount, setAmount] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await submit(amount, text);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex max-w-md flex-col gap-3" onSubmit={(e) => void send(e)} noValidate>
      <p className="text-sm text-base-content/70">{hint}</p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{label}</span>
        <input className="input input-bordered w-full" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="cash-error" required />
      </label>
      {note && (
        <label className="flex flex-col gap-1">
          <span className="font-medium">Note (optional)</span>
          <textarea className="textarea textarea-bordered w-full" value={text} onChange={(e) => setText(e.target.value)} maxLength={500} />
        </label>
      )}
      <FieldError id="cash-error" message={error} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>{action}</button>
    </form>
  );
}

function Position({ day }: { day: LocalCashDay }) {
  if (!day.position || day.sync_status !== 'synced') {
    return <p className="text-sm text-base-content/70" data-testid="cash-position-pending">The server counts the day's entries when this change is synced.</p>;
  }
  const position = day.position;
  return (
    <dl className="rounded-box border border-base-300 bg-base-100 p-4" aria-label="The day's cash position" data-testid="cash-position">
      {POSITION_ROWS.map(([key, label]) => (
        <div key={key} className={`flex justify-between gap-4 py-1 ${key === 'expected' ? 'border-t border-base-300 font-semibold' : ''}`}>
          <dt>{label}</dt>
          <dd className="text-right">{key === 'disbursed' ? `− ${formatCurrency(position[key])}` : formatCurrency(position[key])}</dd>
        </div>
      ))}
      {day.status === 'closed' && day.counted != null && (
        <>
          <div className="flex justify-between gap-4 py-1"><dt>Counted</dt><dd className="text-right">{formatCurrency(day.counted)}</dd></div>
          <div className="flex justify-between gap-4 py-1 font-semibold" data-testid="cash-difference">
            <dt>{(day.difference ?? 0) < 0 ? 'Short' : (day.difference ?? 0) > 0 ? 'Over' : 'Difference'}</dt>
            <dd className="text-right">{formatCurrency(Math.abs(day.difference ?? 0))}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

export function CashDayPage() {
  const today = useCounterToday();
  const found = useCashDay(today);
  if (found.error) return <ErrorAlert message={`Could not read the local book: ${found.error.message}`} onRetry={found.retry} />;
  if (!today || found.loading || found.stale) return <LoadingBlock text="Loading the cash day..." />;
  const day = found.data ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Cash day" text={`Your drawer on ${formatDay(today)}: open it with the float, close it with the cash you count.`} />
      {!day ? (
        <section aria-labelledby="open-title" className="flex flex-col gap-2">
          <h2 id="open-title" className="text-lg font-semibold">Open the day</h2>
          <MoneyForm label="Opening float (₱)" action="Open the day" hint="Count the cash in your drawer before the first customer." submit={(amount) => openCashDay(amount)} />
        </section>
      ) : (
        <section aria-labelledby="day-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="day-title" className="text-lg font-semibold">{day.status === 'closed' ? 'Closed' : 'Open'}</h2>
            <span className={`badge ${day.status === 'closed' ? 'badge-neutral' : 'badge-success'}`} data-testid="cash-day-status">{day.status === 'closed' ? 'Closed' : 'Open'}</span>
            <SyncBadge record={day} />
          </div>
          <p>Opening float {formatCurrency(day.opening_float)}{day.status === 'closed' && day.counted != null ? ` · counted ${formatCurrency(day.counted)}` : ''}</p>
          <Position day={day} />
          {day.status === 'closed' ? (
            <p className="text-sm text-base-content/70">This day is closed: nothing more can be dated in it.{day.close_note ? ` Note: ${day.close_note}` : ''}</p>
          ) : (
            <MoneyForm label="Cash counted (₱)" action="Close the day" note hint="Count the drawer at the end of the day. After closing, nothing more can be dated today." submit={(amount, note) => closeCashDay(day.uuid, amount, note)} />
          )}
        </section>
      )}
    </div>
  );
}
