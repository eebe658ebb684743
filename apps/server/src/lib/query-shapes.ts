import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import { prepareShape } from '../db/prepared-statements';

/**
 * Hot queries compiled once per shape (docs/decisions/0025-appointments-list-performance.md).
 *
 * Building and compiling a Kysely query costs more CPU than running a small indexed statement. A
 * shape is built once per database handle (so per dialect) with named placeholders instead of
 * values; later calls reuse its SQL text and only substitute the parameter values. Values always
 * stay bound parameters: a placeholder that ends up in the SQL text, or not among the parameters,
 * is an error when the shape is first compiled.
 *
 * `key` must name everything that changes the SQL text (which conditions are present, sort
 * direction…); everything that varies between calls with the same key must be a placeholder.
 */

const MARK = '\u0000kalinga-param:';

interface Template {
  compiled: CompiledQuery;
  /** Per parameter position: the placeholder's name, or null for a constant of the shape. */
  slots: (string | null)[];
}

const templates = new WeakMap<object, Map<string, Template>>();
/** Names of the placeholders made while a shape is being built. */
let building: Set<string> | null = null;

/** The placeholder for a named value; only inside a `build` passed to `compiledShape`. */
export function param<T>(name: string): T {
  if (!building) throw new Error(`param(${name}) outside a query shape's build`);
  building.add(name);
  return `${MARK}${name}` as unknown as T;
}

function templateOf(compiled: CompiledQuery, key: string, names: readonly string[]): Template {
  if (compiled.sql.includes(MARK)) throw new Error(`Query shape ${key}: a placeholder was inlined into the SQL text`);
  const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : null));
  for (const name of names) {
    if (!slots.includes(name)) throw new Error(`Query shape ${key}: placeholder ${name} is not a bound parameter`);
  }
  return { compiled, slots };
}

/**
 * The compiled query of shape `key` with `values` bound to its placeholders. `build` runs only the
 * first time a handle meets the key; `values` must give every placeholder the shape uses.
 */
export function compiledShape<R>(db: Kysely<never> | object, key: string, build: () => Compilable<R>, values: Readonly<Record<string, unknown>>): CompiledQuery<R> {
  let shapes = templates.get(db);
  if (!shapes) {
    shapes = new Map();
    templates.set(db, shapes);
  }
  let template = shapes.get(key);
  if (!template) {
    building = new Set();
    try {
      const compiled = build().compile();
      template = templateOf(compiled, key, [...building]);
    } finally {
      building = null;
    }
    shapes.set(key, template);
    // On PostgreSQL the text goes as a named prepared statement (decision 0348); on SQLite the name is never asked.
    prepareShape(template.compiled.sql);
  }
  const { compiled, slots } = template;
  const parameters = slots.map((name, i) => {
    if (name === null) return compiled.parameters[i];
    if (!(name in values)) throw new Error(`Query shape ${key}: no value for ${name}`);
    return values[name];
  });
  return { query: compiled.query, sql: compiled.sql, parameters, queryId: createQueryId() } as CompiledQuery<R>;
}
