import type { AnyDB } from './columns';

// A lending customer's preferred language (decision 0291): 'fil', 'en', or null when the site's default applies. The
// pawn notice's email and letter and the printed ticket's default follow it.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('customers').addColumn('language', 'text').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('language').execute();
}
