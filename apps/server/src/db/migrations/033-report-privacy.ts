import { type AnyDB, notNull } from './columns';

// report_publications: a report table of a closed period, kept as it was first published (decision 0212). Reports
// that break down confidential content (intake bands, no-shows) publish only whole weeks that have ended, and once
// a week's table has been published it is served unchanged: a session marked late, a removed intake or a client's
// new department cannot make two published tables differ by one person. `body` holds the published (rounded)
// table only, never a person's row.

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('report_publications')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('report', 'text', notNull)
    .addColumn('period_key', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('published_at', 'text', notNull)
    .addPrimaryKeyConstraint('report_publications_pk', ['company_id', 'report', 'period_key'])
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('report_publications').execute();
}
