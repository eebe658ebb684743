// The fixed fuzz corpus of fuzz-routes.test.ts: hostile path parameters, query values, body field
// values and whole bodies. Deterministic, so a failure can be replayed.
import type { z } from 'zod';

/** Path parameter values (already URL-encoded). */
export const PARAM_VALUES = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '99999999999999999999',
  '1e3',
  '1.5',
  'abc',
  '%00',
  '1%00',
  "'%20OR%201%3D1--",
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  '%E0%A4%A',
  'x'.repeat(64),
];

/** Query string values (already URL-encoded). */
export const QUERY_VALUES = ['%00', 'a%00b', '2147483648', '-1', '1e309', 'abc', '', 'x'.repeat(300), '2023-02-30', '%E0%A4%A', '[]'];

/** Values put into one body field at a time, over an otherwise plausible body. */
export const FIELD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  2147483648,
  -2147483649,
  1e308,
  -1,
  0,
  1.5,
  '2147483648',
  '99999999999999999999',
  '',
  ' ',
  'x'.repeat(10_000),
  '2023-02-30',
  '2026-13-01T25:61:00Z',
  null,
  true,
  [],
  [null],
  ['\u0000'],
  {},
  { $gt: '' },
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\uD800',
  'data:image/png;base64,AAAA',
];

/** Whole JSON bodies (raw text). */
export const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{',
  '{"a":',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a\\u0000":1}',
  '[' .repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  JSON.stringify({ title: 'x'.repeat(2_000_000) }),
];

/** Field names tried on routes whose body has no schema (multipart forms read by the service). */
export const FALLBACK_FIELDS = ['title', 'description', 'content', 'type', 'name', 'uuid', 'image', 'category_ids', 'categories', 'is_published', 'status', '_method'];

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  format?: string;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** A plausible value for a zod schema (not always valid: refinements and formats are not read). */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 6) return null;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sampleOf(v, depth + 1)]));
    case 'string':
      return def.format === 'email' ? 'fuzz@example.test' : 'Fuzz text';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType!, depth + 1);
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? sampleOf(def.out!, depth + 1) : sampleOf(def.in!, depth + 1);
    case 'array':
      return [sampleOf(def.element!, depth + 1)];
    case 'union':
      return sampleOf(def.options![0], depth + 1);
    case 'intersection':
      return { ...(sampleOf(def.left!, depth + 1) as object), ...(sampleOf(def.right!, depth + 1) as object) };
    default:
      return 'x';
  }
}

/** The top-level keys of an object schema (through optional/pipe wrappers), or []. */
export function keysOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  const sample = sampleOf(schema as z.ZodType);
  return sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
}
