import type { AnyDB } from './columns';

// The Philippine redemption rules (docs/decisions/0180 and 0182):
// - categories.fast_depreciating (0/1): gadgets and the like, whose pawner may agree to a redemption period of
//   30 days instead of 90; kept in category_terms_history too, since it decides the dates a ticket prints.
// - loans.written_request (0/1): the pawner asked in writing for a loan below 30 % of the appraised value.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('categories').addColumn('fast_depreciating', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('category_terms_history').addColumn('fast_depreciating', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('loans').addColumn('written_request', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('loans').dropColumn('written_request').execute();
  await db.schema.alterTable('category_terms_history').dropColumn('fast_depreciating').execute();
  await db.schema.alterTable('categories').dropColumn('fast_depreciating').execute();
}
