import type { MyGroupSession } from '@kalinga/contracts/groups';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupByMonth } from '../features/appointments/appointment-grouping';
import { initI18n } from '../lib/i18n';
import { GroupSessionCard, type PageBounds, sessionsOnPage, upcomingCount } from './group-session-rows';

// A member's group sessions in the Appointments list (decisions 0283, 0319): read-only cards marked as a group
// session, each on the one page of the Upcoming list whose appointments it falls between, under its month's heading.

const session = (uuid: string, startsAt: string): MyGroupSession => ({ group_uuid: 'g1', group_name: 'Managing Exam Anxiety', kind: 'closed', session_uuid: uuid, index: 3, total: 6, starts_at: startsAt, duration_minutes: 60, location_type: 'on-site', location: 'Room 2' });

beforeAll(() => initI18n(['appointments']));

describe('GroupSessionCard', () => {
  it('shows the session marked as a group session, with no button to change it', () => {
    render(<GroupSessionCard session={session('s1', '2026-12-21T08:00:00.000Z')} timeZone="Asia/Manila" />);
    const card = screen.getByTestId('appointment-group-session');
    expect(card.getAttribute('aria-label')).toBe('Group session: Managing Exam Anxiety');
    expect(card.textContent).toContain('Group session');
    expect(card.textContent).toContain('session 3 of 6');
    expect(card.textContent).toContain('On-site: Room 2');
    expect(card.textContent).toContain('Dec 21');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('sessionsOnPage', () => {
  // Upcoming appointments on three pages: [Nov 30, Dec 3], [Dec 10, Dec 20], [Jan 5].
  const pages: PageBounds[] = [
    { first: '2026-11-30T01:00:00.000Z', last: '2026-12-03T01:00:00.000Z', isFirstPage: true, isLastPage: false, previousLast: null },
    { first: '2026-12-10T01:00:00.000Z', last: '2026-12-20T01:00:00.000Z', isFirstPage: false, isLastPage: false, previousLast: '2026-12-03T01:00:00.000Z' },
    { first: '2027-01-05T01:00:00.000Z', last: '2027-01-05T01:00:00.000Z', isFirstPage: false, isLastPage: true, previousLast: '2026-12-20T01:00:00.000Z' },
  ];
  const sessions = [
    session('before-all', '2026-11-29T08:00:00.000Z'),
    session('in-first', '2026-12-01T08:00:00.000Z'),
    session('between-pages', '2026-12-07T08:00:00.000Z'),
    session('in-second', '2026-12-15T08:00:00.000Z'),
    session('after-all', '2027-02-01T08:00:00.000Z'),
  ];

  it('puts every session on exactly one page, between the appointments it falls between', () => {
    const on = pages.map((p) => sessionsOnPage(sessions, p).map((s) => s.session_uuid));
    expect(on).toEqual([['before-all', 'in-first'], ['between-pages', 'in-second'], ['after-all']]);
  });

  it('shows them all with no appointment, and from the page itself when the page before is not known', () => {
    expect(sessionsOnPage(sessions, { first: null, last: null, isFirstPage: true, isLastPage: true, previousLast: null })).toHaveLength(5);
    expect(sessionsOnPage(sessions, { ...pages[1], previousLast: null }).map((s) => s.session_uuid)).toEqual(['in-second']);
  });

  it("joins the appointments' month headings rather than a heading of its own", () => {
    const entries = [
      { appointment_date: '2026-11-30T01:00:00.000Z', what: 'appointment' },
      ...sessionsOnPage(sessions, pages[0]).map((s) => ({ appointment_date: s.starts_at, what: s.session_uuid })),
      { appointment_date: '2026-12-03T01:00:00.000Z', what: 'appointment 2' },
    ].sort((a, b) => Date.parse(a.appointment_date) - Date.parse(b.appointment_date));
    const months = groupByMonth(entries);
    expect(months.map((m) => [m.label, m.items.map((i) => i.what)])).toEqual([
      ['November 2026', ['before-all', 'appointment']],
      ['December 2026', ['in-first', 'appointment 2']],
    ]);
  });
});

describe('upcomingCount', () => {
  it('counts the sessions the Upcoming list shows with the appointments, and waits for both', () => {
    const two = [session('a', '2026-12-01T08:00:00.000Z'), session('b', '2026-12-08T08:00:00.000Z')];
    expect(upcomingCount(3, two)).toBe(5);
    expect(upcomingCount(0, two)).toBe(2);
    expect(upcomingCount(3, [])).toBe(3);
    expect(upcomingCount(undefined, two)).toBeUndefined();
    expect(upcomingCount(3, undefined)).toBeUndefined();
  });
});
