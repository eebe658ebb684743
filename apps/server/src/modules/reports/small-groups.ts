import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables';
import { ageGroupOf, ageInYears, orNotAvailable, type ReportGroupBy } from './report.repository';

// Breakdowns by department or age group never single anyone out (docs/decisions/0157-small-groups-hidden.md): a
// group of fewer than MIN_GROUP_PEOPLE different clients over the period shown is left out of the reply, its
// daily counts and its forecast with it. If that leaves out just one group, the next smallest goes too: the
// category report gives each day's total, and one missing group would be that total less the rest.

/** Distinct clients per group with an appointment (any status but cancelled) from `from` to `to`. */
async function peoplePerGroup(db: Kysely<Database>, companyId: number, groupBy: 'age' | 'department', from: string, to: string): Promise<Map<string, number>> {
  const scoped = db
    .selectFrom('appointments as a')
    .innerJoin('users as u', 'u.id', 'a.client_id')
    .where('a.company_id', '=', companyId)
    .where('a.local_date', '>=', from)
    .where('a.local_date', '<=', to)
    .where('a.status', '!=', 'cancelled');
  const labelled =
    groupBy === 'department'
      ? scoped.select([orNotAvailable('u.department').as('grp'), 'a.client_id'])
      : db.selectFrom(scoped.select([ageInYears.as('years'), 'a.client_id']).as('p')).select([ageGroupOf('p.years').as('grp'), 'p.client_id']);
  const rows = await db
    .selectFrom(labelled.as('t'))
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
