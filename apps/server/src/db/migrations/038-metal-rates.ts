import { type AnyDB, notNull, withId } from './columns';

// Jewellery appraised by metal, purity and weight at the day's rate (docs/decisions/0305-gold-appraisal.md,
// 0306-day-rates-offline.md):
// - metal_rates: one row per rate set (never changed): a company's rate for a metal and purity, in centavos a gram,
//   for the company's day `rate_date`, set by `set_by` at `set_at`. `branch_id` is the branch it was set for (null:
//   the company's rate, which every branch without its own uses). The newest row of a key is the rate in force.
// - items: the metal, purity and weight (integer centigrams) of a piece of jewellery, and the rate its appraisal
//   used, copied (centavos a gram, its day, its row): the ticket keeps the rate it printed even when a newer one is set.
// - categories.ltv_percent: the share of the appraised value the counter suggests lending (null: the default);
//   category_terms_history keeps it with the other terms.

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('metal_rates'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer')
    .addColumn('metal', 'text', notNull)
    .addColumn('purity', 'text', notNull)
    .addColumn('rate', 'integer', notNull)
    .addColumn('rate_date', 'text', notNull)
    .addColumn('set_at', 'text', notNull)
    .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('set_by_name', 'text')
    .execute();
  await db.schema.createIndex('metal_rates_company_key').on('metal_rates').columns(['company_id', 'metal', 'purity', 'rate_date']).execute();

  await db.schema.alterTable('items').addColumn('metal', 'text').execute();
  await db.schema.alterTable('items').addColumn('purity', 'text').execute();
  await db.schema.alterTable('items').addColumn('weight_centigrams', 'integer').execute();
  await db.schema.alterTable('items').addColumn('metal_rate_id', 'integer').execute();
  await db.schema.alterTable('items').addColumn('metal_rate', 'integer').execute();
  await db.schema.alterTable('items').addColumn('metal_rate_date', 'text').execute();

  await db.schema.alterTable('categories').addColumn('ltv_percent', 'integer').execute();
  await db.schema.alterTable('category_terms_history').addColumn('ltv_percent', 'integer').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('category_terms_history').dropColumn('ltv_percent').execute();
  await db.schema.alterTable('categories').dropColumn('ltv_percent').execute();
  for (const column of ['metal_rate_date', 'metal_rate', 'metal_rate_id', 'weight_centigrams', 'purity', 'metal']) {
    await db.schema.alterTable('items').dropColumn(column).execute();
  }
  await db.schema.dropTable('metal_rates').execute();
}
