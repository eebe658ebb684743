import type { AnyDB } from './columns';

// Reports (decision 0043) count a company's appointments per local day and category or client. This index
// holds every column those queries read, so they never touch the wide appointment rows, and its
// (local_date, category_id) order lets the per-category count stream without sorting.
// docs/decisions/0043-report-queries.md
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createIndex('appointments_reports_idx')
    .on('appointments')
    .columns(['company_id', 'local_date', 'category_id', 'client_id', 'status'])
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('appointments_reports_idx').execute();
}
