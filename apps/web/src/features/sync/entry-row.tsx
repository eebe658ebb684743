import { useState, type FormEvent } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime, formatTime } from '../../lib/dates';
import { useT, type Translate } from '../../lib/i18n';
import type { SyncQueueEntry } from '../../offline/db';
import { retryEntries } from '../../offline/queue-runner';
import { correctEntry, dropEntry } from '../../offline/refusals';
import { syncNow } from '../../offline/sync-engine';
import { CorrectField, correctValue } from './correct-field';
import { editableFields, entrySubject, operationLabel } from './entry-text';

// One queue entry in the Sync status panel. A change the server refused waits for the user (decision 0112):
// Retry (the cause is gone), Correct (its fields, then sent again) or Discard (taken back on this device).

function when(t: Translate, iso: string | undefined): string {
  if (!iso) return t('sync.never');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? t('sync.never') : formatDateTime(d);
}

function CorrectForm({ entry, onDone }: { entry: SyncQueueEntry; onDone: (sent: boolean) => void }) {
  const t = useT('sync');
  const fields = editableFields(entry);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(([k, v]) => [k, correctValue(k, v)])));
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const next: Record<string, unknown> = {};
      for (const [k, v] of fields) {
        const text = values[k].trim();
        next[k] = typeof v === 'number' ? (text === '' ? null : Number(text)) : text === '' ? null : text;
      }
      await correctEntry(entry.id!, next);
      if (navigator.onLine) await syncNow();
      onDone(true);
    } catch (error) {
      // The typed values stay in the form.
      notifyError(errorMessage(error, t('sync.entry.correctFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-2" onSubmit={(e) => void submit(e)} aria-label={t('sync.entry.correctLabel', { name: operationLabel(t, entry.operation) })}>
      {fields.map(([k, v]) => (
        <CorrectField key={k} field={k} sample={v} value={values[k]} onChange={(value) => setValues((old) => ({ ...old, [k]: value }))} />
      ))}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {busy ? t('sync.entry.sending') : t('sync.entry.sendCorrected')}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => onDone(false)} disabled={busy}>
          {t('sync.cancel')}
        </button>
      </div>
    </form>
  );
}

export function EntryRow({ entry, online, blocked = false }: { entry: SyncQueueEntry; online: boolean; blocked?: boolean }) {
  const t = useT('sync');
  const [busy, setBusy] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const name = `${operationLabel(t, entry.operation)}, ${entrySubject(t, entry)}`;
  const retry = async () => {
    setBusy(true);
    try {
      await retryEntries(entry.id!);
      if (online) await syncNow();
    } catch (error) {
      notifyError(errorMessage(error, t('sync.entry.sendFailed')));
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    const ok = await confirm({
      title: t('sync.discard.title'),
      text: t('sync.discard.text'),
      confirmText: t('sync.discard.confirm'),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const reverted = await dropEntry(entry.id!, 'discarded', t('sync.discarded'));
      notifySuccess(t('sync.discard.done', { reverted }));
    } catch (error) {
      notifyError(errorMessage(error, t('sync.discard.failed')));
    } finally {
      setBusy(false);
    }
  };
  const failed = entry.status === 'failed';
  const rejected = failed && entry.error_kind === 'rejected';
  const canCorrect = rejected && editableFields(entry).length > 0;
  return (
    <li className="border-b border-base-300 py-3 last:border-b-0" data-testid="sync-entry">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">
            {operationLabel(t, entry.operation)} <span className="font-normal text-base-content/70">· {entrySubject(t, entry)}</span>
          </p>
          <p className="text-sm text-base-content/60">{t('sync.entry.savedAt', { when: when(t, entry.created_at) })}</p>
          {failed && (
            <p className={`mt-1 text-sm ${rejected ? 'text-error' : 'text-amber-800'}`} role={rejected ? 'alert' : undefined}>
              {rejected ? t('sync.entry.refused', { error: entry.error ?? '' }) : t('sync.entry.notSentYet', { error: entry.error ?? '' })}
              {!rejected && entry.next_attempt_at ? t('sync.entry.tryingAt', { time: formatTime(entry.next_attempt_at) }) : ''}
            </p>
          )}
          {blocked && <p className="mt-1 text-sm text-amber-800">{t('sync.entry.blocked')}</p>}
        </div>
        {failed && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-outline" onClick={() => void retry()} disabled={busy} aria-label={t('sync.entry.retryLabel', { name })}>
              {busy ? t('sync.entry.working') : t('sync.entry.retry')}
            </button>
            {canCorrect && (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setCorrecting((c) => !c)} disabled={busy} aria-expanded={correcting} aria-label={t('sync.entry.correctLabel', { name })}>
                {t('sync.entry.correct')}
              </button>
            )}
            {rejected && (
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void discard()} disabled={busy} aria-label={t('sync.entry.discardLabel', { name })}>
                {t('sync.discard.confirm')}
              </button>
            )}
          </div>
        )}
      </div>
      {correcting && <CorrectForm entry={entry} onDone={() => setCorrecting(false)} />}
    </li>
  );
}

/** A change that was taken back: refused by the server for good, or discarded; with what it changed back. */
export function TakenBackRow({ entry }: { entry: SyncQueueEntry }) {
  const t = useT('sync');
  return (
    <li className="border-b border-base-300 py-3 last:border-b-0" data-testid="taken-back-entry">
      <p className="font-medium">
        {operationLabel(t, entry.operation)} <span className="font-normal text-base-content/70">· {entrySubject(t, entry)}</span>
      </p>
      <p className="text-sm text-error">{entry.status === 'refused' ? t('sync.entry.refused', { error: entry.error ?? '' }) : (entry.error ?? t('sync.discarded'))}</p>
      {entry.reverted && <p className="text-sm text-base-content/80">{t('sync.takenBack.undone', { reverted: entry.reverted })}</p>}
      <p className="text-sm text-base-content/60">{t('sync.entry.savedAt', { when: when(t, entry.created_at) })}</p>
    </li>
  );
}
