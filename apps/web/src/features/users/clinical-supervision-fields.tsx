import { useT } from '../../lib/i18n';
import { useCounselorOptions } from './users-api';

// A counselor's trainee flag and clinical supervisor (decision 0201): the supervisor reads the supervisee's clients
// and co-signs a trainee's case notes. Shown for counselors only; the list is the centre's active counselors.

export function ClinicalSupervisionFields({
  userId,
  isTrainee,
  supervisorId,
  errors,
  onTrainee,
  onSupervisor,
}: {
  userId: number | null;
  isTrainee: boolean;
  supervisorId: string;
  errors?: string[];
  onTrainee: (value: boolean) => void;
  onSupervisor: (value: string) => void;
}) {
  const t = useT('users');
  const options = useCounselorOptions(true);
  const choices = (options.data ?? []).filter((c) => c.id !== userId);
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3" aria-describedby={errors?.length ? 'user-clinical_supervisor_id-error' : undefined}>
      <legend className="px-1 font-medium">{t('users.supervision.title')}</legend>
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" checked={isTrainee} onChange={(e) => onTrainee(e.target.checked)} />
        {t('users.supervision.trainee')}
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor="user-clinical_supervisor_id" className="text-sm font-medium">{t('users.supervision.supervisor')}</label>
        <select
          id="user-clinical_supervisor_id"
          className={`select w-full ${errors?.length ? 'select-error' : ''}`}
          value={supervisorId}
          onChange={(e) => onSupervisor(e.target.value)}
          aria-invalid={!!errors?.length}
          disabled={options.isPending}
        >
          <option value="">{options.isPending ? t('users.supervision.loading') : t('users.supervision.none')}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>{c.name}</option>
          ))}
        </select>
        {options.isError && (
          <p className="text-sm text-red-700">
            {t('users.supervision.loadFailed')}{' '}
            <button type="button" className="link" onClick={() => void options.refetch()}>{t('users.supervision.retry')}</button>
          </p>
        )}
        {errors?.length ? <p id="user-clinical_supervisor_id-error" className="text-sm text-red-700">{errors.join(' ')}</p> : null}
        <p className="text-sm text-base-content/60">{t('users.supervision.hint')}</p>
      </div>
    </fieldset>
  );
}
