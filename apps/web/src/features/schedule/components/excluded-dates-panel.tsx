import type { ExcludedDate } from '@kalinga/contracts/schedule';
import { type FormEvent, useState } from 'react';
import { confirm } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useAddExcludedDates, useRemoveExcludedDate } from '../api/schedule-api';
import { formatCalendarDate } from '../schedule-rules';
import { todayIn } from '@kalinga/contracts/zone-time';
import { SubmitButton } from '../../../components/ui/submit-button';

function AddExcludedDateForm({ timeZone, onDone }: { timeZone: string | undefined; onDone: () => void }) {
  const t = useT('schedule');
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddExcludedDates();
  const today = todayIn(timeZone);
  const tooEarly = date !== '' && date < today;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!date || tooEarly || add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync({ dates: [{ date, reason: reason.trim() || null }] });
      notifySuccess(t('schedule.excluded.added'));
      onDone();
    } catch (err) {
      console.error('Failed to add the excluded date', err);
      const message = err instanceof ApiError ? (err.errors['dates.0.date']?.[0] ?? err.message) : t('schedule.excluded.addFailed');
      setError(message);
      notifyError(message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor="excluded-date" className="font-medium">{t('schedule.excluded.date')}</label>
        <input
          id="excluded-date"
          type="date"
          className={`input w-full ${tooEarly ? 'input-error' : ''}`}
          required
          min={today}
          value={date}
          aria-invalid={tooEarly}
          aria-describedby={tooEarly ? 'excluded-date-error' : undefined}
          onChange={(e) => setDate(e.target.value)}
        />
        {tooEarly && <p id="excluded-date-error" className="text-sm text-error">{t('schedule.excluded.tooEarly')}</p>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="excluded-reason" className="font-medium">{t('schedule.excluded.reason')}</label>
        <input id="excluded-reason" className="input w-full" placeholder={t('schedule.excluded.reasonPlaceholder')} maxLength={255} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>{t('schedule.cancel')}</button>
        <SubmitButton busy={add.isPending} disabled={!date || tooEarly || add.isPending}>
          {t('schedule.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** 'Excluded Dates': days the counselor takes no bookings. */
export function ExcludedDatesPanel({ dates, timeZone }: { dates: ExcludedDate[]; timeZone: string | undefined }) {
  const t = useT('schedule');
  const [adding, setAdding] = useState(false);
  const remove = useRemoveExcludedDate();
  const [removing, setRemoving] = useState<number | null>(null);

  const onRemove = async (d: ExcludedDate) => {
    if (!(await confirm({ title: t('schedule.confirm.title'), text: t('schedule.confirm.text'), confirmText: t('schedule.confirm.delete'), cancelText: t('schedule.cancel'), danger: true }))) return;
    setRemoving(d.id);
    try {
      await remove.mutateAsync(d.id);
      notifySuccess(t('schedule.excluded.removed'));
    } catch (err) {
      console.error('Failed to remove the excluded date', err);
      notifyError(err instanceof ApiError ? err.message : t('schedule.unexpected'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 4.5v15m7.5-7.5h-15" />
          </svg>
          {t('schedule.excluded.add')}
        </button>
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('schedule.excluded.date')}</th>
              <th scope="col">{t('schedule.excluded.reason')}</th>
              <th scope="col" className="w-16 text-right"><span className="sr-only">{t('schedule.excluded.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {dates.length === 0 ? (
              <tr>
                <td colSpan={3} className="py-10 text-center text-base-content/70">{t('schedule.excluded.empty')}</td>
              </tr>
            ) : (
              dates.map((d) => (
                <tr key={d.id} data-testid="excluded-date-row">
                  <td className="whitespace-nowrap"><time dateTime={d.excluded_date}>{formatCalendarDate(d.excluded_date)}</time></td>
                  <td className="break-words">{d.reason ?? <span className="text-base-content/70">—</span>}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square text-red-700"
                      aria-label={t('schedule.excluded.delete', { date: formatCalendarDate(d.excluded_date) })}
                      title={t('schedule.excluded.deleteTitle')}
                      disabled={removing === d.id}
                      onClick={() => void onRemove(d)}
                    >
                      {removing === d.id ? (
                        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                      ) : (
                        <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
                          <path strokeLinecap="round" strokeLinejoin="round" d="M14.74 9l-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 01-2.244 2.077H8.084a2.25 2.25 0 01-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 00-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 013.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 00-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 00-7.5 0" />
                        </svg>
                      )}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Modal open={adding} title={t('schedule.excluded.addTitle')} onClose={() => setAdding(false)}>
        <AddExcludedDateForm timeZone={timeZone} onDone={() => setAdding(false)} />
      </Modal>
    </div>
  );
}
