/**
 * Two shapes the zod → JSON Schema step writes that OpenAPI 3.0 reads otherwise, rewritten to what they mean
 * (decision 0195):
 * - `{ anyOf: [A, B], nullable: true }`: 3.0 takes `nullable` only beside a `type`, so it moves into each branch.
 * - a record over a fixed set of keys (`z.record(z.enum([...]), V)`) lists the keys as `required` with no
 *   `properties`: each required key gets V as its property.
 */
type Json = { [key: string]: unknown };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidy(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) tidy(value);

  const branches = node.anyOf ?? node.oneOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(branches) && branches.every((b) => isObject(b) && b.type !== undefined)) {
    for (const branch of branches as Json[]) branch.nullable = true;
    delete node.nullable;
  }

  const props = isObject(node.properties) ? node.properties : {};
  if (Array.isArray(node.required) && isObject(node.additionalProperties)) {
    const missing = (node.required as string[]).filter((key) => !(key in props));
    if (missing.length > 0) node.properties = { ...props, ...Object.fromEntries(missing.map((key) => [key, node.additionalProperties])) };
  }
}

/** Rewrites the generated document in place and returns it. */
export function tidyOpenApiDocument<T>(document: T): T {
  tidy(document);
  return document;
}
