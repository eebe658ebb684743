import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables';
import { ageGroupOf, ageInYears, orNotAvailable, type ReportGroupBy } from './report.repository';

// Breakdowns by department or age group never single anyone out (docs/decisions/0157-small-groups-hidden.md): a
// group of fewer than MIN_GROUP_PEOPLE different clients over the period shown is left out of the reply, its
// daily counts and its forecast with it. If that leaves out just one group, the next smallest goes too: the
// category report gives each day's total, and one missing group would be that total less the rest.

/**
 * Each appointment of the company from `from` to `to`, labelled with its group (grp), its client and its status:
 * every status but cancelled, or with `knownOutcome` only those held (completed) or missed (no-show).
 */
export function labelledAppointments(db: Kysely<Database>, companyId: number, groupBy: ReportGroupBy, from: string, to: string, knownOutcome = false) {
  const dated = db
    .selectFrom('appointments as a')
    .innerJoin('users as u', 'u.id', 'a.client_id')
    .where('a.company_id', '=', companyId)
    .where('a.local_date', '>=', from)
    .where('a.local_date', '<=', to);
  const scoped = knownOutcome ? dated.where('a.status', 'in', ['completed', 'no_show']) : dated.where('a.status', '!=', 'cancelled');
  if (groupBy === 'category') {
    return scoped
      .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'a.category_id').on('c.company_id', '=', companyId))
      .select([orNotAvailable('c.title').as('grp'), 'a.client_id', 'a.status']);
  }
  if (groupBy === 'department') return scoped.select([orNotAvailable('u.department').as('grp'), 'a.client_id', 'a.status']);
  const aged = scoped.select([ageInYears.as('years'), 'a.client_id', 'a.status']);
  return db.selectFrom(aged.as('p')).select([ageGroupOf('p.years').as('grp'), 'p.client_id', 'p.status']);
}

/** Distinct clients per group with an appointment (any status but cancelled) from `from` to `to`. */
async function peoplePerGroup(db: Kysely<Database>, companyId: number, groupBy: 'age' | 'department', from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(labelledAppointments(db, companyId, groupBy, from, to).as('t'))
    .select([sql<string>`t.grp`.as('grp'), sql<number | string>`count(distinct t.client_id)`.as('people')])
    .groupBy(sql`t.grp`)
    .execute();
  return new Map(rows.map((r) => [r.grp, Number(r.people)]));
}

/** The groups to leave out of a breakdown: none for categories (a category names no one). */
export async function hiddenGroups(db: Kysely<Database>, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<Set<string>> {
  if (groupBy === 'category') return new Set();
  return smallOnes(await peoplePerGroup(db, companyId, groupBy, from, to));
}

/** Groups under the minimum, and the next smallest when that would be just one. */
export function smallOnes(people: ReadonlyMap<string, number>): Set<string> {
  const hidden = new Set([...people].filter(([, n]) => n < MIN_GROUP_PEOPLE).map(([g]) => g));
  if (hidden.size === 1 && people.size > 1) {
    const [next] = [...people].filter(([g]) => !hidden.has(g)).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    hidden.add(next[0]);
  }
  return hidden;
}
