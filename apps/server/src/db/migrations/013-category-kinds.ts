import { sql } from 'kysely';
import type { AnyDB } from './columns';

// Counselling and lending categories kept apart (docs/decisions/0121-category-kinds.md).
// categories.kind: 'counselling' (appointments, resources; 'manage resources') or 'lending' (loans, items, the pawn
// terms; 'manage lending'). A category that loans or items already use becomes a lending one; the rest stay counselling.

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('counselling').check(sql`kind in ('counselling', 'lending')`))
    .execute();
  await sql`update categories set kind = 'lending'
    where exists (select 1 from loans l where l.category_id = categories.id)
       or exists (select 1 from items i where i.category_id = categories.id)`.execute(db);
  await db.schema.createIndex('categories_company_kind_idx').on('categories').columns(['company_id', 'kind', 'created_at']).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('categories_company_kind_idx').execute();
  await db.schema.alterTable('categories').dropColumn('kind').execute();
}
