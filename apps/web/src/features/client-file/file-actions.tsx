import type { ClientFile } from '@kalinga/contracts/client-file';
import { todayIn } from '@kalinga/contracts/zone-time';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifySuccess } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useCounselors } from '../../lib/option-queries';
import { useAuth } from '../../session/auth-store';
import { useSiteSettings } from '../../session/site-settings';
import { downloadDisclosure, useCloseFile, useRefer, useReopenFile } from './client-file-api';

// The care team's actions on a file: refer, close (with a summary), reopen (with a reason), print a range.

type Dialog = 'refer' | 'close' | 'reopen' | 'print' | null;

function firstError(err: unknown, field: string, fallback: string): string {
  if (err instanceof ApiError && err.errors[field]?.[0]) return err.errors[field][0];
  return errorMessage(err, fallback);
}

function TextDialog(props: { open: boolean; title: string; label: string; rule: string; min: number; max: number; submitText: string; onClose: () => void; onSubmit: (text: string) => Promise<void>; intro?: ReactNode }) {
  const t = useT('clients');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value.length < props.min || value.length > props.max) return setError(props.rule);
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(value);
      setText('');
      props.onClose();
    } catch (err) {
      setError(firstError(err, 'summary', errorMessage(err)));
    } finally {
      setBusy(false);
    }
  };
  const id = `dialog-${props.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {props.intro}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="font-medium">{props.label}</label>
          <textarea id={`${id}-text`} className={`textarea w-full ${error ? 'textarea-error' : ''}`} rows={5} maxLength={props.max} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined} />
          <span id={`${id}-hint`} className="text-sm text-base-content/60">{props.rule}</span>
        </div>
        {error && <p role="alert" className="text-sm text-error">{error}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn" onClick={props.onClose}>{t('clients.actions.cancel')}</button>
          <SubmitButton busy={busy}>{props.submitText}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

function ReferDialog({ open, clientId, onClose }: { open: boolean; clientId: number; onClose: () => void }) {
  const t = useT('clients');
  const { user } = useAuth();
  const counselors = useCounselors(open);
  const refer = useRefer(clientId);
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!to) next.to_counselor_id = t('clients.actions.chooseCounselor');
    if (reason.trim().length < 10 || reason.trim().length > 500) next.reason = t('clients.rule.refer');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await refer.mutateAsync({ to_counselor_id: Number(to), reason: reason.trim() });
      notifySuccess(t('clients.actions.referred'));
      setTo('');
      setReason('');
      onClose();
    } catch (err) {
      setErrors({ to_counselor_id: err instanceof ApiError ? (err.errors.to_counselor_id?.[0] ?? '') : '', form: errorMessage(err, t('clients.actions.referFailed')) });
    }
  };
  const others = (counselors.data ?? []).filter((c) => c.id !== user?.id);
  return (
    <Modal open={open} title={t('clients.actions.referTitle')} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm text-base-content/70">{t('clients.actions.referIntro')}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor="refer-to" className="font-medium">{t('clients.actions.counselor')}</label>
          <select id="refer-to" className={`select w-full ${errors.to_counselor_id ? 'select-error' : ''}`} value={to} onChange={(e) => setTo(e.target.value)} disabled={counselors.isPending}>
            <option value="">{counselors.isPending ? t('clients.actions.loadingCounselors') : t('clients.actions.pickCounselor')}</option>
            {others.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {errors.to_counselor_id && <span className="text-sm text-error">{errors.to_counselor_id}</span>}
          {counselors.isError && <span className="text-sm text-error">{t('clients.actions.counselorsFailed')} <button type="button" className="link" onClick={() => void counselors.refetch()}>{t('clients.actions.retry')}</button></span>}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="refer-reason" className="font-medium">{t('clients.actions.reason')}</label>
          <textarea id="refer-reason" className={`textarea w-full ${errors.reason ? 'textarea-error' : ''}`} rows={4} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby="refer-reason-hint" />
          <span id="refer-reason-hint" className={`text-sm ${errors.reason ? 'text-error' : 'text-base-content/60'}`}>{t('clients.rule.refer')}</span>
        </div>
        {errors.form && <p role="alert" className="text-sm text-error">{errors.form}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>{t('clients.actions.cancel')}</button>
          <SubmitButton busy={refer.isPending}>{t('clients.actions.refer')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

function PrintDialog({ open, clientId, onClose }: { open: boolean; clientId: number; onClose: () => void }) {
  const t = useT('clients');
  // The server counts a file's days on the centre's clock: the range ends on the centre's today, not UTC's, and
  // starts on 1 January of the centre's year before (decision 0373).
  const today = todayIn(useSiteSettings().data?.timezone);
  const [from, setFrom] = useState(`${Number(today.slice(0, 4)) - 1}-01-01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError(t('clients.actions.bothDays'));
    if (to < from) return setError(t('clients.rule.range'));
    setBusy(true);
    setError(null);
    try {
      await downloadDisclosure(clientId, from, to);
      notifySuccess(t('clients.actions.pdfDone'));
      onClose();
    } catch (err) {
      setError(firstError(err, 'to', t('clients.actions.pdfFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('clients.actions.printTitle')} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm text-base-content/70">{t('clients.actions.printIntro')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('clients.actions.from')}</span>
            <input className="input w-full" type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('clients.actions.to')}</span>
            <input className="input w-full" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
          </label>
        </div>
        {error && <p role="alert" className="text-sm text-error">{error}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>{t('clients.actions.cancel')}</button>
          <SubmitButton busy={busy}>{t('clients.actions.downloadPdf')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** The action buttons and their dialogs, for the care team (print also for a supervisor). */
export function FileActions({ file }: { file: ClientFile }) {
  const t = useT('clients');
  const [dialog, setDialog] = useState<Dialog>(null);
  const clientId = file.client.id;
  const close = useCloseFile(clientId);
  const reopen = useReopenFile(clientId);
  const closed = file.file.status === 'closed';
  const mayPrint = file.may_act || file.access.via === 'supervisor';
  const shut = () => setDialog(null);
  if (!file.may_act && !mayPrint) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {file.may_act && !closed && <button type="button" className="btn btn-sm" onClick={() => setDialog('refer')}>{t('clients.actions.refer')}</button>}
      {file.may_act && !closed && <button type="button" className="btn btn-sm" onClick={() => setDialog('close')}>{t('clients.actions.closeFile')}</button>}
      {file.may_act && closed && <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog('reopen')}>{t('clients.actions.reopenFile')}</button>}
      {mayPrint && <button type="button" className="btn btn-sm" onClick={() => setDialog('print')}>{t('clients.actions.print')}</button>}
      <ReferDialog open={dialog === 'refer'} clientId={clientId} onClose={shut} />
      <TextDialog open={dialog === 'close'} title={t('clients.actions.closeTitle')} label={t('clients.actions.closingSummary')} rule={t('clients.rule.close')} min={10} max={5000} submitText={t('clients.actions.closeFile')} onClose={shut}
        intro={<p className="text-sm text-base-content/70">{t('clients.actions.closeIntro')}</p>}
        onSubmit={async (summary) => { await close.mutateAsync(summary); notifySuccess(t('clients.actions.closed')); }} />
      <TextDialog open={dialog === 'reopen'} title={t('clients.actions.reopenTitle')} label={t('clients.actions.reason')} rule={t('clients.rule.reopen')} min={10} max={500} submitText={t('clients.actions.reopenFile')} onClose={shut}
        onSubmit={async (reason) => { await reopen.mutateAsync(reason); notifySuccess(t('clients.actions.reopened')); }} />
      <PrintDialog open={dialog === 'print'} clientId={clientId} onClose={shut} />
    </div>
  );
}
