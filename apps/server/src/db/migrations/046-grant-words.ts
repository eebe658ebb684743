import type { AnyDB } from './columns';

// A clinical grant's "what" as a message key and its values (decision 0318), so the access log's grants list says
// it in the reader's language. Rows from before keep their English `what` (both columns null), shown as it is.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('clinical_grants').addColumn('what_key', 'text').execute();
  await db.schema.alterTable('clinical_grants').addColumn('what_values', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('clinical_grants').dropColumn('what_values').execute();
  await db.schema.alterTable('clinical_grants').dropColumn('what_key').execute();
}
