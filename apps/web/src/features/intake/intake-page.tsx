import type { ScreeningReply } from '@kalinga/contracts/screening';
import { DIFFICULTY_OPTIONS, DIFFICULTY_QUESTION, GAD7_ITEMS, GAD7_QUESTION, PHQ9_ITEMS, PHQ9_QUESTION } from '@kalinga/contracts/screening-items';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HelpNowLink } from '../../components/help-now-link';
import { SCREENING_STATUS_KEY } from '../../components/intake-status';
import { notifySuccess } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { QuestionGroup } from './question-group';
import { SubmitButton } from '../../components/ui/submit-button';

// The intake questionnaires (decisions 0160, 0162): the PHQ-9 and GAD-7 as published. The answers live in this
// screen's state only (never in browser storage) and go to the server, which scores them; the reply says only
// whether the crisis screen must open. This screen is never kept as a last screen.

const empty = (n: number) => Array.from({ length: n }, () => null as number | null);
const OFFLINE = 'You are offline. Your answers are still here: send them when you are back online.';

export function IntakePage() {
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Intake questionnaire');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const [phq9, setPhq9] = useState(() => empty(PHQ9_ITEMS.length));
  const [gad7, setGad7] = useState(() => empty(GAD7_ITEMS.length));
  const [difficulty, setDifficulty] = useState<number | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key for this screen's submission: sending again after a failure or a lost reply is stored once.
  const [submissionKey] = useState(() => crypto.randomUUID());

  const set = (list: (number | null)[], setList: (v: (number | null)[]) => void, prefix: string, i: number, v: number) => {
    setList(list.map((x, j) => (j === i ? v : x)));
    setMissing((m) => {
      const next = new Set(m);
      next.delete(`${prefix}${i}`);
      return next;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const gaps = [...phq9.flatMap((v, i) => (v === null ? [`phq${i}`] : [])), ...gad7.flatMap((v, i) => (v === null ? [`gad${i}`] : []))];
    if (gaps.length > 0) {
      setMissing(new Set(gaps));
      setError(`Please answer every question (${gaps.length} left).`);
      document.getElementById(`q-${gaps[0]}`)?.querySelector('input')?.focus();
      return;
    }
    if (!navigator.onLine) {
      setError(OFFLINE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api.post<ScreeningReply>('/api/screenings', { uuid: submissionKey, phq9, gad7, difficulty });
      await qc.invalidateQueries({ queryKey: SCREENING_STATUS_KEY });
      if (reply.crisis) {
        navigate('/crisis?reason=screening', { replace: true });
        return;
      }
      notifySuccess('Thank you. Your answers went to your counselors.');
      navigate(params.get('then') === 'book' ? '/appointments?book=1' : '/appointments', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 0 ? OFFLINE : err instanceof ApiError ? err.message : 'Failed to send your answers. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Intake questionnaire</h1>
          <p className="text-base-content/70">Two short questionnaires (PHQ-9 and GAD-7). Only counselors see your answers.</p>
        </div>
        <HelpNowLink />
      </div>
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
        <section aria-labelledby="phq9-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            <h2 id="phq9-title" className="card-title text-lg">{PHQ9_QUESTION}</h2>
            {PHQ9_ITEMS.map((text, i) => (
              <QuestionGroup key={text} name={`phq${i}`} number={i + 1} text={text} value={phq9[i]} invalid={missing.has(`phq${i}`)} onChange={(v) => set(phq9, setPhq9, 'phq', i, v)} />
            ))}
          </div>
        </section>
        <section aria-labelledby="gad7-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            <h2 id="gad7-title" className="card-title text-lg">{GAD7_QUESTION}</h2>
            {GAD7_ITEMS.map((text, i) => (
              <QuestionGroup key={text} name={`gad${i}`} number={i + 1} text={text} value={gad7[i]} invalid={missing.has(`gad${i}`)} onChange={(v) => set(gad7, setGad7, 'gad', i, v)} />
            ))}
            <QuestionGroup name="difficulty" number={null} text={`${DIFFICULTY_QUESTION} (optional)`} value={difficulty} invalid={false} options={DIFFICULTY_OPTIONS} onChange={setDifficulty} />
          </div>
        </section>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={() => navigate('/appointments')} disabled={busy}>Not now</button>
          <SubmitButton busy={busy}>
            {busy ? 'Sending...' : 'Send my answers'}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
