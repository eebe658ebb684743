import type pg from 'pg';

// Named prepared statements on PostgreSQL for the hot queries' fixed shapes (docs/decisions/0348-live-devices-bounds.md).
// Kysely's PostgreSQL driver sends every query as unnamed, so PostgreSQL parses and plans it on every call; for the
// session lookup run by every signed-in request (eight tables joined) the planning costs more than the reading. A
// query shape (lib/query-shapes.ts) has one SQL text for the life of the process, so it is registered here and sent
// with a name: each connection parses it once and, once its plan settles, plans it no more. SQLite keeps its own
// statement cache (db/database.ts). A text not registered goes as before: only a bounded set of texts is prepared.

const names = new Map<string, string>();

/** Marks `sql` (a query shape's text) to be sent as a named prepared statement. */
export function prepareShape(sql: string): void {
  if (!names.has(sql)) names.set(sql, `kalinga_shape_${names.size + 1}`);
}

/** The statement name of a registered text, else undefined. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

type Query = (...args: unknown[]) => unknown;

/** Makes `client` send registered texts (with their values as an array) as named prepared statements. */
export function sendShapesPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (text, values, ...rest) => {
    const name = typeof text === 'string' && Array.isArray(values) && rest.length === 0 ? preparedName(text) : undefined;
    return name === undefined ? query(text, values, ...rest) : query({ name, text, values });
  };
  client.query = named as typeof client.query;
}
