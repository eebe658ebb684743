import type { GroupBody, GroupOccurrence } from '@kalinga/contracts/groups';
import { type FormEvent, useId, useState } from 'react';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifySuccess } from '../../components/ui/toast';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { formatWeekdayDateTime } from '../../lib/dates';
import { type MessageKey, useT } from '../../lib/i18n';
import { useCategoryOptions } from '../../lib/option-queries';
import { wallTimeToInstant } from '../../lib/zone-time';
import { previewGroup, useCoFacilitators, useCreateGroup } from './groups-api';

// Creating a group or workshop (decision 0277): its details and its sessions. "Check sessions" lists every session
// and names the facilitator whose time is in the way; creating checks again and names the clash the same way.

const PROBLEM: Record<string, MessageKey> = {
  past: 'groups.problem.past',
  day_off: 'groups.problem.day_off',
  excluded: 'groups.problem.excluded',
  no_such_time: 'groups.problem.no_such_time',
  off_schedule: 'groups.problem.off_schedule',
  held: 'groups.problem.held',
  taken: 'groups.problem.taken',
  client_busy: 'groups.problem.taken',
  twice: 'groups.problem.twice',
  other_week: 'groups.problem.off_schedule',
};

interface Fields {
  name: string;
  kind: 'closed' | 'workshop';
  category_id: string;
  capacity: string;
  location_type: 'on-site' | 'online';
  location: string;
  audience: 'students' | 'personnel' | 'both';
  co_facilitator_id: string;
  date: string;
  time: string;
  frequency: 'once' | 'weekly' | 'fortnightly';
  count: string;
  screening_required: boolean;
}

const START: Fields = { name: '', kind: 'closed', category_id: '', capacity: '8', location_type: 'on-site', location: '', audience: 'both', co_facilitator_id: '', date: '', time: '10:00', frequency: 'weekly', count: '6', screening_required: false };

