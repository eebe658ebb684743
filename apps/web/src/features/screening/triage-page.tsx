import type { TriageItem } from '@kalinga/contracts/screening/schemas';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { centreDateTime } from '../../lib/centre-time';
import { type Translate, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { SameDaySlots } from './same-day-booking';
import { useAcknowledge, useTriage } from './triage-api';

// The Triage list (decisions 0164, 0153): urgent cases until acknowledged, then new intakes by severity, then the
// waitlist, then what was done.

/** A severity band's name ('moderately severe' is the catalog's moderatelySevere). */
export function bandName(t: Translate, band: string): string {
  return t('triage.band', { band: band === 'moderately severe' ? 'moderatelySevere' : band });
}

/** The server's English lines for a waitlist row, which carries no other sign of whether a time is held. */
const WAITLIST_ACTIONS = {
  'On the waitlist for any counselor; no time offered yet': 'triage.action.waitingAny',
  'On the waitlist for you; no time offered yet': 'triage.action.waitingYou',
  'A freed time is held for them now; waiting for their answer': 'triage.action.held',
} as const;

/** What was done about a row, in the language in use, from its fields (the server's English line otherwise). */
export function actionText(t: Translate, item: TriageItem): string {
  if (item.kind === 'intake') return t('triage.action.intake');
  if (item.kind === 'waitlist') {
    const key = WAITLIST_ACTIONS[item.action as keyof typeof WAITLIST_ACTIONS];
    return key ? t(key) : item.action;
  }
  if (item.booked_with) return t('triage.action.booked', { name: item.booked_with });
  if (item.acknowledged_at) return t('triage.action.acknowledged', { name: item.acknowledged_by ?? t('triage.action.formerCounselor') });
  return item.escalated_at ? t('triage.action.escalated') : t('triage.action.told');
}

function Row({ item, onAcknowledge, busy }: { item: TriageItem; onAcknowledge: (id: number) => void; busy: boolean }) {
  const open = item.kind === 'urgent' && item.acknowledged_at === null;
  const bookable = item.kind === 'urgent' && item.booked_at === null;
  const t = useT('triage');
  const [choosing, setChoosing] = useState(false);
  const action = useRef<HTMLParagraphElement>(null);
  // On the centre's clock, its zone named when the browser's differs (decisions 0224, 0380).
  const zone = useSiteSettings().data?.timezone;
  return (
    <li className={`card bg-base-100 shadow-sm ${open ? 'border-l-4 border-error' : ''}`} data-testid="triage-row">
      <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            {item.kind === 'urgent' ? (
              <span className={`badge ${open ? 'badge-error' : 'badge-ghost'}`}>{open ? t('triage.urgent') : t('triage.urgentHandled')}</span>
            ) : item.kind === 'waitlist' ? (
              <span className="badge badge-outline">{t('triage.waitlist')}</span>
            ) : (
              <span className="badge badge-outline">{t('triage.intakeBand', { band: bandName(t, item.band ?? 'minimal') })}</span>
            )}
            <span className="break-words font-semibold">{item.client_name}</span>
          </p>
          <p className="text-sm text-base-content/75">
            <time dateTime={item.at}>{centreDateTime(item.at, zone)}</time>
            {item.kind === 'urgent' && <> · {item.source === 'screening' ? t('triage.fromIntake') : t('triage.fromButton')}</>}
          </p>
          <p className="text-sm" ref={action} tabIndex={-1}>
            {actionText(t, item)}
            {item.booked_at && <>, <time dateTime={item.booked_at}>{centreDateTime(item.booked_at, zone)}</time></>}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {item.kind === 'waitlist' && <Link className="btn btn-sm btn-ghost" to="/waitlist">{t('triage.waitlist')}</Link>}
          <Link className="btn btn-sm btn-ghost" to={`/clients/${item.client_id}/screenings`}>{t('triage.screenings')}</Link>
          {bookable && (
            <button type="button" className="btn btn-sm btn-outline" aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>
              {t('triage.bookSameDay')}
            </button>
          )}
          {open && (
            <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => onAcknowledge(item.id)}>
              {t('triage.acknowledge')}
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
  const t = useT('triage');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('triage.title'));
  const list = useTriage();
  const ack = useAcknowledge();

  const acknowledge = async (id: number) => {
    try {
      await ack.mutateAsync(id);
      notifySuccess(t('triage.acknowledged'));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status === 409 ? error.message : t('triage.acknowledgeFailed'));
    }
  };

  const items = list.data?.data ?? [];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('triage.title')}</h1>
        <p className="text-base-content/70">{t('triage.lead')}</p>
      </div>
      {list.isPending ? (
        <LoadingBlock text={t('triage.loading')} />
      ) : list.isError ? (
        <ErrorAlert message={t('triage.loadFailed')} retryText={t('triage.retry')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('triage.emptyTitle')} text={t('triage.emptyText')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('triage.listLabel')}>
          {items.map((item) => (
            <Row key={`${item.kind}-${item.id}`} item={item} busy={ack.isPending} onAcknowledge={(id) => void acknowledge(id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
