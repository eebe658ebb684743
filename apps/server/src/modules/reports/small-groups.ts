import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { ReportGroupBy } from './report.repository';
import { peoplePerGroup } from './small-groups.repository';

// Breakdowns by department or age group never single anyone out (docs/decisions/0157-small-groups-hidden.md): a
// group of fewer than MIN_GROUP_PEOPLE different clients over the period shown is left out of the reply, its
// daily counts and its forecast with it. If that leaves out just one group, the next smallest goes too: the
// category report gives each day's total, and one missing group would be that total less the rest.

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
