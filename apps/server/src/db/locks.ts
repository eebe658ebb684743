import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './tables';

/**
 * Row locks for read-then-write transactions (docs/decisions/0075-atomic-state-changes.md).
 * PostgreSQL runs transactions side by side, so a read that decides a write takes `for update`;
 * SQLite has one connection and Kysely runs one transaction on it at a time, so its reads inside a
 * transaction are already the latest committed rows and no other write can come between.
 */
export function isPostgresDb(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The query with `for update` on PostgreSQL; unchanged on SQLite (which has no such clause). */
export function forUpdate<TB extends keyof Database, O>(db: Kysely<Database>, query: SelectQueryBuilder<Database, TB, O>): SelectQueryBuilder<Database, TB, O> {
  return isPostgresDb(db) ? query.forUpdate() : query;
}

/**
 * Holds the company's row until the transaction ends: writes that must see each other's effect on
 * the whole company (who still manages users after a role, status or membership change) run one at
 * a time per company.
 */
export async function lockCompany(db: Kysely<Database>, companyId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select id from companies where id = ${companyId} for update`.execute(db);
}

/**
 * Holds the counselor's membership row until the transaction ends: a write that checks many of a counselor's times
 * at once (a series, decision 0150) sees every other such write's appointments. Several counselors are locked in id
 * order, so two transactions never wait for each other in a circle.
 */
export async function lockCounselors(db: Kysely<Database>, companyId: number, counselorIds: readonly number[]): Promise<void> {
  if (!isPostgresDb(db)) return;
  for (const id of [...new Set(counselorIds)].sort((a, b) => a - b)) {
    await sql`select user_id from company_user where company_id = ${companyId} and user_id = ${id} for update`.execute(db);
  }
}
