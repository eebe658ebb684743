import type { ScreeningReply } from '@kalinga/contracts/screening/schemas';
import { DIFFICULTY_OPTIONS, FREQUENCY_OPTIONS, GAD7_ITEMS, PHQ9_ITEMS } from '@kalinga/contracts/screening/items';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HelpNowLink } from '../../components/help-now-link';
import { SCREENING_STATUS_KEY } from '../../components/intake-status';
import { notifySuccess } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { type MessageKey, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { QuestionGroup } from './question-group';
import { SubmitButton } from '../../components/ui/submit-button';
import { refreshQueries } from '../../lib/refresh-queries';

// The intake questionnaires (decisions 0160, 0162): the PHQ-9 and GAD-7 as published. The answers live in this
// screen's state only (never in browser storage) and go to the server, which scores them; the reply says only
// whether the crisis screen must open. This screen is never kept as a last screen.

const empty = (n: number) => Array.from({ length: n }, () => null as number | null);
// The questionnaires' words in the language in use: English as published (packages/contracts/src/screening/items.ts),
// Filipino as decision 0268 says; item N's key names it, the answers' keys their points.
const PHQ9_KEYS: MessageKey[] = ['intake.phq9.1', 'intake.phq9.2', 'intake.phq9.3', 'intake.phq9.4', 'intake.phq9.5', 'intake.phq9.6', 'intake.phq9.7', 'intake.phq9.8', 'intake.phq9.9'];
const GAD7_KEYS: MessageKey[] = ['intake.gad7.1', 'intake.gad7.2', 'intake.gad7.3', 'intake.gad7.4', 'intake.gad7.5', 'intake.gad7.6', 'intake.gad7.7'];
const FREQUENCY_KEYS: MessageKey[] = ['intake.frequency.0', 'intake.frequency.1', 'intake.frequency.2', 'intake.frequency.3'];
const DIFFICULTY_KEYS: MessageKey[] = ['intake.difficulty.0', 'intake.difficulty.1', 'intake.difficulty.2', 'intake.difficulty.3'];

export function IntakePage() {
  const t = useT('intake');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('intake.title'));
  const frequencies = FREQUENCY_OPTIONS.map((o) => ({ value: o.value, label: t(FREQUENCY_KEYS[o.value]) }));
  const difficulties = DIFFICULTY_OPTIONS.map((o) => ({ value: o.value, label: t(DIFFICULTY_KEYS[o.value]) }));
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
      setError(t('intake.answerAll', { count: gaps.length }));
      document.getElementById(`q-${gaps[0]}`)?.querySelector('input')?.focus();
      return;
    }
    if (!navigator.onLine) {
      setError(t('intake.offline'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api.post<ScreeningReply>('/api/screenings', { uuid: submissionKey, phq9, gad7, difficulty });
      await refreshQueries(qc, { queryKey: SCREENING_STATUS_KEY });
      if (reply.crisis) {
        navigate('/crisis?reason=screening', { replace: true });
        return;
      }
      notifySuccess(t('intake.sent'));
      navigate(params.get('then') === 'book' ? '/appointments?book=1' : '/appointments', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 0 ? t('intake.offline') : err instanceof ApiError ? err.message : t('intake.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-no-snapshot>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('intake.title')}</h1>
          <p className="text-base-content/70">{t('intake.lead')}</p>
        </div>
        <HelpNowLink />
      </div>
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
        <section aria-labelledby="phq9-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            <h2 id="phq9-title" className="card-title text-lg">{t('intake.phq9.question')}</h2>
            {PHQ9_ITEMS.map((item, i) => (
              <QuestionGroup key={item} name={`phq${i}`} number={i + 1} text={t(PHQ9_KEYS[i])} options={frequencies} value={phq9[i]} invalid={missing.has(`phq${i}`)} onChange={(v) => set(phq9, setPhq9, 'phq', i, v)} />
            ))}
          </div>
        </section>
        <section aria-labelledby="gad7-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            <h2 id="gad7-title" className="card-title text-lg">{t('intake.gad7.question')}</h2>
            {GAD7_ITEMS.map((item, i) => (
              <QuestionGroup key={item} name={`gad${i}`} number={i + 1} text={t(GAD7_KEYS[i])} options={frequencies} value={gad7[i]} invalid={missing.has(`gad${i}`)} onChange={(v) => set(gad7, setGad7, 'gad', i, v)} />
            ))}
            <QuestionGroup name="difficulty" number={null} text={t('intake.optional', { question: t('intake.difficulty.question') })} value={difficulty} invalid={false} options={difficulties} onChange={setDifficulty} />
          </div>
        </section>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={() => navigate('/appointments')} disabled={busy}>{t('intake.notNow')}</button>
          <SubmitButton busy={busy}>
            {busy ? t('intake.sending') : t('intake.send')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
