import type { Weekday } from '@kalinga/contracts/schedule';
import type { WaitlistEntry } from '@kalinga/contracts/waitlist';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatClock, formatDate, formatDateRange, formatTime, formatWeekdayDateTime } from '../../lib/dates';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { isCounselorUser, isManager } from '../appointments/appointment-rules';
import { useAuth } from '../auth/auth-store';
import { JoinForm } from './join-form';
import { useAcceptOffer, useDeclineOffer, useLeaveWaitlist, useMyWaitlist, useWaitingList } from './waitlist-api';

// The waitlist (decisions 0151-0153): a client joins, sees the time held for them and accepts it in one click, or
// leaves; counselors and managers see everyone waiting, oldest first.

const DAY_SHORT: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };
const CLOSED: Record<WaitlistEntry['status'], string> = { waiting: 'Waiting', booked: 'Booked', left: 'Left the waitlist', ended: 'Dates passed' };

/** 'Any counselor · Nov 26 – Dec 10 · Mon, Wed · 8:00 AM – 5:00 PM': what an entry waits for. */
function waitsFor(e: WaitlistEntry): string {
  return [
    e.counselor ? e.counselor.name : 'Any counselor',
    e.from_date === e.to_date ? formatDate(`${e.from_date}T12:00:00Z`, 'UTC') : formatDateRange(`${e.from_date}T12:00:00Z`, `${e.to_date}T12:00:00Z`, 'UTC'),
    e.days.map((d) => DAY_SHORT[d]).join(', '),
    `${formatClock(e.time_from)} – ${formatClock(e.time_to)}`,
  ].join(' · ');
}

interface Booked {
  appointment_uuid: string;
  approval_reason: string | null;
}

function OfferPanel({ entry, onBooked }: { entry: WaitlistEntry; onBooked: (booked: Booked) => void }) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const offer = entry.offer!;
  const busy = accept.isPending || decline.isPending;
  const onAccept = async () => {
    try {
      const reply = await accept.mutateAsync(offer.uuid);
      notifySuccess('Appointment booked');
      onBooked(reply);
    } catch (error) {
      notifyError(serverMessageOr(error, 'Failed to accept the time'));
    }
  };
  const onDecline = async () => {
    try {
      await decline.mutateAsync(offer.uuid);
      notifySuccess('Time declined; you stay on the waitlist');
    } catch (error) {
      notifyError(serverMessageOr(error, 'Failed to decline the time'));
    }
  };
  return (
    <section className="rounded-box border-2 border-success bg-success/10 p-4" aria-labelledby="offer-heading" data-testid="waitlist-offer">
      <h2 id="offer-heading" className="text-lg font-semibold">A time has opened for you</h2>
      <p className="mt-1">
        <strong><time dateTime={offer.appointment_date}>{formatWeekdayDateTime(offer.appointment_date)}</time></strong> with {offer.counselor.name}.
      </p>
      <p className="text-sm text-base-content/80">
        Held for you until <time dateTime={offer.expires_at}>{formatTime(offer.expires_at)}</time>; after that it is offered to the next person waiting.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => void onAccept()}>{accept.isPending ? 'Booking...' : 'Accept and book'}</button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void onDecline()}>Decline</button>
      </div>
    </section>
  );
}

