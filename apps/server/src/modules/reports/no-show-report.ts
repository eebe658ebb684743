import { type NoShowGroup, type NoShowReport } from '@kalinga/contracts/no-show-report';
import { PERIOD_DAYS, type ReportPeriod } from '@kalinga/contracts/reports';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { addDays } from './report-days';
import type { ReportGroupBy } from './report.repository';
import { compareGroups, type ReportScope } from './report.service';
import { hiddenGroups, labelledAppointments, smallOnes } from './small-groups';
import { localDateOf } from '@kalinga/contracts/zone-time';

// The no-show rate by category, age group and department (docs/decisions/0156-no-show-rate-report.md).
// A session counts once its outcome is known: held (completed) or missed (no-show). Booked sessions nobody
// marked, and cancellations, say nothing about attendance and are left out.

interface PersonCounts {
  grp: string;
  sessions: number;
  no_shows: number;
}

/** Per group and client: the client's known sessions and no-shows in the period (one row per pair). */
async function countsPerPerson(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<PersonCounts[]> {
  const rows = await db
    .selectFrom(labelledAppointments(db, companyId, groupBy, from, to, true).as('t'))
    .select([
      sql<string>`t.grp`.as('grp'),
      sql<number | string>`count(*)`.as('sessions'),
      sql<number | string>`sum(case when t.status = 'no_show' then 1 else 0 end)`.as('no_shows'),
    ])
    .groupBy([sql`t.grp`, sql`t.client_id`])
    .execute();
  return rows.map((r) => ({ grp: r.grp, sessions: Number(r.sessions), no_shows: Number(r.no_shows) }));
}

/**
 * Sums per group; the `hidden` groups carry no numbers at all. With `protect`, a group of fewer than
 * MIN_GROUP_PEOPLE people with a known outcome is hidden, with the next smallest when that hides just one (so the
 * hidden numbers cannot be worked out from the other rows and a total), and so is every group in `alsoHidden`.
 */
export function groupRates(groupBy: ReportGroupBy, perPerson: readonly PersonCounts[], protect: boolean, alsoHidden: ReadonlySet<string> = new Set()): NoShowGroup[] {
  const groups = new Map<string, { people: number; sessions: number; no_shows: number }>();
  for (const p of perPerson) {
    const g = groups.get(p.grp) ?? { people: 0, sessions: 0, no_shows: 0 };
    g.people += 1;
    g.sessions += p.sessions;
    g.no_shows += p.no_shows;
    groups.set(p.grp, g);
  }
  const hidden = protect ? new Set([...smallOnes(new Map([...groups].map(([name, g]) => [name, g.people]))), ...alsoHidden]) : new Set<string>();
  return [...groups]
    .sort(([a], [b]) => compareGroups(groupBy, a, b))
    .map(([group, g]) =>
      hidden.has(group)
        ? { group, hidden: true, sessions: null, no_shows: null, rate: null }
        : { group, hidden: false, sessions: g.sessions, no_shows: g.no_shows, rate: Math.round((g.no_shows / g.sessions) * 10_000) / 10_000 },
    );
}

/** The period ending today in the centre's zone, each breakdown read from the appointments themselves. */
export async function noShowReport(db: DB, scope: ReportScope, period: ReportPeriod, now = new Date()): Promise<NoShowReport> {
  const to = localDateOf(now, scope.timezone);
  const from = addDays(to, -(PERIOD_DAYS[period] - 1));
  // The groups the daily report of the same period hides are hidden here too: with two different hidden sets, a
  // group one report shows and the other hides would give away the small group hidden with it in the other.
  const by = async (groupBy: ReportGroupBy) =>
    groupRates(groupBy, await countsPerPerson(db, scope.companyId, groupBy, from, to), groupBy !== 'category', await hiddenGroups(db, scope.companyId, groupBy, from, to));
  return { from, to, by_category: await by('category'), by_age: await by('age'), by_department: await by('department') };
}
