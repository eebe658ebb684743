import type { Screening } from '@kalinga/contracts/screening';
import { bandLabel, FREQUENCY_OPTIONS, GAD7_ITEMS, PHQ9_ITEMS } from '@kalinga/contracts/screening-items';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { ScoresChart } from './scores-chart';
import { useClientScreenings, useRequestRepeat } from './triage-api';

// A client's screenings for a counselor (decisions 0160, 0162): scores over time, each screening's answers, and a
// request to answer again at a follow-up. Each open of this screen is recorded by the server.

const label = (v: number) => FREQUENCY_OPTIONS[v]?.label ?? '—';

function Answers({ s }: { s: Screening }) {
  return (
    <details className="rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-medium">
        {formatDateTime(s.created_at)} · {s.kind === 'intake' ? 'Intake' : 'Follow-up'} · PHQ-9 {s.phq9_score} ({bandLabel(s.phq9_band)}) · GAD-7 {s.gad7_score} ({bandLabel(s.gad7_band)})
      </summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {([['PHQ-9', PHQ9_ITEMS, s.phq9], ['GAD-7', GAD7_ITEMS, s.gad7]] as const).map(([title, items, values]) => (
          <div key={title} className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="text-left font-semibold">{title}</caption>
              <thead><tr><th scope="col">Item</th><th scope="col">Answer</th></tr></thead>
              <tbody>
                {items.map((text, i) => (
                  <tr key={text} className={title === 'PHQ-9' && i === 8 && (values[i] ?? 0) > 0 ? 'bg-error/10' : ''}>
                    <td className="min-w-48">{i + 1}. {text}</td>
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
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Screenings');
  const clientId = Number(useParams().id);
  const data = useClientScreenings(clientId);
  const repeat = useRequestRepeat(clientId);

  const ask = async () => {
    try {
      await repeat.mutateAsync();
      notifySuccess('The client will be asked to answer again');
    } catch (error) {
      notifyError(serverMessageOr(error, 'Failed to ask for a repeat'));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5" data-no-snapshot>
      {data.isPending ? (
        <LoadingBlock text="Loading screenings..." />
      ) : data.isError ? (
        <ErrorAlert message={serverMessageOr(data.error, 'Failed to load the screenings')} onRetry={() => void data.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold">{data.data.client.name}: screenings</h1>
              <p className="text-base-content/70">Confidential: counselors only. Each time this screen opens it is recorded.</p>
            </div>
            <button type="button" className="btn btn-primary" disabled={repeat.isPending || data.data.requested_at !== null} onClick={() => void ask()}>
              {data.data.requested_at ? 'Repeat requested' : 'Ask for a repeat'}
            </button>
          </div>
          {data.data.requested_at && <p role="status" className="text-sm">Asked on {formatDateTime(data.data.requested_at)}; the client sees the request on their Appointments screen.</p>}
          {data.data.screenings.length === 0 ? (
            <EmptyState title="No screenings yet" text="This client has not answered the intake questionnaires." />
          ) : (
            <>
              <section aria-labelledby="scores-title" className="card bg-base-100 shadow-sm">
                <div className="card-body gap-3 p-4">
                  <h2 id="scores-title" className="card-title text-lg">Scores over time</h2>
                  <ScoresChart screenings={data.data.screenings} />
                </div>
              </section>
              <section aria-labelledby="answers-title" className="flex flex-col gap-3">
                <h2 id="answers-title" className="text-lg font-semibold">Answers</h2>
                {[...data.data.screenings].reverse().map((s) => <Answers key={s.id} s={s} />)}
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
