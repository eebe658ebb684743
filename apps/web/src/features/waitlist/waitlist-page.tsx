import type { WaitlistEntry } from '@kalinga/contracts/waitlist';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { zoneToName } from '../../lib/centre-time';
import { type MessageKey, t as translate, useT } from '../../lib/i18n';
import { formatClock, formatDate, formatDateRange, formatTime, formatWeekdayDateTime } from '../../lib/dates';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { isCounselorUser, isManager } from '../../lib/viewer';
import { useAuth } from '../../session/auth-store';
import { JoinForm } from './join-form';
import { useAcceptOffer, useDeclineOffer, useLeaveWaitlist, useMyWaitlist, useWaitingList } from './waitlist-api';

// The waitlist (decisions 0151-0153): a client joins, sees the time held for them and accepts it in one click, or
// leaves; counselors and managers see everyone waiting, oldest first. Every time is on the centre's clock, like the
// hours an entry waits for, and the screen names the centre's zone when the browser's differs (decision 0224).

const CLOSED: Record<WaitlistEntry['status'], MessageKey> = { waiting: 'waitlist.status.waiting', booked: 'waitlist.status.booked', left: 'waitlist.status.left', ended: 'waitlist.status.ended' };

/** 'Any counselor · Nov 26 – Dec 10 · Mon, Wed · 8:00 AM – 5:00 PM': what an entry waits for (drawn where the waitlist catalog is loaded). */
function waitsFor(e: WaitlistEntry): string {
  return [
    e.counselor ? e.counselor.name : translate('waitlist.anyCounselor'),
    e.from_date === e.to_date ? formatDate(`${e.from_date}T12:00:00Z`, 'UTC') : formatDateRange(`${e.from_date}T12:00:00Z`, `${e.to_date}T12:00:00Z`, 'UTC'),
    e.days.map((day) => translate('waitlist.dayShort', { day })).join(', '),
    `${formatClock(e.time_from)} – ${formatClock(e.time_to)}`,
  ].join(' · ');
}

interface Booked {
  appointment_uuid: string;
  approval_reason: string | null;
}

