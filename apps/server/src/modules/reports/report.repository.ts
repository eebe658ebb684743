import { NOT_AVAILABLE } from '@kalinga/contracts/reports';
import { type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/database';

export type ReportGroupBy = 'category' | 'age' | 'department';

export interface DailyGroupCount {
  day: string;
  group: string;
  count: number;
}

// Whole-number parts of 'YYYY-MM-DD' text; the same SQL runs on SQLite and PostgreSQL.
const year = (col: RawBuilder<unknown>) => sql<number>`cast(substr(${col}, 1, 4) as integer)`;
const monthDay = (col: RawBuilder<unknown>) => sql<number>`(cast(substr(${col}, 6, 2) as integer) * 100 + cast(substr(${col}, 9, 2) as integer))`;

const localDate = sql.ref('a.local_date');
const birthDate = sql.ref('u.birth_date');

/**
 * Age in whole years on the appointment's own date (null without a usable birth date). Someone born
 * on 29 February turns a year older on 1 March in common years.
 */
const ageAtAppointment = sql<number | null>`case when ${birthDate} is null or length(${birthDate}) <> 10 then null else ${year(localDate)} - ${year(birthDate)} - case when ${monthDay(localDate)} < ${monthDay(birthDate)} then 1 else 0 end end`;

/** The group label of each appointment, computed in the database (PRODUCT.md: age groups, department, N/A). */
function groupExpression(groupBy: ReportGroupBy): RawBuilder<string> {
  const na = sql.lit(NOT_AVAILABLE);
  switch (groupBy) {
    case 'category':
      return sql<string>`coalesce(nullif(trim(c.title), ''), ${na})`;
    case 'department':
      return sql<string>`coalesce(nullif(trim(u.department), ''), ${na})`;
    case 'age':
      return sql<string>`case
        when age is null then ${na}
        when age < 18 then ${sql.lit('Under 18')}
        when age <= 21 then ${sql.lit('18-21')}
        when age <= 25 then ${sql.lit('22-25')}
        when age <= 35 then ${sql.lit('26-35')}
        when age <= 50 then ${sql.lit('36-50')}
        else ${sql.lit('Over 50')} end`;
  }
}

/**
 * Appointments per local day and group for one company, from `from` to `to` (dates, both included),
 * every status but cancelled. Counting and grouping happen in the database; only days that have
 * appointments come back (the service fills the gaps).
 */
export async function dailyCountsByGroup(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<DailyGroupCount[]> {
  // The innermost query picks the company's rows and the raw group inputs; the middle one turns them
  // into labels; the outer one counts. Grouping by plain column names keeps PostgreSQL from treating
  // the repeated CASE expression with bound parameters as a different expression.
  const scoped = db
    .selectFrom('appointments as a')
    .where('a.company_id', '=', companyId)
    .where('a.local_date', '>=', from)
    .where('a.local_date', '<=', to)
    .where('a.status', '!=', 'cancelled');
  const day = sql<string>`a.local_date`.as('day');

  let labelled;
  if (groupBy === 'category') {
    labelled = scoped
      .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'a.category_id').onRef('c.company_id', '=', 'a.company_id'))
      .select([day, groupExpression('category').as('grp')]);
  } else if (groupBy === 'department') {
    labelled = scoped.leftJoin('users as u', 'u.id', 'a.client_id').select([day, groupExpression('department').as('grp')]);
  } else {
    const withAge = scoped.leftJoin('users as u', 'u.id', 'a.client_id').select([day, ageAtAppointment.as('age')]);
    labelled = db.selectFrom(withAge.as('r')).select([sql<string>`r.day`.as('day'), groupExpression('age').as('grp')]);
  }

  const rows = await db
    .selectFrom(labelled.as('t'))
    .select([sql<string>`t.day`.as('day'), sql<string>`t.grp`.as('grp'), sql<number | string>`count(*)`.as('count')])
    .groupBy([sql`t.day`, sql`t.grp`])
    .execute();
  return rows.map((r) => ({ day: r.day, group: r.grp, count: Number(r.count) }));
}

/** How many appointments a company has (the benchmark's reference query). */
export async function countAppointments(db: DB, companyId: number): Promise<number> {
  const row = await db.selectFrom('appointments').select(sql<number | string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.n);
}
