import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/tables';
import { ageGroupOf, ageInYears, orNotAvailable, type ReportGroupBy } from './report.repository';

// The appointments of a breakdown, each labelled with its group, and the counts per group and client the small
// groups' rule (small-groups.ts, decision 0157) and the no-show rate (no-show-report.ts) are computed from.

export interface PersonCounts {
  grp: string;
  sessions: number;
  no_shows: number;
}

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
export async function peoplePerGroup(db: Kysely<Database>, companyId: number, groupBy: 'age' | 'department', from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(labelledAppointments(db, companyId, groupBy, from, to).as('t'))
    .select([sql<string>`t.grp`.as('grp'), sql<number | string>`count(distinct t.client_id)`.as('people')])
    .groupBy(sql`t.grp`)
    .execute();
  return new Map(rows.map((r) => [r.grp, Number(r.people)]));
}

/** Per group and client: the client's known sessions and no-shows in the period (one row per pair). */
export async function countsPerPerson(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<PersonCounts[]> {
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
