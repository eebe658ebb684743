import { HttpError, unprocessable } from './http-errors';

/** Ids and company ids are 32-bit integer columns on PostgreSQL (docs/decisions/0076-input-limits.md). */
export const MAX_ID = 2_147_483_647;

/** Deepest JSON nesting a request body may have; the API's own bodies nest three levels at most. */
export const MAX_JSON_DEPTH = 64;

export const NESTED_TOO_DEEPLY = 'The request body is nested too deeply.';

/** A positive 32-bit integer written in decimal digits (a route id, X-Company-Id), else null. */
export function parseId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * Whether JSON text nests arrays/objects deeper than `max`: one pass over the characters,
 * skipping strings, before JSON.parse and the validators (whose recursion a 100,000-deep body would exhaust).
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The path of the first string (value or key) holding a NUL character, or null. PostgreSQL refuses
 * NUL in text while SQLite stores it, so both refuse it here, before any query.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return path || 'body';
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** 422 naming the field that holds a NUL character. */
export function nulRefused(path: string): HttpError {
  const label = path.split('.').pop()!.replace(/_/g, ' ');
  return unprocessable({ [path]: [`The ${label} may not contain a NUL character.`] });
}

/** Throws 422 if any string in `value` holds a NUL character. */
export function refuseNul(value: unknown, root = ''): void {
  const at = findNul(value, root);
  if (at !== null) throw nulRefused(at || 'body');
}

/** A route parameter that names a record by numeric id or by uuid; digits beyond MAX_ID name nothing (id 0). */
export type RecordKey = { id: number } | { uuid: string };

export function recordKey(param: string): RecordKey {
  return /^\d+$/.test(param) ? { id: parseId(param) ?? 0 } : { uuid: param };
}
