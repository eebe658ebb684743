import { sql } from 'kysely';
import type { AnyDB } from './columns';

// Paying the interest due extends a loan by a term on the same ticket (docs/decisions/0189):
// - categories.is_extendable (0/1): whether the category allows it; kept in category_terms_history too, like
//   fast_depreciating, since it is one of the terms a ticket is written under. Existing rows take is_renewable:
//   the extension is the rules' renewal without a new principal, so a category that refused renewals refuses it.
// The loan's own columns (interest_from, extensions) and the register's action 'extension' came with migration 022.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('categories').addColumn('is_extendable', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('category_terms_history').addColumn('is_extendable', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await sql`update categories set is_extendable = is_renewable`.execute(db);
  await sql`update category_terms_history set is_extendable = is_renewable`.execute(db);
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('category_terms_history').dropColumn('is_extendable').execute();
  await db.schema.alterTable('categories').dropColumn('is_extendable').execute();
}
