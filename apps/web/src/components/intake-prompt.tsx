import { Link } from 'react-router';
import { intakePromptShown, useScreeningStatus } from './intake-status';

/**
 * On a client's Appointments screen: the intake questionnaires before a first session (offered or required), or a
 * counselor's request to answer them again. Nothing when there is nothing to ask or the status cannot be read.
 */
export function IntakePrompt({ enabled }: { enabled: boolean }) {
  const status = useScreeningStatus(enabled);
  if (!enabled || !intakePromptShown(status.data)) return null;
  const s = status.data!;
  const repeat = s.done && s.requested;
  return (
    <section aria-labelledby="intake-prompt" className="card border border-primary/30 bg-base-100 shadow-sm">
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="intake-prompt" className="font-semibold">{repeat ? 'Your counselor asks you to answer the questionnaire again' : 'Before your first session'}</h2>
          <p className="text-sm text-base-content/80">
            {repeat
              ? 'Two short questionnaires (about 3 minutes) show how you have been since last time. Only counselors see your answers.'
              : s.mode === 'required'
                ? 'Your centre asks you to answer two short questionnaires (about 3 minutes) before you book. Only counselors see your answers.'
                : 'Two short questionnaires (about 3 minutes) help your counselor prepare. They are optional; only counselors see your answers.'}
          </p>
        </div>
        <Link to="/intake" className="btn btn-primary shrink-0">Answer the questionnaire</Link>
      </div>
    </section>
  );
}
