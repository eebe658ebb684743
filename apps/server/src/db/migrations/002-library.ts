import { type AnyDB, notNull, withId } from './columns';

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('categories'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('image_path', 'text')
    .addColumn('name', 'text')
    .addColumn('interest_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('penalty_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('loan_period', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('loan_period_type', 'text', (c) => c.notNull().defaultTo('month'))
    .addColumn('loan_period_expiry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_renewable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('categories_company_created_idx').on('categories').columns(['company_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('resources'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('image_path', 'text')
    .addColumn('type', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('resources_company_created_idx').on('resources').columns(['company_id', 'created_at']).execute();
  // Readers without 'manage resources' list published resources only, newest first.
  await db.schema.createIndex('resources_company_published_idx').on('resources').columns(['company_id', 'is_published', 'created_at']).execute();

  await db.schema
    .createTable('category_resource')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('category_resource_pk', ['category_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('category_resource_resource_idx').on('category_resource').column('resource_id').execute();
}

export async function down(db: AnyDB): Promise<void> {
  for (const t of ['category_resource', 'resources', 'categories']) await db.schema.dropTable(t).execute();
}
