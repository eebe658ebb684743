import type { SetupStatus } from '@kalinga/contracts/setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';

export function useSetupStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['company-setup'],
    queryFn: () => api.get<{ data: SetupStatus }>('/api/company/setup'),
    select: (reply) => reply.data,
    enabled,
    staleTime: 0,
  });
}

const STEPS: { key: keyof SetupStatus; title: string; hint: string; to?: string; action?: string }[] = [
  { key: 'counselor', title: 'Add a counselor', hint: 'Create a user with the user type Counselor.', to: '/settings/users', action: 'Add a user' },
  { key: 'schedule', title: 'Set their schedule', hint: 'Each counselor marks the days and hours they see clients in My Schedule; clients can book only those times.' },
  { key: 'category', title: 'Add a category', hint: 'Clients pick a category (for example Academic Stress) when they book.', to: '/categories', action: 'Open Categories' },
  { key: 'clients', title: 'Invite clients', hint: 'Add students or personnel, or share the registration page with them.', to: '/settings/users', action: 'Add a user' },
];

/** The administrator's first-run checklist on Appointments; gone once every step is done (or when it cannot load). */
export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const status = useSetupStatus(enabled);
  if (!status.data) return null;
  const done = STEPS.filter((s) => status.data[s.key]).length;
  if (done === STEPS.length) return null;
  return (
    <section aria-labelledby="setup-title" className="card card-border bg-base-100 shadow-sm" data-testid="setup-checklist">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="setup-title" className="text-lg font-semibold">Get your centre ready for its first booking</h2>
          <span className="text-sm text-base-content/70">{done} of {STEPS.length} done</span>
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
                    {step.title}<span className="sr-only">{ok ? ' (done)' : ' (to do)'}</span>
                  </p>
                  {!ok && <p className="text-sm text-base-content/75">{step.hint}</p>}
                </div>
                {!ok && step.to && <Link to={step.to} className="btn btn-sm btn-outline ml-9 shrink-0 sm:ml-0">{step.action}</Link>}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
