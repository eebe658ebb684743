import type { Kysely } from 'kysely';
import type { Database, ReportPublicationsTable } from '../../db/tables';

// Published tables of closed periods, kept as first published (decision 0212): once a table has been read, every
// later read gets the same one, whatever changed in the weeks it covers.

type Report = ReportPublicationsTable['report'];

/** The tables already published for these keys, by key. */
export async function publishedTables(db: Kysely<Database>, companyId: number, report: Report, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('report_publications')
    .select(['period_key', 'body'])
    .where('company_id', '=', companyId)
    .where('report', '=', report)
    .where('period_key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.period_key, r.body]));
}

/**
 * Publishes the tables not published yet, in one statement: a key someone else published meanwhile keeps theirs
 * (on conflict do nothing), and the caller reads back what is kept, so two first readers get the same table.
 */
export async function publishTables(db: Kysely<Database>, companyId: number, report: Report, tables: ReadonlyMap<string, string>, now: string): Promise<void> {
  if (tables.size === 0) return;
  await db
    .insertInto('report_publications')
    .values([...tables].map(([period_key, body]) => ({ company_id: companyId, report, period_key, body, published_at: now })))
    .onConflict((oc) => oc.columns(['company_id', 'report', 'period_key']).doNothing())
    .execute();
}