function ClientWaitlist({ timeZone }: { timeZone: string | undefined }) {
  const [params] = useSearchParams();
  const [booked, setBooked] = useState<Booked | null>(null);
  const mine = useMyWaitlist(true);
  const leave = useLeaveWaitlist();
  if (mine.isPending) return <LoadingBlock text="Loading your waitlist..." />;
  if (mine.isError) return <ErrorAlert message="Failed to load your waitlist" onRetry={() => void mine.refetch()} />;
  const entries = mine.data.data;
  const waiting = entries.find((e) => e.status === 'waiting');
  const closed = entries.filter((e) => e.status !== 'waiting');
  const onLeave = async (uuid: string) => {
    if (!(await confirm({ title: 'Leave the waitlist?', text: 'A time held for you now goes to the next person waiting.', confirmText: 'Leave', danger: true }))) return;
    try {
      await leave.mutateAsync(uuid);
      notifySuccess('You left the waitlist');
    } catch (error) {
      notifyError(serverMessageOr(error, 'Failed to leave the waitlist'));
    }
  };
  return (
    <>
      {waiting ? (
        <div className="flex flex-col gap-4">
          {waiting.offer && <OfferPanel entry={waiting} onBooked={setBooked} />}
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold">You are on the waitlist</p>
                <p className="break-words text-sm text-base-content/80">{waitsFor(waiting)}</p>
                <p className="text-sm text-base-content/70">Since {formatDate(waiting.created_at)}{waiting.offer ? '' : '. No matching time is free yet; you will be told when one is.'}</p>
              </div>
              <button type="button" className="btn btn-outline btn-error btn-sm shrink-0" disabled={leave.isPending} onClick={() => void onLeave(waiting.uuid)}>Leave the waitlist</button>
            </div>
          </div>
        </div>
      ) : (
        <>
          {booked && (
            <div role="status" className="alert alert-success">
              <span>
                Booked from the waitlist.{booked.approval_reason && ` ${booked.approval_reason}`}{' '}
                <Link className="link" to={`/appointments?open=${encodeURIComponent(booked.appointment_uuid)}`}>View the appointment</Link>
              </span>
            </div>
          )}
          <JoinForm timeZone={timeZone} counselorId={params.get('counselor')} />
        </>
      )}
      {closed.length > 0 && (
        <section aria-labelledby="past-heading" className="flex flex-col gap-2">
          <h2 id="past-heading" className="font-semibold">Earlier</h2>
          <ul className="flex flex-col gap-2">
            {closed.map((e) => (
              <li key={e.uuid} className="rounded-box border border-base-300 p-3 text-sm">
                <span className="badge badge-ghost mr-2">{CLOSED[e.status]}</span>
                <span className="break-words">{waitsFor(e)}</span>
                {e.appointment_uuid && <> · <Link className="link" to={`/appointments?open=${encodeURIComponent(e.appointment_uuid)}`}>View the appointment</Link></>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function StaffWaitlist() {
  const list = useWaitingList(true);
  if (list.isPending) return <LoadingBlock text="Loading the waitlist..." />;
  if (list.isError) return <ErrorAlert message="Failed to load the waitlist" onRetry={() => void list.refetch()} />;
  const entries = list.data.data;
  if (entries.length === 0) return <EmptyState title="Nobody is waiting" text="Clients who find no suitable free time can join the waitlist; they are listed here, oldest first." />;
  return (
    <ol className="flex flex-col gap-3" aria-label="Clients waiting, oldest first">
      {entries.map((e, i) => (
        <li key={e.uuid} className="card bg-base-100 shadow-sm" data-testid="waitlist-row">
          <div className="card-body gap-1 p-4">
            <p className="flex flex-wrap items-center gap-2">
              <span className="badge badge-outline">{i + 1}</span>
              <span className="break-words font-semibold">{e.client.name}</span>
              {e.offer ? <span className="badge badge-success">Time held until {formatTime(e.offer.expires_at)}</span> : <span className="badge badge-ghost">Waiting</span>}
            </p>
            <p className="break-words text-sm text-base-content/80">{waitsFor(e)}</p>
            <p className="text-sm text-base-content/70">
              Joined <time dateTime={e.created_at}>{formatWeekdayDateTime(e.created_at)}</time>
              {e.offer && <> · offered {formatWeekdayDateTime(e.offer.appointment_date)} with {e.offer.counselor.name}</>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function WaitlistPage() {
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Waitlist');
  const { user } = useAuth();
  const staff = isCounselorUser(user) || isManager(user);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Waitlist</h1>
        <p className="text-base-content/70">
          {staff ? 'Clients waiting for a time, oldest first. A freed time that matches is offered to the first of them and held for them.' : 'Wait for a time that suits you; when one frees up it is held for you.'}
        </p>
      </div>
      {staff ? <StaffWaitlist /> : <ClientWaitlist timeZone={settings.data?.timezone} />}
    </div>
  );
}
