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
  return <Prompt repeat={status.data!.done && status.data!.requested} required={status.data!.mode === 'required'} />;
}

/**
 * The prompt's words, in the language in use. They are in the Appointments catalog, which the page's start-up sends
 * with the screen's code: as its own catalog (intake) they were one more round trip before the prompt, the
 * screen's largest paint (decision 0371, "helper i").
 */
function Prompt({ repeat, required }: { repeat: boolean; required: boolean }) {
  const t = useT('appointments');
  return (
    <section aria-labelledby="intake-prompt" className="card border border-primary/30 bg-base-100 shadow-sm">
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="intake-prompt" className="font-semibold">{repeat ? t('appointments.intakePrompt.repeatTitle') : t('appointments.intakePrompt.firstTitle')}</h2>
          <p className="text-sm text-base-content/80">
            {repeat ? t('appointments.intakePrompt.repeatText') : required ? t('appointments.intakePrompt.requiredText') : t('appointments.intakePrompt.offeredText')}
          </p>
        </div>
        <Link to="/intake" className="btn btn-primary shrink-0">{t('appointments.intakePrompt.answer')}</Link>
      </div>
    </section>
  );
}
