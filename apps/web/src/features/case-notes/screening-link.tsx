import type { CaseNote } from '@kalinga/contracts/case-notes';
import type { ClientScreenings } from '@kalinga/contracts/screening/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { useT } from '../../lib/i18n';

// Link a screening of the client to the note (optional). The client's screenings are a recorded read of their own
// (decision 0200), so they are fetched only when the counselor asks to choose one.

export function ScreeningLink({ clientId, value, linked, onChange, error }: { clientId: number; value: number | null; linked: CaseNote['screening']; onChange: (id: number | null) => void; error?: string }) {
  const t = useT('caseNotes');
  const [choosing, setChoosing] = useState(false);
  const id = useId();
  const list = useQuery({
    queryKey: ['case-notes', 'screening-choice', clientId],
    queryFn: () => api.get<ClientScreenings>(`/api/clients/${clientId}/screenings`),
    enabled: choosing,
    gcTime: 0,
  });
  if (!choosing) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t('caseNotes.screening.linked')}</span>
        <span>{value === null ? t('caseNotes.screening.none') : linked && linked.id === value ? t(linked.kind === 'intake' ? 'caseNotes.screening.intakeOf' : 'caseNotes.screening.followUpOf', { date: formatDate(linked.created_at) }) : t('caseNotes.screening.number', { id: value })}</span>
        <button type="button" className="btn btn-xs btn-ghost underline" onClick={() => setChoosing(true)}>
          {value === null ? t('caseNotes.screening.link') : t('caseNotes.screening.change')}
        </button>
        {error && <span className="text-error">{error}</span>}
      </div>
    );
  }
  if (list.isPending) return <Spinner label={t('caseNotes.screening.loading')} size="sm" />;
  if (list.isError) return <ErrorAlert message={t('caseNotes.screening.loadFailed')} onRetry={() => void list.refetch()} />;
  const screenings = list.data.screenings;
  return (
    <label className="form-control flex flex-col gap-1" htmlFor={`${id}-screening`}>
      <span className="label-text font-medium">{t('caseNotes.screening.label')}</span>
      <select id={`${id}-screening`} className="select select-bordered w-full" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{t('caseNotes.screening.none')}</option>
        {screenings.map((s) => (
          <option key={s.id} value={s.id}>
            {t(s.kind === 'intake' ? 'caseNotes.screening.intakeOf' : 'caseNotes.screening.followUpOf', { date: formatDate(s.created_at) })}
          </option>
        ))}
      </select>
      {screenings.length === 0 && <span className="text-sm text-base-content/70">{t('caseNotes.screening.noneYet')}</span>}
      {error && <span className="text-sm text-error">{error}</span>}
    </label>
  );
}
