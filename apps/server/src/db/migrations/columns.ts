import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see an untyped Kysely: the schema is being built, not read
export type AnyDB = Kysely<any>;

export function isPostgres(db: AnyDB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-increment integer primary key named id, in the dialect's own way. */
export function withId<T extends string>(db: AnyDB, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
