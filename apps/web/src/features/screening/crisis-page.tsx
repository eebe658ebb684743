import { telHref } from '@kalinga/contracts/screening/crisis';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keptCrisisInfo, onCrisisInfoChange, refreshCrisisInfo } from '../../lib/crisis-info';
import { isSignedIn, useAuth } from '../../session/auth-store';
import { type MessageKey, useT } from '../../lib/i18n';
import { crisisWords } from './crisis-words';
import { type RaiseState, useRaiseUrgentCase } from './use-raise-urgent-case';

// The crisis screen (decisions 0161, 0163): the centre's crisis contacts and what happens next, drawn at once from
// what this device kept (or the national lines), with no server call; it opens offline and from a cold start
// offline (its code is precached). Never kept as a last screen, and it shows nothing of anyone's answers. When the
// centre's contacts arrive while it is open (right after a sign-in on a new device), it shows them (decision 0225).

const RAISE_TEXT: Record<Exclude<RaiseState, 'idle'>, MessageKey> = {
  sending: 'crisis.raise.sending',
  told: 'crisis.raise.told',
  offline: 'crisis.raise.offline',
  failed: 'crisis.raise.failed',
  'signed-out': 'crisis.raise.signedOut',
};

export function CrisisPage() {
  const t = useT('crisis');
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const auth = useAuth();
  const signedIn = isSignedIn(auth.status);
  const client = signedIn && auth.user?.user_type !== 'counselor' && !auth.user?.roles.includes('counselor');
  const [kept, setKept] = useState(() => keptCrisisInfo());
  useEffect(() => onCrisisInfoChange(() => setKept(keptCrisisInfo())), []);
  const info = crisisWords(kept, t);
  const raise = useRaiseUrgentCase(reason === 'button' && auth.status !== 'loading' && (client || !signedIn), signedIn);

  useEffect(() => {
    document.title = t('crisis.docTitle');
    // Online and signed in: the centre's latest contacts, shown as soon as they arrive (the kept copy meanwhile).
    if (signedIn) void refreshCrisisInfo();
  }, [signedIn, t]);

  const status = reason === 'screening' ? t(RAISE_TEXT.told) : raise.state === 'idle' ? null : t(RAISE_TEXT[raise.state]);

  return (
    <main className="min-h-dvh bg-base-200 px-4 py-6 sm:py-10">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('crisis.title')}</h1>
          <p className="text-base-content/80">
            {t('crisis.lead')}
          </p>
        </div>

        <section aria-labelledby="crisis-contacts" className="flex flex-col gap-3">
          <h2 id="crisis-contacts" className="text-lg font-semibold">{t('crisis.callNow')}</h2>
          <ul className="flex flex-col gap-3">
            {info.contacts.map((c) => (
              <li key={`${c.name}-${c.number}`} className="card bg-base-100 shadow-sm">
                <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="break-words font-semibold">{c.name}</p>
                    {c.hours && <p className="text-sm text-base-content/75">{c.hours}</p>}
                  </div>
                  <a className="btn btn-error w-full shrink-0 text-base sm:w-auto" href={telHref(c.number)} aria-label={t('crisis.callLabel', { name: c.name, number: c.number })}>
                    <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
                      <path strokeLinecap="round" strokeLinejoin="round" d="M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 002.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 01-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 00-1.091-.852H4.5A2.25 2.25 0 002.25 4.5v2.25z" />
                    </svg>
                    {c.number}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="crisis-next" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <h2 id="crisis-next" className="text-lg font-semibold">{t('crisis.next')}</h2>
            <p className="whitespace-pre-line">{info.next_steps}</p>
            {status && (
              <p role="status" className={`mt-2 rounded-box border-l-4 bg-base-200 p-3 ${raise.state === 'told' || reason === 'screening' ? 'border-success' : raise.state === 'sending' ? 'border-info' : 'border-warning'}`}>
                {status}
              </p>
            )}
            {raise.state === 'failed' && (
              <button type="button" className="btn btn-outline btn-sm w-fit" onClick={raise.retry}>{t('crisis.tryAgain')}</button>
            )}
          </div>
        </section>

        <Link to={signedIn ? '/appointments' : '/login'} className="link link-primary w-fit">{signedIn ? t('crisis.backToApp') : t('crisis.backToSignIn')}</Link>
      </div>
    </main>
  );
}
