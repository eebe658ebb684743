import type { Screening } from '@kalinga/contracts/screening/schemas';
import { GAD7_ITEMS, PHQ9_ITEMS } from '@kalinga/contracts/screening/items';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { centreShortDateTime } from '../../lib/centre-time';
import { type MessageKey, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { ScoresChart } from './scores-chart';
import { bandName } from './triage-page';
import { useClientScreenings, useRequestRepeat } from './triage-api';

// A client's screenings for a counselor (decisions 0160, 0162): scores over time, each screening's answers, and a
// request to answer again at a follow-up. Each open of this screen is recorded by the server.

// The questionnaires' items and answers in the language in use, from the intake catalogs (decision 0268).
const PHQ9_KEYS: MessageKey[] = ['intake.phq9.1', 'intake.phq9.2', 'intake.phq9.3', 'intake.phq9.4', 'intake.phq9.5', 'intake.phq9.6', 'intake.phq9.7', 'intake.phq9.8', 'intake.phq9.9'];
const GAD7_KEYS: MessageKey[] = ['intake.gad7.1', 'intake.gad7.2', 'intake.gad7.3', 'intake.gad7.4', 'intake.gad7.5', 'intake.gad7.6', 'intake.gad7.7'];
const FREQUENCY_KEYS: MessageKey[] = ['intake.frequency.0', 'intake.frequency.1', 'intake.frequency.2', 'intake.frequency.3'];

function Answers({ s }: { s: Screening }) {
  const t = useT('triage', 'intake');
  const label = (v: number) => (FREQUENCY_KEYS[v] ? t(FREQUENCY_KEYS[v]) : '—');
  // On the centre's clock, its zone named when the browser's differs (decisions 0224, 0380).
  const zone = useSiteSettings().data?.timezone;
  return (
    <details className="rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-medium">
        {t('triage.screenings.summary', {
          date: centreShortDateTime(s.created_at, zone),
          kind: s.kind === 'intake' ? t('triage.screenings.intake') : t('triage.screenings.followUp'),
          phq9: s.phq9_score,
          phq9Band: bandName(t, s.phq9_band),
          gad7: s.gad7_score,
          gad7Band: bandName(t, s.gad7_band),
        })}
      </summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {([['PHQ-9', PHQ9_ITEMS, PHQ9_KEYS, s.phq9], ['GAD-7', GAD7_ITEMS, GAD7_KEYS, s.gad7]] as const).map(([title, items, keys, values]) => (
          <div key={title} className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="text-left font-semibold">{title}</caption>
              <thead><tr><th scope="col">{t('triage.screenings.item')}</th><th scope="col">{t('triage.screenings.answer')}</th></tr></thead>
              <tbody>
                {items.map((text, i) => (
                  <tr key={text} className={title === 'PHQ-9' && i === 8 && (values[i] ?? 0) > 0 ? 'bg-error/10' : ''}>
                    <td className="min-w-48">{i + 1}. {t(keys[i])}</td>
                    <td className="whitespace-nowrap">{label(values[i] ?? -1)} ({values[i]})</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </details>
  );
}

export function ClientScreeningsPage() {
  const t = useT('triage');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('triage.screenings.title'));
  const clientId = Number(useParams().id);
  const data = useClientScreenings(clientId);
  const repeat = useRequestRepeat(clientId);

  const ask = async () => {
    try {
      await repeat.mutateAsync();
      notifySuccess(t('triage.screenings.repeatAsked'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('triage.screenings.repeatFailed')));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5" data-no-snapshot>
      {data.isPending ? (
        <LoadingBlock text={t('triage.screenings.loading')} />
      ) : data.isError ? (
        <ErrorAlert message={serverMessageOr(data.error, t('triage.screenings.loadFailed'))} retryText={t('triage.retry')} onRetry={() => void data.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold">{t('triage.screenings.heading', { name: data.data.client.name })}</h1>
              <p className="text-base-content/70">{t('triage.screenings.confidential')}</p>
            </div>
            <button type="button" className="btn btn-primary" disabled={repeat.isPending || data.data.requested_at !== null} onClick={() => void ask()}>
              {data.data.requested_at ? t('triage.screenings.repeatRequested') : t('triage.screenings.askRepeat')}
            </button>
          </div>
          {data.data.requested_at && <p role="status" className="text-sm">{t('triage.screenings.askedOn', { date: centreShortDateTime(data.data.requested_at, settings.data?.timezone) })}</p>}
          {data.data.screenings.length === 0 ? (
            <EmptyState title={t('triage.screenings.emptyTitle')} text={t('triage.screenings.emptyText')} />
          ) : (
            <>
              <section aria-labelledby="scores-title" className="card bg-base-100 shadow-sm">
                <div className="card-body gap-3 p-4">
                  <h2 id="scores-title" className="card-title text-lg">{t('triage.screenings.scores')}</h2>
                  <ScoresChart screenings={data.data.screenings} />
                </div>
              </section>
              <section aria-labelledby="answers-title" className="flex flex-col gap-3">
                <h2 id="answers-title" className="text-lg font-semibold">{t('triage.screenings.answers')}</h2>
                {[...data.data.screenings].reverse().map((s) => <Answers key={s.id} s={s} />)}
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
