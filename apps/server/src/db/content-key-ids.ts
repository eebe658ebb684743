import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * The distinct key ids of the envelopes ('enc:v1:<key id>…', lib/field-crypto.ts) stored in one column, whatever
 * its table; `keyIdLength` characters follow the 7-character prefix.
 */
export async function keyIdsInColumn(db: QueryExecutorProvider, table: string, column: string, keyIdLength: number): Promise<string[]> {
  const ref = sql.ref(column);
  const { rows } = await sql<{ id: string }>`select distinct substr(${ref}, 8, ${sql.lit(keyIdLength)}) as id from ${sql.table(table)} where substr(${ref}, 1, 7) = 'enc:v1:'`.execute(db);
  return rows.map((r) => r.id);
}
