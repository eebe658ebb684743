import { Suspense } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { intakePromptShown, useScreeningStatus } from './intake-status';

/**
 * On a client's Appointments screen: the intake questionnaires before a first session (offered or required), or a
 * counselor's request to answer them again. Nothing when there is nothing to ask or the status cannot be read.
 */
export function IntakePrompt({ enabled }: { enabled: boolean }) {
  const status = useScreeningStatus(enabled);
  if (!enabled || !intakePromptShown(status.data)) return null;
  // Its words' catalog arrives with it: the screen around it is not replaced by a fallback meanwhile.
  return (
    <Suspense fallback={null}>
      <Prompt repeat={status.data!.done && status.data!.requested} required={status.data!.mode === 'required'} />
    </Suspense>
  );
}

/** The prompt's words, in the language in use (the intake catalog, loaded only when there is something to ask). */
function Prompt({ repeat, required }: { repeat: boolean; required: boolean }) {
  const t = useT('intake');
  return (
    <section aria-labelledby="intake-prompt" className="card border border-primary/30 bg-base-100 shadow-sm">
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="intake-prompt" className="font-semibold">{repeat ? t('intake.prompt.repeatTitle') : t('intake.prompt.firstTitle')}</h2>
          <p className="text-sm text-base-content/80">
            {repeat ? t('intake.prompt.repeatText') : required ? t('intake.prompt.requiredText') : t('intake.prompt.offeredText')}
          </p>
        </div>
        <Link to="/intake" className="btn btn-primary shrink-0">{t('intake.prompt.answer')}</Link>
      </div>
    </section>
  );
}
