import { MIN_GROUP_PEOPLE, type NoShowGroup, type NoShowReport } from '@kalinga/contracts/no-show-report';
import { PERIOD_DAYS, type ReportPeriod } from '@kalinga/contracts/reports';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { addDays, localDateOf } from './report-days';
import { ageGroupOf, ageInYears, orNotAvailable, type ReportGroupBy } from './report.repository';
import { compareGroups, type ReportScope } from './report.service';

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
  const scoped = db
    .selectFrom('appointments as a')
    .innerJoin('users as u', 'u.id', 'a.client_id')
    .where('a.company_id', '=', companyId)
    .where('a.local_date', '>=', from)
    .where('a.local_date', '<=', to)
    .where('a.status', 'in', ['completed', 'no_show']);
  const missed = sql<number>`case when a.status = 'no_show' then 1 else 0 end`;
  let labelled;
  if (groupBy === 'category') {
    labelled = scoped
      .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'a.category_id').on('c.company_id', '=', companyId))
      .select([orNotAvailable('c.title').as('grp'), 'a.client_id', missed.as('missed')]);
  } else if (groupBy === 'department') {
    labelled = scoped.select([orNotAvailable('u.department').as('grp'), 'a.client_id', missed.as('missed')]);
  } else {
    const aged = scoped.select([ageInYears.as('years'), 'a.client_id', missed.as('missed')]);
    labelled = db.selectFrom(aged.as('p')).select([ageGroupOf('p.years').as('grp'), 'p.client_id', sql<number>`p.missed`.as('missed')]);
  }
  const rows = await db
    .selectFrom(labelled.as('t'))
    .select([sql<string>`t.grp`.as('grp'), sql<number | string>`count(*)`.as('sessions'), sql<number | string>`sum(t.missed)`.as('no_shows')])
    .groupBy([sql`t.grp`, sql`t.client_id`])
    .execute();
  return rows.map((r) => ({ grp: r.grp, sessions: Number(r.sessions), no_shows: Number(r.no_shows) }));
}

/**
 * Sums per group. With `protect`, a group of fewer than MIN_GROUP_PEOPLE people is hidden; when that hides just
 * one group, the next smallest is hidden too, so the hidden numbers cannot be worked out from the other rows and a
 * total. Hidden groups carry no numbers at all.
 */
export function groupRates(groupBy: ReportGroupBy, perPerson: readonly PersonCounts[], protect: boolean): NoShowGroup[] {
  const groups = new Map<string, { people: number; sessions: number; no_shows: number }>();
  for (const p of perPerson) {
    const g = groups.get(p.grp) ?? { people: 0, sessions: 0, no_shows: 0 };
    g.people += 1;
    g.sessions += p.sessions;
    g.no_shows += p.no_shows;
    groups.set(p.grp, g);
  }
  const hidden = new Set<string>();
  if (protect) {
    for (const [name, g] of groups) if (g.people < MIN_GROUP_PEOPLE) hidden.add(name);
    if (hidden.size === 1 && groups.size > 1) {
      const [next] = [...groups].filter(([name]) => !hidden.has(name)).sort((a, b) => a[1].people - b[1].people || a[1].sessions - b[1].sessions);
      hidden.add(next[0]);
    }
  }
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
  const by = async (groupBy: ReportGroupBy) => groupRates(groupBy, await countsPerPerson(db, scope.companyId, groupBy, from, to), groupBy !== 'category');
  return { from, to, by_category: await by('category'), by_age: await by('age'), by_department: await by('department') };
}
