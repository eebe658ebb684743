import { NOT_AVAILABLE } from '@kalinga/contracts/reports';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';

export type ReportGroupBy = 'category' | 'age' | 'department';

export interface DailyGroupCount {
  day: string;
  group: string;
  count: number;
}

/** 'YYYY-MM-DD' text as the whole number YYYYMMDD; the same SQL on SQLite and PostgreSQL. */
const ymd = (ref: string) => sql<number>`cast(replace(${sql.ref(ref)}, '-', '') as integer)`;

/**
 * Age in whole years on the appointment's own date: the ten-thousands of YYYYMMDD(day) − YYYYMMDD(birth
 * date). Null without a usable birth date. Someone born on 29 February turns a year older on 1 March in
 * common years. Bound parameters stay out of it so PostgreSQL can match it in GROUP BY.
 */
export const ageInYears = sql<number | null>`(case when length(u.birth_date) = 10 then ${ymd('a.local_date')} - ${ymd('u.birth_date')} end) / 10000`;

/** Age group labels (product-rules.md#reports) over a column of ages in years, 'N/A' without a birth date. */
export const ageGroupOf = (years: string) => {
  const y = sql.ref(years);
  return sql<string>`case
    when ${y} is null then ${sql.lit(NOT_AVAILABLE)}
    when ${y} < 18 then ${sql.lit('Under 18')}
    when ${y} <= 21 then ${sql.lit('18-21')}
    when ${y} <= 25 then ${sql.lit('22-25')}
    when ${y} <= 35 then ${sql.lit('26-35')}
    when ${y} <= 50 then ${sql.lit('36-50')}
    else ${sql.lit('Over 50')} end`;
};

/** A trimmed text column, 'N/A' when missing or blank. */
export const orNotAvailable = (ref: string) => sql<string>`coalesce(nullif(trim(${sql.ref(ref)}), ''), ${sql.lit(NOT_AVAILABLE)})`;

/** The kept count rows of one company and dimension from `from` to `to` (one key range). */
function countsInRange(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string) {
  return db
    .selectFrom('report_day_counts')
    .select(['day', 'grp', 'count'])
    .where('company_id', '=', companyId)
    .where('dimension', '=', groupBy)
    .where('day', '>=', from)
    .where('day', '<=', to);
}

/**
 * Appointments per local day and group for one company, from `from` to `to` (dates, both included),
 * every status but cancelled, read from report_day_counts (kept by triggers, migration 008): at most one
 * row per day and group. Only days that have appointments come back (the service fills the gaps).
 * Categories are stored by id and named here, so two categories with one title share a row.
 */
