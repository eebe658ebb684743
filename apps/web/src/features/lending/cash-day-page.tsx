import { useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { useT, type MessageKey } from '../../lib/i18n';
import type { LocalCashDay } from '../../offline/db';
import { closeCashDay, openCashDay } from './book/cash-day-actions';
import { useCashDay, useCounterToday } from './book/lending-queries';
import { FieldError } from './components/field-error';
import { PageHeader } from './components/page-header';
import { SyncBadge } from './components/sync-badge';
import { formatDay } from './lending-figures';
import { refusalText } from './field-messages';

// The clerk's cash day (decision 0188): open with the float, close with the count. Works offline: the open and the
// close are queued like any change; the server counts the day's entries when the close reaches it.

const POSITION_ROWS: [keyof NonNullable<LocalCashDay['position']>, MessageKey][] = [
  ['opening_float', 'lending.cash.openingFloat'],
  ['disbursed', 'lending.cash.disbursed'],
  ['interest', 'lending.cash.interest'],
  ['penalties', 'lending.cash.penalties'],
  ['redemptions', 'lending.cash.redemptions'],
  ['renewals', 'lending.cash.renewals'],
  ['sales', 'lending.cash.sales'],
  ['reversals', 'lending.cash.reversals'],
  ['expected', 'lending.cash.expected'],
];

function MoneyForm({ label, submit, action, hint, note }: { label: string; submit: (amount: string, note: string) => Promise<unknown>; action: string; hint: string; note?: boolean }) {
  const t = useT('lending');
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
      setError(refusalText(err) ?? String(err));
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
          <span className="font-medium">{t('lending.cash.note')}</span>
          <textarea className="textarea textarea-bordered w-full" value={text} onChange={(e) => setText(e.target.value)} maxLength={500} />
        </label>
      )}
      <FieldError id="cash-error" message={error} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>{action}</button>
    </form>
  );
}

function Position({ day }: { day: LocalCashDay }) {
  const t = useT('lending');
  if (!day.position || day.sync_status !== 'synced') {
    return <p className="text-sm text-base-content/70" data-testid="cash-position-pending">{t('lending.cash.pending')}</p>;
  }
  const position = day.position;
  return (
    <dl className="rounded-box border border-base-300 bg-base-100 p-4" aria-label={t('lending.cash.position')} data-testid="cash-position">
      {POSITION_ROWS.map(([key, label]) => (
        <div key={key} className={`flex justify-between gap-4 py-1 ${key === 'expected' ? 'border-t border-base-300 font-semibold' : ''}`}>
          <dt>{t(label)}</dt>
          <dd className="text-right">{key === 'disbursed' ? `− ${formatCurrency(position[key])}` : formatCurrency(position[key])}</dd>
        </div>
      ))}
      {day.status === 'closed' && day.counted != null && (
        <>
          <div className="flex justify-between gap-4 py-1"><dt>{t('lending.cash.counted')}</dt><dd className="text-right">{formatCurrency(day.counted)}</dd></div>
          <div className="flex justify-between gap-4 py-1 font-semibold" data-testid="cash-difference">
            <dt>{(day.difference ?? 0) < 0 ? t('lending.cash.short') : (day.difference ?? 0) > 0 ? t('lending.cash.over') : t('lending.cash.difference')}</dt>
            <dd className="text-right">{formatCurrency(Math.abs(day.difference ?? 0))}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

export function CashDayPage() {
  const t = useT('lending');
  const today = useCounterToday();
  const found = useCashDay(today);
  if (found.error) return <ErrorAlert message={t('lending.readError', { error: found.error.message })} onRetry={found.retry} />;
  if (!today || found.loading || found.stale) return <LoadingBlock text={t('lending.cash.loading')} />;
  const day = found.data ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('lending.cash.title')} text={t('lending.cash.text', { date: formatDay(today) })} />
      {!day ? (
        <section aria-labelledby="open-title" className="flex flex-col gap-2">
          <h2 id="open-title" className="text-lg font-semibold">{t('lending.cash.open')}</h2>
          <MoneyForm label={t('lending.cash.openingFloatInput')} action={t('lending.cash.open')} hint={t('lending.cash.openHint')} submit={(amount) => openCashDay(amount)} />
        </section>
      ) : (
        <section aria-labelledby="day-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="day-title" className="text-lg font-semibold">{day.status === 'closed' ? t('lending.cash.closed') : t('lending.cash.isOpen')}</h2>
            <span className={`badge ${day.status === 'closed' ? 'badge-neutral' : 'badge-success'}`} data-testid="cash-day-status">{day.status === 'closed' ? t('lending.cash.closed') : t('lending.cash.isOpen')}</span>
            <SyncBadge record={day} />
          </div>
          <p>{t('lending.cash.floatLine', { amount: formatCurrency(day.opening_float) })}{day.status === 'closed' && day.counted != null ? t('lending.cash.countedLine', { amount: formatCurrency(day.counted) }) : ''}</p>
          <Position day={day} />
          {day.status === 'closed' ? (
            <p className="text-sm text-base-content/70">{t('lending.cash.closedText')}{day.close_note ? t('lending.cash.closeNote', { note: day.close_note }) : ''}</p>
          ) : (
            <MoneyForm label={t('lending.cash.countedInput')} action={t('lending.cash.close')} note hint={t('lending.cash.closeHint')} submit={(amount, note) => closeCashDay(day.uuid, amount, note)} />
          )}
        </section>
      )}
    </div>
  );
}