export function NewGroupForm({ timeZone, onCreated }: { timeZone: string; onCreated: (uuid: string) => void }) {
  const t = useT('groups');
  const id = useId();
  const [f, setF] = useState<Fields>(START);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [plan, setPlan] = useState<GroupOccurrence[] | null>(null);
  const [checking, setChecking] = useState(false);
  const categories = useCategoryOptions(true);
  const coFacilitators = useCoFacilitators();
  const create = useCreateGroup();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setF((old) => ({ ...old, [key]: value }));
    setPlan(null);
  };

  const body = (): GroupBody | null => {
    const startsAt = f.date ? wallTimeToInstant(f.date, f.time, timeZone) : null;
    if (!startsAt) {
      setErrors({ starts_at: [t('groups.form.startRequired')] });
      return null;
    }
    return {
      name: f.name,
      kind: f.kind,
      category_id: Number(f.category_id),
      capacity: Number(f.capacity),
      location_type: f.location_type,
      location: f.location,
      audience: f.audience,
      screening_required: f.screening_required,
      co_facilitator_id: f.co_facilitator_id ? Number(f.co_facilitator_id) : null,
      starts_at: startsAt,
      frequency: f.frequency,
      count: f.frequency === 'once' ? undefined : Number(f.count),
    };
  };

  const failed = (error: unknown, fallback: string) => {
    setErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
    setMessage(serverMessageOr(error, fallback));
  };

  const onCheck = async () => {
    const b = body();
    if (!b) return;
    setChecking(true);
    setMessage(null);
    try {
      const reply = await previewGroup(b);
      setErrors({});
      setPlan(reply.occurrences);
    } catch (error) {
      failed(error, t('groups.form.checkFailed'));
    } finally {
      setChecking(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    if (!b) return;
    setMessage(null);
    try {
      const group = await create.mutateAsync(b);
      notifySuccess(t('groups.form.created'));
      onCreated(group.uuid);
    } catch (error) {
      failed(error, t('groups.form.createFailed'));
      // A clash: show every session and what is in its way.
      if (error instanceof ApiError && error.status === 409) setPlan((await previewGroup(b).catch(() => null))?.occurrences ?? null);
    }
  };

  const err = (field: string) => errors[field]?.[0];
  const fieldId = (name: string) => `${id}-${name}`;
  const input = (name: keyof Fields, label: string, props: { type?: string; min?: number; max?: number } = {}) => (
    <div className="form-control">
      <label className="label" htmlFor={fieldId(name)}><span className="label-text">{label}</span></label>
      <input
        id={fieldId(name)}
        className={`input input-bordered w-full ${err(name) ? 'input-error' : ''}`}
        type={props.type ?? 'text'}
        min={props.min}
        max={props.max}
        value={String(f[name])}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? `${fieldId(name)}-error` : undefined}
        onChange={(e) => set(name, e.target.value as never)}
      />
      {err(name) && <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-error">{err(name)}</p>}
    </div>
  );

  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
      {input('name', t('groups.form.name'))}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="label-text mb-1">{t('groups.form.kind')}</legend>
        {(['closed', 'workshop'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={fieldId('kind')} checked={f.kind === k} onChange={() => set('kind', k)} />
            {t(k === 'closed' ? 'groups.kind.closed' : 'groups.kind.workshop')}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="form-control">
          <label className="label" htmlFor={fieldId('category_id')}><span className="label-text">{t('groups.form.category')}</span></label>
          <select id={fieldId('category_id')} className={`select select-bordered w-full ${err('category_id') ? 'select-error' : ''}`} value={f.category_id} onChange={(e) => set('category_id', e.target.value)}>
            <option value="">{categories.isPending ? t('groups.form.loading') : t('groups.form.selectCategory')}</option>
            {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </select>
          {err('category_id') && <p className="mt-1 text-sm text-error">{err('category_id')}</p>}
        </div>
        {input('capacity', t('groups.form.capacity'), { type: 'number', min: 1, max: 200 })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="form-control">
          <label className="label" htmlFor={fieldId('location_type')}><span className="label-text">{t('groups.form.where')}</span></label>
          <select id={fieldId('location_type')} className="select select-bordered w-full" value={f.location_type} onChange={(e) => set('location_type', e.target.value as Fields['location_type'])}>
            <option value="on-site">{t('groups.form.onSite')}</option>
            <option value="online">{t('groups.form.online')}</option>
          </select>
        </div>
        {input('location', f.location_type === 'online' ? t('groups.form.link') : t('groups.form.room'))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="form-control">
          <label className="label" htmlFor={fieldId('co')}><span className="label-text">{t('groups.form.coFacilitator')}</span></label>
          <select id={fieldId('co')} className={`select select-bordered w-full ${err('co_facilitator_id') ? 'select-error' : ''}`} value={f.co_facilitator_id} onChange={(e) => set('co_facilitator_id', e.target.value)}>
            <option value="">{t('groups.form.noCoFacilitator')}</option>
            {(coFacilitators.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {err('co_facilitator_id') && <p className="mt-1 text-sm text-error">{err('co_facilitator_id')}</p>}
        </div>
        {f.kind === 'workshop' ? (
          <div className="form-control">
            <label className="label" htmlFor={fieldId('audience')}><span className="label-text">{t('groups.form.audience')}</span></label>
            <select id={fieldId('audience')} className="select select-bordered w-full" value={f.audience} onChange={(e) => set('audience', e.target.value as Fields['audience'])}>
              <option value="both">{t('groups.audience.both')}</option>
              <option value="students">{t('groups.audience.students')}</option>
              <option value="personnel">{t('groups.audience.personnel')}</option>
            </select>
          </div>
        ) : (
          <label className="flex items-center gap-2 self-end pb-3">
            <input type="checkbox" className="checkbox checkbox-sm" checked={f.screening_required} onChange={(e) => set('screening_required', e.target.checked)} />
            {t('groups.form.screening')}
          </label>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {input('date', t('groups.form.firstDate'), { type: 'date' })}
        {input('time', t('groups.form.time'), { type: 'time' })}
      </div>
      {err('starts_at') && <p className="text-sm text-error">{err('starts_at')}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="form-control">
          <label className="label" htmlFor={fieldId('frequency')}><span className="label-text">{t('groups.form.frequency')}</span></label>
          <select id={fieldId('frequency')} className="select select-bordered w-full" value={f.frequency} onChange={(e) => set('frequency', e.target.value as Fields['frequency'])}>
            <option value="once">{t('groups.frequency.once')}</option>
            <option value="weekly">{t('groups.frequency.weekly')}</option>
            <option value="fortnightly">{t('groups.frequency.fortnightly')}</option>
          </select>
        </div>
        {f.frequency !== 'once' && input('count', t('groups.form.count'), { type: 'number', min: 2, max: 26 })}
      </div>
      {message && <div role="alert" className="alert alert-error text-sm" data-testid="group-form-error"><span className="break-words">{message}</span></div>}
      {plan && (
        <section aria-label={t('groups.form.sessionsLabel')} data-testid="group-plan">
          <ol className="flex flex-col gap-1 text-sm">
            {plan.map((o) => (
              <li key={o.index} className={`rounded-box border p-2 ${o.problem ? 'border-error bg-error/10' : 'border-base-300'}`}>
                <span className="font-medium">{t('groups.form.session', { index: o.index })}</span>{' '}
                {o.starts_at ? formatWeekdayDateTime(o.starts_at, timeZone) : `${o.date} ${o.time}`}
                {o.problem ? <span className="block text-error">{t('groups.form.clash', { name: o.problem.facilitator, problem: t(PROBLEM[o.problem.code] ?? 'groups.problem.taken') })}</span> : <span className="ml-1 badge badge-success badge-sm">{t('groups.form.free')}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" disabled={checking} onClick={() => void onCheck()}>{checking ? t('groups.form.checking') : t('groups.form.check')}</button>
        <SubmitButton busy={create.isPending}>{create.isPending ? t('groups.form.creating') : t('groups.form.create')}</SubmitButton>
      </div>
    </form>
  );
}
