import type { SetupStatus } from '@kalinga/contracts/setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type MessageKey, useT } from '../../../lib/i18n';
import { setupStatusQuery } from '../api/appointments-api';

export function useSetupStatus(enabled: boolean) {
  return useQuery({ ...setupStatusQuery, select: (reply) => reply.data, enabled });
}

const STEPS: { key: keyof SetupStatus; title: MessageKey; hint: MessageKey; to?: string; action?: MessageKey }[] = [
  { key: 'counselor', title: 'appointments.setup.counselor.title', hint: 'appointments.setup.counselor.hint', to: '/settings/users', action: 'appointments.setup.addUser' },
  { key: 'schedule', title: 'appointments.setup.schedule.title', hint: 'appointments.setup.schedule.hint' },
  { key: 'category', title: 'appointments.setup.category.title', hint: 'appointments.setup.category.hint', to: '/categories', action: 'appointments.setup.openCategories' },
  { key: 'clients', title: 'appointments.setup.clients.title', hint: 'appointments.setup.clients.hint', to: '/settings/users', action: 'appointments.setup.addUser' },
];

/** The administrator's first-run checklist on Appointments; gone once every step is done (or when it cannot load). */
export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const t = useT('appointments');
  const status = useSetupStatus(enabled);
  if (!status.data) return null;
  const done = STEPS.filter((s) => status.data[s.key]).length;
  if (done === STEPS.length) return null;
  return (
    <section aria-labelledby="setup-title" className="card card-border bg-base-100 shadow-sm" data-testid="setup-checklist">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="setup-title" className="text-lg font-semibold">{t('appointments.setup.title')}</h2>
          <span className="text-sm text-base-content/70">{t('appointments.setup.progress', { done, total: STEPS.length })}</span>
        </div>
        <ol className="flex flex-col gap-3">
          {STEPS.map((step) => {
            const ok = status.data[step.key];
            return (
              <li key={step.key} className="flex flex-wrap items-start gap-x-3 gap-y-2">
                <span aria-hidden="true" className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm ${ok ? 'bg-success text-success-content' : 'border border-base-300'}`}>
                  {ok ? '✓' : ''}
                </span>
                <div className="min-w-0 flex-1 basis-52">
                  <p className={`font-medium ${ok ? 'text-base-content/60 line-through' : ''}`}>
                    {t(step.title)}<span className="sr-only">{ok ? t('appointments.setup.done') : t('appointments.setup.todo')}</span>
                  </p>
                  {!ok && <p className="text-sm text-base-content/75">{t(step.hint)}</p>}
                </div>
                {!ok && step.to && <Link to={step.to} className="btn btn-sm btn-outline ml-9 shrink-0 sm:ml-0">{step.action && t(step.action)}</Link>}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