export async function dailyCountsByGroup(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<DailyGroupCount[]> {
  const rows = await countsInRange(db, companyId, groupBy, from, to).execute();
  if (groupBy !== 'category') return rows.map((r) => ({ day: r.day, group: r.grp, count: Number(r.count) }));

  // Category rows hold the id: name them (a handful of categories), merging categories that share a title.
  const titles = await db.selectFrom('categories').select(['id', orNotAvailable('title').as('label')]).where('company_id', '=', companyId).execute();
  const labelOf = new Map(titles.map((c) => [String(c.id), c.label]));
  let unknown = false;
  const named = rows.map((r) => {
    const group = labelOf.get(r.grp);
    unknown ||= group === undefined;
    return { day: r.day, group: group ?? NOT_AVAILABLE, count: Number(r.count) };
  });
  if (!unknown && new Set(labelOf.values()).size === labelOf.size) return named;
  const merged = new Map<string, DailyGroupCount>();
  for (const r of named) {
    const key = `${r.day}\u0000${r.group}`;
    const row = merged.get(key);
    if (row) row.count += r.count;
    else merged.set(key, r);
  }
  return [...merged.values()];
}

/**
 * The counts `dailyCountsByGroup` would return, as one text built in the database (one row back instead of
 * thousands): `day:length(label):label:count` per row, in key order — equal texts mean equal counts. For
 * categories the ids and titles of the company's categories are part of it (a rename changes the labels).
 */
export async function countsFingerprint(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<string> {
  const pg = isPostgresDb(db);
  const item = (day: string, grp: string, count: string) => sql.raw(`${day} || ':' || length(${grp}) || ':' || ${grp} || ':' || ${count}`);
  const agg = (expr: ReturnType<typeof item>, order: string) => (pg ? sql`string_agg(${expr}, ',' order by ${sql.raw(order)})` : sql`group_concat(${expr}, ',')`);
  const counts = db
    .selectFrom(
      countsInRange(db, companyId, groupBy, from, to)
        .orderBy('day')
        .orderBy('grp')
        .as('r'),
    )
    .select(agg(item('r.day', 'r.grp', 'r.count'), 'r.day, r.grp').as('f'));
  const titles = db
    .selectFrom(db.selectFrom('categories').select(['id', 'title']).where('company_id', '=', companyId).orderBy('id').as('c'))
    .select(agg(item(`''`, 'c.title', 'c.id'), 'c.id').as('f'));
  const row = await db
    .selectNoFrom([counts.as('counts'), (groupBy === 'category' ? titles : sql<string>`''`).as('titles')])
    .executeTakeFirstOrThrow();
  return `${String(row.counts ?? '')}|${String(row.titles ?? '')}`;
}

/**
 * The same counts worked out from the appointments themselves (what report_day_counts must always equal):
 * the reference for tests and the benchmark. Labels are computed in a derived table and counted outside
 * it, so PostgreSQL sees plain column names in GROUP BY.
 */
export async function recountDailyGroups(db: DB, companyId: number, groupBy: ReportGroupBy, from: string, to: string): Promise<DailyGroupCount[]> {
  const scoped = db
    .selectFrom('appointments as a')
    .where('a.company_id', '=', companyId)
    .where('a.local_date', '>=', from)
    .where('a.local_date', '<=', to)
    .where('a.status', '!=', 'cancelled');

  let labelled;
  if (groupBy === 'category') {
    const perCategory = scoped.select(['a.local_date as day', 'a.category_id']).select(sql<number>`count(*)`.as('n')).groupBy(['a.local_date', 'a.category_id']);
    labelled = db
      .selectFrom(perCategory.as('p'))
      .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.company_id', '=', companyId))
      .select([sql<string>`p.day`.as('day'), orNotAvailable('c.title').as('grp'), sql<number>`p.n`.as('n')]);
  } else if (groupBy === 'department') {
    labelled = scoped
      .leftJoin('users as u', 'u.id', 'a.client_id')
      .select([sql<string>`a.local_date`.as('day'), orNotAvailable('u.department').as('grp'), sql<number>`1`.as('n')]);
  } else {
    const perAge = scoped
      .leftJoin('users as u', 'u.id', 'a.client_id')
      .select([sql<string>`a.local_date`.as('day'), ageInYears.as('years'), sql<number>`count(*)`.as('n')])
      .groupBy([sql`a.local_date`, ageInYears]);
    labelled = db.selectFrom(perAge.as('p')).select([sql<string>`p.day`.as('day'), ageGroupOf('p.years').as('grp'), sql<number>`p.n`.as('n')]);
  }

  const rows = await db
    .selectFrom(labelled.as('t'))
    .select([sql<string>`t.day`.as('day'), sql<string>`t.grp`.as('grp'), sql<number | string>`sum(t.n)`.as('count')])
    .groupBy([sql`t.day`, sql`t.grp`])
    .execute();
  return rows.map((r) => ({ day: r.day, group: r.grp, count: Number(r.count) }));
}

/** How many appointments a company has (the benchmark's reference query). */
export async function countAppointments(db: DB, companyId: number): Promise<number> {
  const row = await db.selectFrom('appointments').select(sql<number | string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.n);
}
