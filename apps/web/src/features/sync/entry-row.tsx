import { useState, type FormEvent } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime, formatTime } from '../../lib/dates';
import type { SyncQueueEntry } from '../../offline/db';
import { retryEntries } from '../../offline/queue-runner';
import { correctEntry, dropEntry } from '../../offline/refusals';
import { syncNow } from '../../offline/sync-engine';
import { editableFields, entrySubject, fieldLabel, operationLabel } from './entry-text';

// One queue entry in the Sync status panel. A change the server refused waits for the user (decision 0112):
// Retry (the cause is gone), Correct (its fields, then sent again) or Discard (taken back on this device).

function when(iso: string | undefined): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Never' : formatDateTime(d);
}

function CorrectForm({ entry, onDone }: { entry: SyncQueueEntry; onDone: (sent: boolean) => void }) {
  const fields = editableFields(entry);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(([k, v]) => [k, v === null ? '' : String(v)])));
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
      notifyError(errorMessage(error, 'The change could not be corrected.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-2" onSubmit={(e) => void submit(e)} aria-label={`Correct: ${operationLabel(entry.operation)}`}>
      {fields.map(([k, v]) => (
        <label key={k} className="form-control">
          <span className="label-text text-sm">{fieldLabel(k)}</span>
          <input
            className="input input-bordered input-sm"
            name={k}
            type={typeof v === 'number' ? 'number' : 'text'}
            step={typeof v === 'number' ? 'any' : undefined}
            value={values[k]}
            onChange={(e) => setValues((old) => ({ ...old, [k]: e.target.value }))}
          />
        </label>
      ))}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send corrected'}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function EntryRow({ entry, online, blocked = false }: { entry: SyncQueueEntry; online: boolean; blocked?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const name = `${operationLabel(entry.operation)}, ${entrySubject(entry)}`;
  const retry = async () => {
    setBusy(true);
    try {
      await retryEntries(entry.id!);
      if (online) await syncNow();
    } catch (error) {
      notifyError(errorMessage(error, 'The change could not be sent.'));
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    const ok = await confirm({
      title: 'Discard this change?',
      text: 'It is removed from this device and never sent. What it changed here goes back to the server’s copy, and changes that depend on it are discarded with it.',
      confirmText: 'Discard',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const reverted = await dropEntry(entry.id!, 'discarded', 'Discarded on this device.');
      notifySuccess(`Change discarded. ${reverted}`);
    } catch (error) {
      notifyError(errorMessage(error, 'The change could not be discarded.'));
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
            {operationLabel(entry.operation)} <span className="font-normal text-base-content/70">· {entrySubject(entry)}</span>
          </p>
          <p className="text-sm text-base-content/60">Saved on this device {when(entry.created_at)}</p>
          {failed && (
            <p className={`mt-1 text-sm ${rejected ? 'text-error' : 'text-amber-800'}`} role={rejected ? 'alert' : undefined}>
              {rejected ? 'Refused by the server: ' : 'Not sent yet: '}
              {entry.error}
              {!rejected && entry.next_attempt_at ? ` Trying again at ${formatTime(entry.next_attempt_at)}.` : ''}
            </p>
          )}
          {blocked && <p className="mt-1 text-sm text-amber-800">Blocked: it waits for the refused change above to be corrected or discarded.</p>}
        </div>
        {failed && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-outline" onClick={() => void retry()} disabled={busy} aria-label={`Retry: ${name}`}>
              {busy ? 'Working...' : 'Retry'}
            </button>
            {canCorrect && (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => setCorrecting((c) => !c)} disabled={busy} aria-expanded={correcting} aria-label={`Correct: ${name}`}>
                Correct
              </button>
            )}
            {rejected && (
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void discard()} disabled={busy} aria-label={`Discard: ${name}`}>
                Discard
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
  return (
    <li className="border-b border-base-300 py-3 last:border-b-0" data-testid="taken-back-entry">
      <p className="font-medium">
        {operationLabel(entry.operation)} <span className="font-normal text-base-content/70">· {entrySubject(entry)}</span>
      </p>
      <p className="text-sm text-error">{entry.status === 'refused' ? `Refused by the server: ${entry.error ?? ''}` : (entry.error ?? 'Discarded on this device.')}</p>
      {entry.reverted && <p className="text-sm text-base-content/80">Undone on this device: {entry.reverted}</p>}
      <p className="text-sm text-base-content/60">Saved on this device {when(entry.created_at)}</p>
    </li>
  );
}
