import type { MyGroupSession } from '@kalinga/contracts/groups';
import { useQuery } from '@tanstack/react-query';
import { formatWeekdayDateTime } from '../lib/dates';
import { useT } from '../lib/i18n';
import { myGroupSessionsQuery } from './my-group-sessions';

// A member's coming group sessions in their Appointments list (decisions 0283, 0319): each a read-only card marked
// as a group session, with the group's name, which session of how many, when and where, placed by its start among
// the appointments under the same month headings; nothing to change here (the Workshops screen signs up and
// cancels). The words are the appointments catalog's, which the list has loaded, so a card never waits for another.

/** The signed-in member's sessions from today on, soonest first (GET /api/my-group-sessions). */
export function useMyGroupSessions(enabled: boolean) {
  return useQuery({ ...myGroupSessionsQuery, enabled });
}

/**
 * The Upcoming tab's count for a member: their upcoming appointments and the coming group sessions the list shows
 * among them, so the count agrees with the list; undefined while either is not known.
 */
export function upcomingCount(appointments: number | undefined, sessions: readonly MyGroupSession[] | undefined): number | undefined {
  return appointments === undefined || sessions === undefined ? undefined : appointments + sessions.length;
}

/** Where one page of a soonest-first list stands: its first and last start, and the start that ends the page before it. */
export interface PageBounds {
  first: string | null;
  last: string | null;
  isFirstPage: boolean;
  isLastPage: boolean;
  /** The last start of the page before; null when unknown or on the first page. */
  previousLast: string | null;
}

/**
 * The sessions that belong on one page of the Upcoming list: after the page before it ended (from its own first start
 * when that is not known) and up to its own last start; the first page takes everything before, the last everything
 * after. So across the pages each session stands once, between the appointments it falls between.
 */
export function sessionsOnPage(sessions: readonly MyGroupSession[], page: PageBounds): MyGroupSession[] {
  const at = (iso: string) => Date.parse(iso);
  return sessions.filter((s) => {
    const start = at(s.starts_at);
    if (!page.isFirstPage) {
      if (page.previousLast !== null ? start <= at(page.previousLast) : page.first !== null && start < at(page.first)) return false;
    }
    return page.isLastPage || page.last === null || start <= at(page.last);
  });
}

/** One session as a read-only card of the list. */
export function GroupSessionCard({ session, timeZone }: { session: MyGroupSession; timeZone: string | undefined }) {
  const t = useT('appointments');
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm" data-testid="appointment-group-session" aria-label={t('appointments.groupSession.label', { name: session.group_name })}>
      <div className="card-body gap-1 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-info badge-sm">{t('appointments.groupSession.badge')}</span>
          <span className="font-medium break-words">{session.group_name}</span>
        </div>
        <p className="text-sm">
          <time dateTime={session.starts_at}>{formatWeekdayDateTime(session.starts_at, timeZone)}</time> · {t('appointments.groupSession.index', { index: session.index, total: session.total })}
        </p>
        <p className="text-sm text-base-content/70 break-words">{session.location_type === 'online' ? t('appointments.groupSession.online') : t('appointments.groupSession.onSite', { place: session.location ?? '' })}</p>
      </div>
    </article>
  );
}
