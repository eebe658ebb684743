import { conflict, type HttpError, unprocessable, VALIDATION_MESSAGE } from './http-errors';

/**
 * Whether a database error is a unique-constraint violation, from either driver: PostgreSQL
 * reports SQLSTATE 23505 (with the constraint's name), better-sqlite3 SQLITE_CONSTRAINT_UNIQUE
 * (with the columns in the message). `hint` narrows it to one constraint (name or a column).
 */
export function isUniqueViolation(error: unknown, hint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique || hint === undefined) return unique;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return text.includes(hint);
}

/** Whether a database error is a foreign-key violation, from either driver. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The column a unique violation names (PostgreSQL's detail `Key (a, b)=…`, SQLite's `failed: t.a, t.b`), last one first. */
function uniqueColumn(error: { message?: unknown; detail?: unknown }): string | null {
  const pg = /Key \(([^)]*)\)=/.exec(String(error.detail ?? ''));
  const lite = /UNIQUE constraint failed: (.+)$/.exec(String(error.message ?? ''));
  const columns = (pg?.[1] ?? lite?.[1] ?? '').split(',').map((c) => c.trim().split('.').pop()!).filter((c) => c && c !== 'company_id');
  return columns.at(-1) ?? null;
}

/** A value the database refuses as such: a check constraint (an enum the validators let by), a type mismatch, a string too big. */
const BAD_VALUE_CODES = new Set(['23514', 'SQLITE_CONSTRAINT_CHECK', 'SQLITE_MISMATCH', 'SQLITE_TOOBIG']);

/**
 * The reply for a database error a client caused, or null for a server fault. A unique key taken
 * between a service's check and its write is the check's own sentence (`The email has already been
 * taken.`); PostgreSQL's data exceptions (class 22: out-of-range integer, bad text encoding, bad
 * date) are bad input the validators missed. docs/decisions/0076-input-limits.md.
 */
export function clientErrorOf(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (isUniqueViolation(error) || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const column = uniqueColumn(e);
    if (!column) return conflict('This record already exists.');
    return unprocessable({ [column]: [`The ${column.replace(/_/g, ' ')} has already been taken.`] });
  }
  if (isForeignKeyViolation(error)) return conflict('The record is in use or refers to a record that no longer exists.');
  if (typeof e.code === 'string' && (/^22[0-9A-Z]{3}$/.test(e.code) || BAD_VALUE_CODES.has(e.code))) return unprocessable({ body: [VALIDATION_MESSAGE] }, VALIDATION_MESSAGE);
  return null;
}
