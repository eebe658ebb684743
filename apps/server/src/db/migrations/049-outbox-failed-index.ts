import { sql } from 'kysely';
import type { AnyDB } from './columns';

// The metrics count the outbox's rows that failed for good on every scrape (decision 0331): a partial index of those
// rows alone, so the count reads them and not every email ever sent.

export async function up(db: AnyDB): Promise<void> {
  await sql`create index outbox_failed_idx on outbox (id) where status = 'failed'`.execute(db);
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('outbox_failed_idx').execute();
}