function OfferPanel({ entry, onBooked, timeZone }: { entry: WaitlistEntry; onBooked: (booked: Booked) => void; timeZone: string | undefined }) {
  const t = useT('waitlist');
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const offer = entry.offer!;
  const busy = accept.isPending || decline.isPending;
  const onAccept = async () => {
    try {
      const reply = await accept.mutateAsync(offer.uuid);
      notifySuccess(t('waitlist.offer.booked'));
      onBooked(reply);
    } catch (error) {
      notifyError(serverMessageOr(error, t('waitlist.offer.acceptFailed')));
    }
  };
  const onDecline = async () => {
    try {
      await decline.mutateAsync(offer.uuid);
      notifySuccess(t('waitlist.offer.declined'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('waitlist.offer.declineFailed')));
    }
  };
  return (
    <section className="rounded-box border-2 border-success bg-success/10 p-4" aria-labelledby="offer-heading" data-testid="waitlist-offer">
      <h2 id="offer-heading" className="text-lg font-semibold">{t('waitlist.offer.title')}</h2>
      <p className="mt-1">
        <strong><time dateTime={offer.appointment_date}>{formatWeekdayDateTime(offer.appointment_date, timeZone)}</time></strong> {t('waitlist.offer.with', { name: offer.counselor.name })}
      </p>
      <p className="text-sm text-base-content/80">
        {t('waitlist.offer.heldUntil', { time: formatTime(offer.expires_at, timeZone) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => void onAccept()}>{accept.isPending ? t('waitlist.offer.booking') : t('waitlist.offer.accept')}</button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void onDecline()}>{t('waitlist.offer.decline')}</button>
      </div>
    </section>
  );
}

function ClientWaitlist({ timeZone }: { timeZone: string | undefined }) {
  const t = useT('waitlist');
  const [params] = useSearchParams();
  const [booked, setBooked] = useState<Booked | null>(null);
  const mine = useMyWaitlist(true);
  const leave = useLeaveWaitlist();
  if (mine.isPending) return <LoadingBlock text={t('waitlist.mine.loading')} />;
  if (mine.isError) return <ErrorAlert message={t('waitlist.mine.loadFailed')} retryText={t('waitlist.retry')} onRetry={() => void mine.refetch()} />;
  const entries = mine.data.data;
  const waiting = entries.find((e) => e.status === 'waiting');
  const closed = entries.filter((e) => e.status !== 'waiting');
  const onLeave = async (uuid: string) => {
    if (!(await confirm({ title: t('waitlist.leave.title'), text: t('waitlist.leave.text'), confirmText: t('waitlist.leave.confirm'), cancelText: t('waitlist.leave.cancel'), danger: true }))) return;
    try {
      await leave.mutateAsync(uuid);
      notifySuccess(t('waitlist.leave.done'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('waitlist.leave.failed')));
    }
  };
  return (
    <>
      {waiting ? (
        <div className="flex flex-col gap-4">
          {waiting.offer && <OfferPanel entry={waiting} onBooked={setBooked} timeZone={timeZone} />}
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold">{t('waitlist.mine.onList')}</p>
                <p className="break-words text-sm text-base-content/80">{waitsFor(waiting)}</p>
                <p className="text-sm text-base-content/70">{t(waiting.offer ? 'waitlist.mine.since' : 'waitlist.mine.sinceNoOffer', { date: formatDate(waiting.created_at, timeZone) })}</p>
              </div>
              <button type="button" className="btn btn-outline btn-error btn-sm shrink-0" disabled={leave.isPending} onClick={() => void onLeave(waiting.uuid)}>{t('waitlist.leave.button')}</button>
            </div>
          </div>
        </div>
      ) : (
        <>
          {booked && (
            <div role="status" className="alert alert-success">
              <span>
                {t('waitlist.mine.bookedFrom')}{booked.approval_reason && ` ${booked.approval_reason}`}{' '}
                <Link className="link" to={`/appointments?open=${encodeURIComponent(booked.appointment_uuid)}`}>{t('waitlist.viewAppointment')}</Link>
              </span>
            </div>
          )}
          <JoinForm timeZone={timeZone} counselorId={params.get('counselor')} />
        </>
      )}
      {closed.length > 0 && (
        <section aria-labelledby="past-heading" className="flex flex-col gap-2">
          <h2 id="past-heading" className="font-semibold">{t('waitlist.mine.earlier')}</h2>
          <ul className="flex flex-col gap-2">
            {closed.map((e) => (
              <li key={e.uuid} className="rounded-box border border-base-300 p-3 text-sm">
                <span className="badge badge-ghost mr-2">{t(CLOSED[e.status])}</span>
                <span className="break-words">{waitsFor(e)}</span>
                {e.appointment_uuid && <> · <Link className="link" to={`/appointments?open=${encodeURIComponent(e.appointment_uuid)}`}>{t('waitlist.viewAppointment')}</Link></>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function StaffWaitlist({ timeZone }: { timeZone: string | undefined }) {
  const t = useT('waitlist');
  const list = useWaitingList(true);
  if (list.isPending) return <LoadingBlock text={t('waitlist.staff.loading')} />;
  if (list.isError) return <ErrorAlert message={t('waitlist.staff.loadFailed')} retryText={t('waitlist.retry')} onRetry={() => void list.refetch()} />;
  const entries = list.data.data;
  if (entries.length === 0) return <EmptyState title={t('waitlist.staff.emptyTitle')} text={t('waitlist.staff.emptyText')} />;
  return (
    <ol className="flex flex-col gap-3" aria-label={t('waitlist.staff.listLabel')}>
      {entries.map((e, i) => (
        <li key={e.uuid} className="card bg-base-100 shadow-sm" data-testid="waitlist-row">
          <div className="card-body gap-1 p-4">
            <p className="flex flex-wrap items-center gap-2">
              <span className="badge badge-outline">{i + 1}</span>
              <span className="break-words font-semibold">{e.client.name}</span>
              {e.offer ? <span className="badge badge-success">{t('waitlist.staff.heldUntil', { time: formatTime(e.offer.expires_at, timeZone) })}</span> : <span className="badge badge-ghost">{t('waitlist.status.waiting')}</span>}
            </p>
            <p className="break-words text-sm text-base-content/80">{waitsFor(e)}</p>
            <p className="text-sm text-base-content/70">
              {t('waitlist.staff.joined')} <time dateTime={e.created_at}>{formatWeekdayDateTime(e.created_at, timeZone)}</time>
              {e.offer && <> · {t('waitlist.staff.offered', { when: formatWeekdayDateTime(e.offer.appointment_date, timeZone), name: e.offer.counselor.name })}</>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function WaitlistPage() {
  const t = useT('waitlist');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('waitlist.title'));
  const { user } = useAuth();
  const staff = isCounselorUser(user) || isManager(user);
  const timeZone = settings.data?.timezone;
  const zone = zoneToName(timeZone);
  const zoneNote = zone ? t('waitlist.zoneNote', { zone }) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t('waitlist.title')}</h1>
        <p className="text-base-content/70">
          {staff ? t('waitlist.staff.lead') : t('waitlist.client.lead')}
        </p>
        {zoneNote && <p className="text-sm text-base-content/70" data-testid="centre-zone-note">{zoneNote}</p>}
      </div>
      {staff ? <StaffWaitlist timeZone={timeZone} /> : <ClientWaitlist timeZone={timeZone} />}
    </div>
  );
}
