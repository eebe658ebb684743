import type { TriageItem } from '@kalinga/contracts/screening';
import { bandLabel } from '@kalinga/contracts/screening-items';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatWeekdayDateTime } from '../../lib/dates';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { SameDaySlots } from './same-day-booking';
import { useAcknowledge, useTriage } from './triage-api';

// The Triage list (decisions 0164, 0153): urgent cases until acknowledged, then new intakes by severity, then the
// waitlist, then what was done.

function Row({ item, onAcknowledge, busy }: { item: TriageItem; onAcknowledge: (id: number) => void; busy: boolean }) {
  const open = item.kind === 'urgent' && item.acknowledged_at === null;
  const bookable = item.kind === 'urgent' && item.booked_at === null;
  const [choosing, setChoosing] = useState(false);
  const action = useRef<HTMLParagraphElement>(null);
  return (
    <li className={`card bg-base-100 shadow-sm ${open ? 'border-l-4 border-error' : ''}`} data-testid="triage-row">
      <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            {item.kind === 'urgent' ? (
              <span className={`badge ${open ? 'badge-error' : 'badge-ghost'}`}>{open ? 'Urgent' : 'Urgent (handled)'}</span>
            ) : item.kind === 'waitlist' ? (
              <span className="badge badge-outline">Waitlist</span>
            ) : (
              <span className="badge badge-outline">Intake: {bandLabel(item.band ?? 'minimal')}</span>
            )}
            <span className="break-words font-semibold">{item.client_name}</span>
          </p>
          <p className="text-sm text-base-content/75">
            <time dateTime={item.at}>{formatWeekdayDateTime(item.at)}</time>
            {item.kind === 'urgent' && <> · {item.source === 'screening' ? 'From the intake questionnaire' : '"I need help now"'}</>}
          </p>
          <p className="text-sm" ref={action} tabIndex={-1}>
            {item.action}
            {item.booked_at && <>, <time dateTime={item.booked_at}>{formatWeekdayDateTime(item.booked_at)}</time></>}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {item.kind === 'waitlist' && <Link className="btn btn-sm btn-ghost" to="/waitlist">Waitlist</Link>}
          <Link className="btn btn-sm btn-ghost" to={`/clients/${item.client_id}/screenings`}>Screenings</Link>
          {bookable && (
            <button type="button" className="btn btn-sm btn-outline" aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>
              Book same-day slot
            </button>
          )}
          {open && (
            <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => onAcknowledge(item.id)}>
              Acknowledge
            </button>
          )}
        </div>
      </div>
      {bookable && choosing && (
        <div className="px-4 pb-4">
          <SameDaySlots
            caseId={item.id}
            clientName={item.client_name}
            onDone={() => {
              setChoosing(false);
              // The row stays (now booked): focus goes to what it says was done.
              action.current?.focus();
            }}
          />
        </div>
      )}
    </li>
  );
}

export function TriagePage() {
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Triage');
  const list = useTriage();
  const ack = useAcknowledge();

  const acknowledge = async (id: number) => {
    try {
      await ack.mutateAsync(id);
      notifySuccess('Urgent case acknowledged');
    } catch (error) {
      notifyError(error instanceof ApiError && error.status === 409 ? error.message : 'Failed to acknowledge the case');
    }
  };

  const items = list.data?.data ?? [];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">Triage</h1>
        <p className="text-base-content/70">Urgent cases first, until a counselor acknowledges them; then new intakes, the most severe first; then the waitlist.</p>
      </div>
      {list.isPending ? (
        <LoadingBlock text="Loading the Triage list..." />
      ) : list.isError ? (
        <ErrorAlert message="Failed to load the Triage list" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="Nothing to triage" text="No urgent cases, no new intakes in the last 14 days and nobody on the waitlist." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Triage list">
          {items.map((item) => (
            <Row key={`${item.kind}-${item.id}`} item={item} busy={ack.isPending} onAcknowledge={(id) => void acknowledge(id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
